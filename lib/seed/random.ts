/**
 * A small seeded generator (mulberry32) so that the demo content is the same
 * on every machine; only credentials and tokens are truly random.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** Picks by weight: `weighted([["a", 3], ["b", 1]])` returns "a" three times as often. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  };
  const chance = (probability: number) => next() < probability;
  const code = (length: number, alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") =>
    Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
  return { next, int, pick, weighted, chance, code };
}

export type Random = ReturnType<typeof createRandom>;

import { Decimal, roundMoney, type Money } from "../money";

/**
 * Rounds unrounded amounts (`shares`, adding up to about `total`) to whole
 * cents so that they add up to `total` exactly: each is floored, and the
 * cents left go to the largest remainders (ties: the earlier part).
 */
export function allocateCents(total: Money, shares: Money[]): Money[] {
  const cents = roundMoney(total).mul(100).toNumber();
  const exact = shares.map((share) => new Decimal(share).mul(100));
  const floors = exact.map((value) => value.floor());
  let left = cents - floors.reduce((sum, value) => sum + value.toNumber(), 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value.minus(floors[index]!) }))
    .sort((a, b) => b.remainder.comparedTo(a.remainder) || a.index - b.index);
  const out = floors.map((value) => value.toNumber());
  for (const { index } of order) {
    if (left <= 0) break;
    out[index]! += 1;
    left -= 1;
  }
  // The shares can exceed the amount only by a rounding hair: take it back from the last parts.
  for (let index = out.length - 1; left < 0 && index >= 0; index--) {
    const take = Math.min(out[index]!, -left);
    out[index]! -= take;
    left += take;
  }
  return out.map((value) => new Decimal(value).div(100));
}

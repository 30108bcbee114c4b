import { availableParallelism } from "node:os";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { ApiError } from "../api/errors";
import { env } from "../env";

/**
 * Password hashes: scrypt with its parameters in the stored string,
 * `scrypt$N$r$p$salt$hash` (salt and hash base64url), so raising the cost
 * later leaves every stored hash verifiable and each is rehashed at its
 * owner's next sign-in. The cost is OWASP's recommendation (N=2^17, r=8,
 * p=1) unless SCRYPT_COST says otherwise. Hashes of the first format,
 * `scrypt:salt:hash`, were made with Node's defaults (N=2^14, r=8, p=1).
 */

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;

type Params = { N: number; r: number; p: number };
type Parsed = Params & { salt: Buffer; hash: Buffer };

const currentParams = (): Params => ({ N: env().SCRYPT_COST, r: BLOCK_SIZE, p: PARALLELISM });

/** scrypt needs 128·N·r bytes; Node refuses more than 32 MiB unless told, and N=2^17 takes 128 MiB. */
function derive(password: string, salt: Buffer, length: number, { N, r, p }: Params): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))));
}

function parse(stored: string): Parsed | null {
  const current = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(stored);
  if (current) {
    const [N, r, p] = [Number(current[1]), Number(current[2]), Number(current[3])];
    if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
    return { N, r, p, salt: Buffer.from(current[4]!, "base64url"), hash: Buffer.from(current[5]!, "base64url") };
  }
  const first = /^scrypt:([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)$/.exec(stored);
  if (first) return { N: 2 ** 14, r: 8, p: 1, salt: Buffer.from(first[1]!, "base64url"), hash: Buffer.from(first[2]!, "base64url") };
  return null;
}

// ---------------------------------------------------------------- the CPU bound

/**
 * Hashes computed at once in this process: each takes a libuv thread and
 * 128 MiB for its duration, and sign-in is open to anyone, so attempts beyond
 * this wait their turn (up to QUEUE_WAIT_MS, at most MAX_WAITING of them) and
 * are then refused with 503 and Retry-After rather than queued without end.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));
const MAX_WAITING = 32;
// long enough for a burst of honest sign-ins (a team, a retrying client) on a busy machine
const QUEUE_WAIT_MS = 10_000;

let running = 0;
const waiting: (() => void)[] = [];

const busy = () =>
  new ApiError({ status: 503, message: "Too many sign-ins at once. Try again in a moment.", headers: { "Retry-After": "2" } });

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= MAX_WAITING) throw busy();
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(turn), 1);
        reject(busy());
      }, QUEUE_WAIT_MS);
      waiting.push(turn);
    });
  } else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // the slot passes straight to the next in line, so `running` never drops below the queue's head
    if (next) next();
    else running -= 1;
  }
}

// ---------------------------------------------------------------- hashing

export async function hashPassword(password: string): Promise<string> {
  const params = currentParams();
  const salt = randomBytes(16);
  const hash = await withHashSlot(() => derive(password, salt, KEY_LENGTH, params));
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${hash.toString("base64url")}`;
}

/** Stands in for a missing or unusable hash, so an unknown account costs what a known one does. */
const DUMMY: Parsed = { N: 0, r: BLOCK_SIZE, p: PARALLELISM, salt: Buffer.alloc(16), hash: Buffer.alloc(KEY_LENGTH) };

/**
 * Checks a password against a stored hash in constant time (the derived key
 * is compared with timingSafeEqual; an unknown account, or one without a
 * usable password, is checked against a dummy at the current cost).
 * `rehash`: the hash matched and was made with lower parameters than today's.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<{ ok: boolean; rehash: boolean }> {
  const parsed = (stored && parse(stored)) || null;
  const target = parsed ?? { ...DUMMY, N: env().SCRYPT_COST };
  const actual = await withHashSlot(() => derive(password, target.salt, target.hash.length || KEY_LENGTH, target));
  const ok = parsed !== null && actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
  if (!ok || !parsed) return { ok: false, rehash: false };
  const current = currentParams();
  const isFirstFormat = stored!.startsWith("scrypt:");
  return { ok: true, rehash: isFirstFormat || parsed.N < current.N || parsed.r < current.r || parsed.p < current.p };
}

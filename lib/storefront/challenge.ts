import { randomInt } from "node:crypto";
import { createChallenge, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { execute, Prisma, query, type Db } from "../db";
import { invalid } from "../api/errors";
import { purposeSecret } from "../crypto/keyed-hash";
import * as z from "../validation/zod";

/**
 * The proof-of-work challenge an address over the storefront's checkout
 * limit must solve (ALTCHA's open protocol, altcha-lib v2): the server signs
 * a challenge whose answer only brute force finds, the browser finds it and
 * sends it with the checkout as `altcha`, the server checks the signature and
 * the answer without redoing the work. A challenge names its shop, expires,
 * and lets one checkout through.
 */

/** The answer is a counter below this (about half of it on average): a second or two of a browser's SHA-256, nothing for one buyer. */
const MAX_COUNTER = 60_000;
export const CHALLENGE_SECONDS = 600;
/** HKDF purposes of the two HMAC keys (lib/crypto/keyed-hash.ts): one signs the challenge, one the expected key. */
export const CHALLENGE_PURPOSE = "storefront-challenge";
export const CHALLENGE_KEY_PURPOSE = "storefront-challenge-key";

export const CHALLENGE_REQUIRED = "Confirm you are not a robot to check out: this address has started many checkouts.";
const INVALID = "The challenge's answer is not valid: solve a new one.";
const EXPIRED = "The challenge expired: solve a new one.";
const USED = "The challenge was already used: solve a new one.";
const OTHER_SHOP = "The challenge is for another shop: solve a new one.";

export type StorefrontChallenge = Challenge;

/** A new challenge for this shop (GET /s/{subdomain}/api/challenge). */
export function createStorefrontChallenge(shopId: number): Promise<StorefrontChallenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    deriveKey,
    // deterministic mode: the server derives the key for a random counter, the browser must find that counter
    counter: randomInt(MAX_COUNTER),
    data: { shop: shopId },
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
    hmacSignatureSecret: purposeSecret(CHALLENGE_PURPOSE),
    hmacKeySignatureSecret: purposeSecret(CHALLENGE_KEY_PURPOSE),
  });
}

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-f]+$/);

/** The solved challenge as the browser sends it (base64 of JSON, ALTCHA's payload): bounded before anything reads it. */
const payload = z.object({
  challenge: z.object({
    parameters: z.strictObject({
      algorithm: z.string().max(32),
      nonce: hex(64),
      salt: hex(64),
      cost: z.int().positive(),
      keyLength: z.int().positive().max(64),
      keyPrefix: hex(128),
      keySignature: hex(128).optional(),
      expiresAt: z.int().positive().optional(),
      data: z.record(z.string().max(32), z.union([z.string().max(255), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: hex(128),
  }),
  solution: z.object({ counter: z.int().min(0), derivedKey: hex(128), time: z.number().optional() }),
});

function decode(altcha: string) {
  try {
    return payload.safeParse(JSON.parse(Buffer.from(altcha, "base64").toString("utf8"))).data;
  } catch {
    return undefined;
  }
}

/**
 * Accepts a solved challenge for one checkout of this shop, or refuses it
 * (422 on `altcha`). The signature is checked before anything the challenge
 * says is believed; then its shop; then it is marked used in the database,
 * so a second use fails in any process. The row lives as long as the
 * challenge could verify.
 */
export async function acceptChallenge(db: Db, shopId: number, altcha: string | undefined): Promise<void> {
  if (!altcha) throw invalid("altcha", CHALLENGE_REQUIRED);
  const solved = decode(altcha);
  if (!solved) throw invalid("altcha", INVALID);
  const { challenge, solution } = solved;
  const verified = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: purposeSecret(CHALLENGE_PURPOSE),
    hmacKeySignatureSecret: purposeSecret(CHALLENGE_KEY_PURPOSE),
  }).catch(() => null);
  if (verified?.expired) throw invalid("altcha", EXPIRED);
  // no expiry in a signed challenge is none of ours: every challenge this server signs has one
  if (!verified?.verified || !challenge.parameters.expiresAt) throw invalid("altcha", INVALID);
  if (challenge.parameters.data?.shop !== shopId) throw invalid("altcha", OTHER_SHOP);
  if (!(await markUsed(db, challenge.signature, new Date(challenge.parameters.expiresAt * 1000)))) throw invalid("altcha", USED);
}

/** Records the challenge's first use; false when it was used before. Raw SQL: Prisma's create has no ON CONFLICT DO NOTHING. */
async function markUsed(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  const now = new Date();
  const rows = await query<{ signature: string }>(
    db,
    Prisma.sql`
    INSERT INTO "storefront_challenges_used" ("signature", "expires_at") VALUES (${signature}, ${expiresAt})
    ON CONFLICT ("signature") DO NOTHING
    RETURNING "signature"`,
  );
  if (Math.random() < 0.01) await execute(db, Prisma.sql`DELETE FROM "storefront_challenges_used" WHERE "expires_at" < ${now}`);
  return rows.length === 1;
}

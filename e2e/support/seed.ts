import { readFileSync } from "node:fs";

/** The demo credentials printed by `npm run db:seed -- --json` (API-CONVENTIONS.md, "Demo data contract"). */
export type SeedInfo = {
  seller: { email: string; password: string; apiKey: string; shopIds: number[] };
  otherSeller: { email: string; password: string; apiKey: string; shopIds: number[] };
  reseller: {
    email: string;
    password: string;
    apiKey: string;
    signingSecret: string;
    dynamicToken: string;
    shopId: number;
  };
};

let cached: SeedInfo | undefined;

export function seed(): SeedInfo {
  if (!cached) {
    const file = process.env.SEED_FILE;
    if (!file) throw new Error("SEED_FILE is not set: run the suite with `npm test`");
    cached = JSON.parse(readFileSync(file, "utf8")) as SeedInfo;
  }
  return cached;
}

import type { PrismaClient } from "../db";
import type { Random } from "./random";

/** What every part of the demo seed works with. */
export type SeedContext = {
  db: PrismaClient;
  random: Random;
  /** The moment the seed runs: demo history is laid out before it. */
  now: Date;
};

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export function daysAgo(context: SeedContext, days: number): Date {
  return new Date(context.now.getTime() - days * DAY_MS);
}

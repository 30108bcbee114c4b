import { integer, INT4_MAX } from "./fields";

/**
 * Record ids: positive integers within PostgreSQL's `integer`, whose
 * columns they name; a larger one names no row and must not reach the
 * database.
 */

/** A record id in a query or body; whether it is one of the shop's is the domain's check (422 on that field). */
export const recordId = () => integer({ min: 1 });

const DIGITS = /^\d+$/;

/** A path or filter text that reads as a numeric id, or null when it cannot name a row by id. */
export function numericId(text: string): number | null {
  if (!DIGITS.test(text)) return null;
  const id = Number(text);
  return id <= INT4_MAX ? id : null;
}

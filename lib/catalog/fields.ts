import { integer, z } from "../validation/fields";

/**
 * Field helpers shared by the catalog request schemas (products, groups,
 * images, themes, custom fields).
 */

/** Postgres `integer`: larger ids name no row and must not reach the database. */
export const MAX_ID = 2_147_483_647;

/** A record id in a body; whether it belongs to the shop is checked by the domain (422 on that field). */
export const recordId = () => integer({ min: 1, max: MAX_ID });

/** A required text: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** Text that may be absent or null (null is stored as null). */
export const nullableText = (max: number) => z.string().max(max).nullish();

export { z };

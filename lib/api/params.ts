import { z } from "zod";
import { notFound } from "./errors";

const ID = /^\d{1,9}$/;

/**
 * Path ids: anything that is not a positive integer names no record, so it
 * is 404 `<Thing> not found.` rather than a validation error.
 */
export function idParams<K extends string>(name: K, thing: string) {
  return z
    .object({ [name]: z.string() } as Record<K, z.ZodString>)
    .passthrough()
    .transform((params) => {
      const value = params[name] as string;
      if (!ID.test(value)) throw notFound(thing);
      return { ...params, [name]: Number(value) } as Record<K, number>;
    });
}

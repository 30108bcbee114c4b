import * as z from "../validation/zod";

export type JsonSchema = Record<string, unknown>;

const LOCAL_DEF = "#/$defs/";
const COMPONENT = "#/components/schemas/";

/** `#/$defs/X` (zod's name for a shape with an `id`) -> `#/components/schemas/X`, everywhere in `value`. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" && inner.startsWith(LOCAL_DEF)
        ? COMPONENT + inner.slice(LOCAL_DEF.length)
        : pointAtComponents(inner),
    ]),
  );
}

/** zod bounds every integer by the safe range; said on every id and count it only hides the real bounds. */
function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.type !== "integer") return;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

/**
 * Converts zod schemas to the JSON Schema (2020-12, OpenAPI 3.1's dialect)
 * of the document. A shape that carries an `id` (`.meta({ id: "Invoice" })`)
 * is written once under `components.schemas` and referenced wherever it is
 * used; two different shapes under one name are refused.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Requests are described by what they accept (`input`), answers by what they are (`output`). */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...json
    } = z.toJSONSchema(schema, { io, unrepresentable: "any", override: withoutSafeIntegerBounds }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    for (const [id, definition] of Object.entries($defs ?? {})) this.add(id, pointAtComponents(definition) as JsonSchema);
    return pointAtComponents(json) as JsonSchema;
  }

  private add(id: string, definition: JsonSchema) {
    const known = this.schemas[id];
    if (known && JSON.stringify(known) !== JSON.stringify(definition)) throw new Error(`two different shapes are named ${id}`);
    this.schemas[id] = definition;
  }
}

import { timestamp } from "../api/schemas";
import { boolean, nullableText, requiredText } from "../validation/fields";
import * as z from "../validation/zod";
import { patternError } from "../blacklist/rules";

/** The kinds of answer a checkout form can ask for. */
export const CUSTOM_FIELD_TYPES = ["text", "textarea", "number", "email", "checkbox", "select"] as const;

export const CUSTOM_FIELD_NAME_MAX = 255;
export const CUSTOM_FIELD_HINT_MAX = 255;
export const CUSTOM_FIELD_OPTIONS_MAX = 5000;

/** POST and PUT /v1/shops/{shopId}/custom-fields: the spec gives both the same body. */
export const customFieldSchema = z
  .object({
    name: requiredText(CUSTOM_FIELD_NAME_MAX),
    hint: nullableText(CUSTOM_FIELD_HINT_MAX),
    type: z.enum(CUSTOM_FIELD_TYPES),
    /** For `select`: the choices, comma separated. */
    options: nullableText(CUSTOM_FIELD_OPTIONS_MAX),
    is_required: boolean().optional(),
    placeholder: nullableText(CUSTOM_FIELD_HINT_MAX),
    /** the answer when the buyer gives none */
    default: nullableText(CUSTOM_FIELD_OPTIONS_MAX),
    /** an answer must match it somewhere (write `^...$` for the whole answer); RE2 syntax, case-sensitive */
    regex: nullableText(500),
  })
  .superRefine((field, ctx) => {
    const refused = field.regex ? patternError(field.regex) : null;
    if (refused) ctx.addIssue({ code: "custom", path: ["regex"], message: refused.replace("The value", "The regex field") });
    const choices = (field.options ?? "")
      .split(",")
      .map((choice) => choice.trim())
      .filter(Boolean);
    if (field.type === "select" && choices.length === 0) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "The options field is required when type is select." });
    }
  });
export type CustomFieldInput = z.output<typeof customFieldSchema>;

// ---------------------------------------------------------------- responses

/** The spec's Custom field record. */
export const customFieldView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    name: z.string(),
    hint: z.string().nullable(),
    type: z.string().describe(`One of ${CUSTOM_FIELD_TYPES.join(", ")}.`),
    options: z.string().nullable().describe("For `select`: the choices, comma separated."),
    is_required: z.boolean(),
    placeholder: z.string().nullable(),
    default: z.string().nullable(),
    regex: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "CustomField" });
export type CustomFieldView = z.output<typeof customFieldView>;

/** A custom field attached to a product: the polymorphic pivot of the spec. */
export const attachedCustomFieldView = customFieldView
  .extend({ pivot: z.object({ morphable_id: z.int(), custom_field_id: z.int() }) })
  .meta({ id: "AttachedCustomField" });
export type AttachedCustomFieldView = z.output<typeof attachedCustomFieldView>;

/** A custom field of an invoice: the pivot also holds the customer's answer. */
export const answeredCustomFieldView = customFieldView
  .extend({ pivot: z.object({ morphable_id: z.int(), custom_field_id: z.int(), value: z.string().nullable() }) })
  .meta({ id: "AnsweredCustomField" });
export type AnsweredCustomFieldView = z.output<typeof answeredCustomFieldView>;

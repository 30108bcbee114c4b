import { boolean } from "../validation/fields";
import { nullableText, requiredText, z } from "../catalog/fields";

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
  })
  .superRefine((field, ctx) => {
    const choices = (field.options ?? "")
      .split(",")
      .map((choice) => choice.trim())
      .filter(Boolean);
    if (field.type === "select" && choices.length === 0) {
      ctx.addIssue({ code: "custom", path: ["options"], message: "The options field is required when type is select." });
    }
  });
export type CustomFieldInput = z.output<typeof customFieldSchema>;

import type { CustomField } from "../generated/prisma/client";
import type { AttachedCustomFieldView, CustomFieldView } from "./schemas";

/** The spec's Custom field record. */
export function serializeCustomField(field: CustomField): CustomFieldView {
  return {
    id: field.id,
    shop_id: field.shop_id,
    name: field.name,
    hint: field.hint,
    type: field.type,
    options: field.options,
    is_required: field.is_required,
    placeholder: field.placeholder,
    default: field.default_value,
    regex: field.regex,
    created_at: field.created_at.toISOString(),
    updated_at: field.updated_at.toISOString(),
  };
}

/** A custom field attached to a product or an invoice carries the polymorphic pivot. */
export function serializeAttachedCustomField(field: CustomField, morphableId: number): AttachedCustomFieldView {
  return { ...serializeCustomField(field), pivot: { morphable_id: morphableId, custom_field_id: field.id } };
}

import { Prisma, query, type Db } from "../db";
import type { CustomField, Invoice } from "../generated/prisma/client";
import { invoiceColumns } from "./columns";
import { LISTED_RELATION_COLUMNS, LISTED_RELATION_JOINS, listedRelationsOf, type ListedRelationColumns } from "./listed-relations";
import type { AnsweredField, InvoiceForView, ViewedItem } from "./serialize";

const INVOICE_COLUMNS = invoiceColumns("i");

/** An instant inside `json_build_object`, where the driver's parsers do not reach: ISO 8601 in UTC, as the columns are written. */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The single Invoice view's rows in ONE statement: the invoice, its product
 * and variant, its items and its answered custom fields (a Prisma `include`
 * is one statement for the relations and another for the polymorphic custom
 * fields). Money inside the JSON travels as text, so no decimal passes
 * through a float.
 */
export async function invoiceViewRow(
  db: Db,
  where: Prisma.Sql,
): Promise<{ invoice: InvoiceForView; customFields: AnsweredField[] } | null> {
  const [row] = await query<ViewRow>(
    db,
    Prisma.sql`
    SELECT ${INVOICE_COLUMNS}, ${LISTED_RELATION_COLUMNS},
      (SELECT json_agg(json_build_object('id', it.id, 'product_id', it.product_id, 'variant_id', it.variant_id,
          'product_name', it.product_name, 'variant_name', it.variant_name, 'quantity', it.quantity, 'status', it.status,
          'unit_price', it.unit_price::text, 'total_price', it.total_price::text, 'delivered', it.delivered,
          'dynamic_attempts', it.dynamic_attempts, 'dynamic_last_error', it.dynamic_last_error) ORDER BY it.id)
         FROM invoice_items it WHERE it.invoice_id = i.id) AS items_json,
      -- every column of the field (a new one needs no edit here), its timestamps as ISO text, and the answer
      (SELECT json_agg(to_jsonb(f) || jsonb_build_object('value', a.value,
          'created_at', to_char(f.created_at, ${Prisma.raw(ISO)}), 'updated_at', to_char(f.updated_at, ${Prisma.raw(ISO)}))
          ORDER BY a.custom_field_id)
         FROM custom_field_attachments a JOIN custom_fields f ON f.id = a.custom_field_id
         WHERE a.morphable_type = 'invoice' AND a.morphable_id = i.id) AS custom_fields_json
    FROM invoices i ${LISTED_RELATION_JOINS}
    WHERE ${where}
    ORDER BY i.id
    LIMIT 1`,
  );
  if (!row) return null;
  const { items_json, custom_fields_json, ...invoice } = row;
  return {
    invoice: {
      ...invoice,
      ...listedRelationsOf(invoice),
      items: (items_json ?? []).map((item) => ({
        ...item,
        unit_price: new Prisma.Decimal(item.unit_price),
        total_price: new Prisma.Decimal(item.total_price),
      })),
    },
    customFields: (custom_fields_json ?? []).map(({ value, ...field }) => ({
      custom_field_id: field.id,
      morphable_type: "invoice",
      morphable_id: invoice.id,
      value,
      custom_field: { ...field, created_at: new Date(field.created_at), updated_at: new Date(field.updated_at) },
    })),
  };
}

type ViewRow = Invoice &
  ListedRelationColumns & {
    items_json: (Omit<ViewedItem, "unit_price" | "total_price"> & { unit_price: string; total_price: string })[] | null;
    custom_fields_json:
      (Omit<CustomField, "created_at" | "updated_at"> & { value: string | null; created_at: string; updated_at: string })[] | null;
  };

import { Prisma } from "../db";
import type { InvoiceForList, ListedVariant } from "./serialize";

/**
 * What an invoice shows of its product (with the stock columns of the
 * product's live variants, for its stock_count) and of its variant, read in
 * the same statement as the invoice `i` (the list's page, the single view):
 * the columns, the joins that give them, and the reading of a row back.
 */
export const LISTED_RELATION_COLUMNS = Prisma.sql`
  p.name AS product_name, p.deliverables_type AS product_deliverables_type,
  (SELECT json_agg(json_build_object('service_stock', pv.service_stock, 'unsold_serials', pv.unsold_serials))
     FROM variants pv WHERE pv.product_id = p.id AND pv.deleted_at IS NULL) AS product_variants,
  v.id AS v_id, v.product_id AS v_product_id, v.name AS v_name, v.description AS v_description, v.price AS v_price,
  v.dynamic_url AS v_dynamic_url, v.sort_priority AS v_sort_priority, v.created_at AS v_created_at,
  v.updated_at AS v_updated_at, v.deleted_at AS v_deleted_at`;

export const LISTED_RELATION_JOINS = Prisma.sql`
  LEFT JOIN products p ON p.id = i.product_id
  LEFT JOIN variants v ON v.id = i.variant_id`;

export type ListedRelationColumns = {
  product_id: number | null;
  product_name: string | null;
  product_deliverables_type: string | null;
  product_variants: { service_stock: number | null; unsold_serials: number }[] | null;
  v_id: number | null;
  v_product_id: number;
  v_name: string;
  v_description: string;
  v_price: Prisma.Decimal;
  v_dynamic_url: string | null;
  v_sort_priority: number;
  v_created_at: Date;
  v_updated_at: Date;
  v_deleted_at: Date | null;
};

export function listedRelationsOf(row: ListedRelationColumns): Pick<InvoiceForList, "product" | "variant"> {
  const variant: ListedVariant | null =
    row.v_id === null
      ? null
      : {
          id: row.v_id,
          product_id: row.v_product_id,
          name: row.v_name,
          description: row.v_description,
          price: row.v_price,
          dynamic_url: row.v_dynamic_url,
          sort_priority: row.v_sort_priority,
          created_at: row.v_created_at,
          updated_at: row.v_updated_at,
          deleted_at: row.v_deleted_at,
        };
  const product =
    row.product_id !== null && row.product_name !== null
      ? {
          id: row.product_id,
          name: row.product_name,
          deliverables_type: row.product_deliverables_type!,
          variants: row.product_variants ?? [],
        }
      : null;
  return { product, variant };
}

import { Prisma, query, type Queryable } from "../db";
import type { Invoice } from "../generated/prisma/client";

/**
 * The invoice row as SQL reads and writes it, derived from the model so that
 * a new column needs no edit here. The schema maps its mixed-case fields
 * (walletAff_email, appB_cashtag) to snake-case columns (wallet_aff_email,
 * app_b_cashtag); a field that broke that rule would fail every statement
 * that selects these, and with them the invoice view tests.
 */
const FIELDS: string[] = Object.values(Prisma.InvoiceScalarFieldEnum);
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const FIELD_OF_COLUMN = new Map(FIELDS.map((field) => [columnOf(field), field]));

/** Every column of `invoices` under `alias`, each under its Prisma field name: a row of `Invoice`. */
export function invoiceColumns(alias: string): Prisma.Sql {
  return Prisma.raw(
    FIELDS.map((field) => {
      const column = columnOf(field);
      return column === field ? `${alias}.${field}` : `${alias}.${column} AS "${field}"`;
    }).join(", "),
  );
}

/** What a new invoice holds in the columns its INSERT does not name: their defaults, else null. */
export type InvoiceDefaults = Readonly<Record<string, unknown>>;

const globalForDefaults = globalThis as unknown as { shopdeskInvoiceDefaults?: Promise<InvoiceDefaults> };

/**
 * The defaults of `invoices`, read once per process from the database's own
 * catalog (the column defaults evaluated, sequences aside), for a writer that
 * must know the row it is about to write before it writes it (the reseller
 * purchase: its webhook payload and stored answer commit in the same
 * statement, lib/reseller/purchase.ts). A new column with a default, or
 * nullable, is known here without an edit.
 */
export function invoiceDefaults(on: Queryable): Promise<InvoiceDefaults> {
  globalForDefaults.shopdeskInvoiceDefaults ??= readDefaults(on).catch((error: unknown) => {
    globalForDefaults.shopdeskInvoiceDefaults = undefined;
    throw error;
  });
  return globalForDefaults.shopdeskInvoiceDefaults;
}

async function readDefaults(on: Queryable): Promise<InvoiceDefaults> {
  const columns = await query<{ column_name: string; column_default: string | null; type: string; nullable: boolean }>(
    on,
    Prisma.sql`SELECT a.attname AS column_name, pg_get_expr(d.adbin, d.adrelid) AS column_default,
        format_type(a.atttypid, a.atttypmod) AS type, NOT a.attnotnull AS nullable
      FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = 'invoices'::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
  );
  const evaluated = columns.filter((column) => column.column_default !== null && !column.column_default.includes("nextval("));
  const [values] = evaluated.length
    ? await query<Record<string, unknown>>(
        on,
        Prisma.sql`SELECT ${Prisma.raw(evaluated.map((column, index) => `(${column.column_default})::${column.type} AS "d${index}"`).join(", "))}`,
      )
    : [{}];
  const defaults: Record<string, unknown> = {};
  for (const column of columns) {
    const field = FIELD_OF_COLUMN.get(column.column_name);
    if (!field) continue;
    const index = evaluated.indexOf(column);
    if (index >= 0) defaults[field] = values![`d${index}`];
    else if (column.nullable) defaults[field] = null;
  }
  return defaults;
}

/** A new invoice row: the writer's values over the defaults; a column that has neither is a bug of the writer. */
export function newInvoiceRow(defaults: InvoiceDefaults, values: Partial<Invoice>): Invoice {
  const row = { ...defaults, ...values };
  const missing = FIELDS.filter((field) => !(field in row));
  if (missing.length) throw new Error(`a new invoice needs ${missing.join(", ")} (no default)`);
  return row as Invoice;
}

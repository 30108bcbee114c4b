import type { Db, Prisma } from "../db";
import { offsetOf } from "../api/pagination";
import { abandonedWhere, paymentNotStarted, paymentStarted } from "./abandoned";
import type { ListAbandonedCheckoutsQuery } from "./schemas";
import { checkoutInclude, serializeCheckout } from "./serialize";

/** Newest first; dismissed ones only with `include_dismissed`. */
export async function listAbandonedCheckouts(db: Db, shopId: number, query: ListAbandonedCheckoutsQuery) {
  const where = checkoutFilter(shopId, query);
  const [rows, total] = await Promise.all([
    db.invoice.findMany({
      where,
      include: checkoutInclude,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: offsetOf(query),
      take: query.perPage,
    }),
    db.invoice.count({ where }),
  ]);
  return { data: rows.map(serializeCheckout), total };
}

function checkoutFilter(shopId: number, query: ListAbandonedCheckoutsQuery): Prisma.InvoiceWhereInput {
  const and: Prisma.InvoiceWhereInput[] = [abandonedWhere(shopId)];
  if (!query.include_dismissed) and.push({ dismissed_at: null });
  if (query.type === "created") and.push(paymentNotStarted);
  if (query.type === "pending") and.push(paymentStarted);
  if (query.date_from) and.push({ created_at: { gte: query.date_from } });
  if (query.date_to) and.push({ created_at: { lte: query.date_to } });
  if (query.search) {
    // case-insensitive substring with % and _ taken literally (Prisma passes them to ILIKE as wildcards)
    const text = { contains: query.search.replace(/[\\%_]/g, (char) => `\\${char}`), mode: "insensitive" as const };
    and.push({
      OR: [{ email: text }, { unique_id: text }, { product: { name: text } }, { items: { some: { product_name: text } } }],
    });
  }
  return { AND: and };
}

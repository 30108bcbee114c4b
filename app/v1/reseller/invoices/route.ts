import { resellerRoute } from "@/lib/api/route";
import { createResellerInvoiceResponse } from "@/lib/reseller/idempotent-create";
import { listResellerInvoices } from "@/lib/reseller/invoices";
import { createResellerInvoiceSchema, resellerPageQuery } from "@/lib/reseller/schemas";

export const GET = resellerRoute({ query: resellerPageQuery }, ({ db, caller, query }) => listResellerInvoices(db, caller, query));

/** 201 with the reseller invoice; `Idempotency-Key` replays the first answer. */
export const POST = resellerRoute({ body: createResellerInvoiceSchema }, ({ db, caller, body, request }) =>
  createResellerInvoiceResponse(db, caller, body, request.headers.get("idempotency-key")),
);

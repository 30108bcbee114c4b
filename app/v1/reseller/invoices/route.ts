import { storedAnswer } from "@/lib/api/respond";
import { resellerRoute } from "@/lib/api/route";
import { createResellerInvoice, listResellerInvoices } from "@/lib/reseller/invoices";
import { createResellerInvoiceSchema, resellerPageQuery } from "@/lib/reseller/schemas";

export const GET = resellerRoute({ query: resellerPageQuery }, ({ db, caller, query }) => listResellerInvoices(db, caller, query));

/** 201 with the reseller invoice; `Idempotency-Key` replays the first answer. */
export const POST = resellerRoute({ body: createResellerInvoiceSchema }, async ({ db, caller, body, request }) =>
  storedAnswer(await createResellerInvoice(db, caller, body, request.headers.get("idempotency-key"))),
);

import { clientIp } from "@/lib/api/rate-limit";
import { created, publicRoute } from "@/lib/api/route";
import { buyerInvoiceActionParams } from "@/lib/checkout/schemas";
import { openBuyerTicket } from "@/lib/tickets/buyer";
import { openBuyerTicketBody } from "@/lib/tickets/schemas";

/** The buyer opens a ticket about their order (the invoice's unguessable id is their credential); answered with the thread. */
export const POST = publicRoute({ params: buyerInvoiceActionParams, body: openBuyerTicketBody }, async ({ request, db, params, body }) =>
  created(await openBuyerTicket(db, params.uniqueId, body, clientIp(request))),
);

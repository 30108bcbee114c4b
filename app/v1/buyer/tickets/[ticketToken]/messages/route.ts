import { clientIp } from "@/lib/api/rate-limit";
import { created, publicRoute } from "@/lib/api/route";
import { buyerReply } from "@/lib/tickets/buyer";
import { ticketMessageBody, ticketTokenParams } from "@/lib/tickets/schemas";

/** The buyer's answer on the thread's page, e-mailed to the shop. */
export const POST = publicRoute({ params: ticketTokenParams, body: ticketMessageBody }, async ({ request, db, params, body }) =>
  created(await buyerReply(db, params.ticketToken, body, clientIp(request))),
);

import { idParams } from "@/lib/api/params";
import { created, sellerRoute } from "@/lib/api/route";
import { ticketMessageBody } from "@/lib/tickets/schemas";
import { sellerMessage } from "@/lib/tickets/tickets";

/** The seller's answer: e-mailed to the buyer with the thread's signed link. */
export const POST = sellerRoute(
  { permission: "tickets:write", params: idParams("ticketId", "Ticket"), body: ticketMessageBody },
  async ({ db, caller, params, body }) => created(await sellerMessage(db, caller.shop.id, params.ticketId, caller.user.id, body)),
);

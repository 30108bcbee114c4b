import { sellerRoute } from "@/lib/api/route";
import { ticketMessageParams } from "@/lib/tickets/schemas";
import { deleteTicketMessage } from "@/lib/tickets/tickets";

export const DELETE = sellerRoute({ permission: "tickets:write", params: ticketMessageParams }, ({ db, caller, params }) =>
  deleteTicketMessage(db, caller.shop.id, params.ticketId, params.messageId),
);

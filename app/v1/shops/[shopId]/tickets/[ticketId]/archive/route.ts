import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { changeTicket } from "@/lib/tickets/tickets";

export const POST = sellerRoute({ permission: "tickets:write", params: idParams("ticketId", "Ticket") }, ({ db, caller, params }) =>
  changeTicket(db, caller.shop.id, params.ticketId, "archive"),
);

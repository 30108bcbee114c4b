import { idParams } from "@/lib/api/params";
import { sellerRoute } from "@/lib/api/route";
import { ticketView } from "@/lib/tickets/tickets";

export const GET = sellerRoute({ permission: "tickets:read", params: idParams("ticketId", "Ticket") }, ({ db, caller, params }) =>
  ticketView(db, caller.shop.id, params.ticketId),
);

import { publicRoute } from "@/lib/api/route";
import { buyerTicket } from "@/lib/tickets/buyer";
import { ticketTokenParams } from "@/lib/tickets/schemas";

/** The buyer's thread, by its signed link (no account). */
export const GET = publicRoute({ params: ticketTokenParams }, ({ db, params }) => buyerTicket(db, params.ticketToken));

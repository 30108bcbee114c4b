import { sellerEnvelope } from "@/lib/api/pagination";
import { created, sellerRoute } from "@/lib/api/route";
import { createTicketBody, listTicketsQuery } from "@/lib/tickets/schemas";
import { createTicket, listTickets } from "@/lib/tickets/tickets";

export const GET = sellerRoute({ permission: "tickets:read", query: listTicketsQuery }, async ({ request, db, caller, query }) => {
  const { data, total } = await listTickets(db, caller.shop.id, query);
  return sellerEnvelope(request, query, data, total);
});

export const POST = sellerRoute({ permission: "tickets:write", body: createTicketBody }, async ({ db, caller, body }) =>
  created(await createTicket(db, caller.shop.id, caller.user.id, body)),
);

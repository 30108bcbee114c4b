import { publicRoute } from "@/lib/api/route";
import { buyerInvoice } from "@/lib/checkout/buyer-view";
import { buyerInvoiceParams } from "@/lib/checkout/schemas";

/** The buyer's page data: public, by the invoice's unguessable unique_id. */
export const GET = publicRoute({ params: buyerInvoiceParams }, ({ db, params }) => buyerInvoice(db, params.uniqueId));

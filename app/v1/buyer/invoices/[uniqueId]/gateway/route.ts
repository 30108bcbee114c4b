import { clientIp } from "@/lib/api/rate-limit";
import { publicRoute } from "@/lib/api/route";
import { chooseInvoiceGateway } from "@/lib/checkout/choose-gateway";
import { buyerInvoiceActionParams, chooseGatewayBody } from "@/lib/checkout/schemas";

/** The buyer of an invoice made without a gateway chooses one: the invoice's unguessable id is their credential, as for its page. */
export const POST = publicRoute({ params: buyerInvoiceActionParams, body: chooseGatewayBody }, ({ request, db, params, body }) =>
  chooseInvoiceGateway(db, params.uniqueId, body, clientIp(request)),
);

import { clientIp } from "@/lib/api/rate-limit";
import { created, publicRoute } from "@/lib/api/route";
import { readUploadedFile } from "@/lib/images/upload";
import { uploadBuyerAttachment } from "@/lib/tickets/buyer";
import { ticketTokenParams } from "@/lib/tickets/schemas";

/** multipart/form-data with the image in the `image` part: the buyer then names it in a message's `image_ids`. */
export const POST = publicRoute({ params: ticketTokenParams }, async ({ request, db, params }) =>
  created(await uploadBuyerAttachment(db, params.ticketToken, () => readUploadedFile(request), clientIp(request))),
);

import { publicRoute } from "@/lib/api/route";
import { buyerContext, storefrontShopId } from "@/lib/storefront/buyer";
import { hitChallengeLimit } from "@/lib/storefront/cart";
import { createStorefrontChallenge } from "@/lib/storefront/challenge";
import { storefrontParams } from "@/lib/storefront/schemas";

/** A new proof-of-work challenge for this shop's checkout; every answer is new, so none is cached (`no-store`, as every JSON answer). */
export const GET = publicRoute({ params: storefrontParams }, async ({ request, db, params }) => {
  const shopId = await storefrontShopId(params.subdomain);
  await hitChallengeLimit(db, buyerContext(request));
  return createStorefrontChallenge(shopId);
});

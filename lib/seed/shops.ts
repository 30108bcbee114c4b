import { randomId, randomToken } from "../crypto/tokens";
import { encryptSecret } from "../crypto/secrets";
import type { SeedContext } from "./context";
import { gradientPng } from "./png";

const ALL_METHODS = ["WALLETA", "CARDPROC", "APPB", "APPC", "BTC", "LTC", "WALLETAFF"];

type ShopPlan = { ownerId: number; name: string; subdomain: string; description: string; methods: string[]; payments: boolean };

/**
 * A shop with its images and themes. The first shop carries every payment
 * setting (secrets encrypted at rest) so the Shop object shows them all.
 */
export async function seedShop(context: SeedContext, plan: ShopPlan) {
  const { db } = context;
  const dynamicSecret = randomToken("dss_");
  const owner = await db.user.findUniqueOrThrow({ where: { id: plan.ownerId }, select: { email: true } });
  const shop = await db.shop.create({
    data: {
      owner_id: plan.ownerId,
      // access is membership (lib/members): the owner is the shop's first member
      members: { create: { user_id: plan.ownerId, email: owner.email, role: "owner" } },
      name: plan.name,
      subdomain: plan.subdomain,
      description: plan.description,
      valid_payment_methods: plan.methods,
      // the records the list is derived from (lib/payment-methods/derive.ts)
      payment_methods: { create: plan.methods.map((gateway, position) => ({ gateway, position })) },
      dynamic_signing_secret: encryptSecret(dynamicSecret),
      is_subscribed: plan.payments,
      subscription_end_time: plan.payments ? new Date(context.now.getTime() + 200 * 86_400_000) : null,
      // every seeded shop can take what it offers: the settings' own rule (lib/shops/settings.ts) holds for the seed too
      ...(plan.payments || plan.methods.length
        ? {
            bitcoin_address: "bc1qdemo0shopdesk0xyz7k3v9q8w2e5r4t6y8u0",
            bitcoin_wallet: "electrum",
            litecoin_address: "ltc1qdemo0shopdesk0a8s7d6f5g4h3j2k1",
            litecoin_wallet: "electrum-ltc",
            walletA_email: "payments@demo-shop.test",
            walletA_method: "api",
            walletA_client_id: "walleta-client-demo",
            walletA_client_secret: encryptSecret(randomToken("wa_secret_")),
            walletA_webhook_id: "WH-DEMO-1",
            walletAff_method: "manual",
            cardproc_api_key: encryptSecret(randomToken("cp_live_")),
            cardproc_webhook_secret: encryptSecret(randomToken("whsec_")),
            appB_cashtag: "$demoshop",
            appB_email: "appb@demo-shop.test",
          }
        : {}),
    },
  });

  const image = async (filename: string, from: [number, number, number], to: [number, number, number], size = 96) => {
    const bytes = gradientPng(size, size, from, to);
    const cdnImageId = randomId(12);
    return db.image.create({
      data: {
        shop_id: shop.id,
        cdn_image_id: cdnImageId,
        filename,
        mime_type: "image/png",
        size_bytes: bytes.length,
        width: size,
        height: size,
        bytes: { create: { bytes: new Uint8Array(bytes) } },
      },
    });
  };
  const logo = await image("logo.png", [37, 99, 235], [14, 165, 233]);
  const background = await image("background.png", [15, 23, 42], [71, 85, 105], 160);
  const productImages = [
    await image("steam-key.png", [22, 163, 74], [132, 204, 22]),
    await image("gift-card.png", [219, 39, 119], [244, 114, 182]),
    await image("coaching.png", [234, 88, 12], [250, 204, 21]),
  ];

  const themes = [];
  for (const [index, name] of ["Midnight", "Daylight"].entries()) {
    themes.push(
      await db.theme.create({
        data: {
          shop_id: shop.id,
          name: `${name} (${plan.name})`,
          description: `${name} storefront theme`,
          version: `1.${index}.0`,
          type: index === 0 ? "private" : "public",
          image_id: index === 0 ? background.id : null,
          official_theme: {
            id: `official-${name.toLowerCase()}`,
            name,
            changelog: ["Initial release", "Better mobile layout"],
            price: index === 0 ? 0 : 19.99,
          },
          template: { colors: { primary: index === 0 ? "#2563eb" : "#f97316" } },
        },
      }),
    );
  }
  await db.shop.update({
    where: { id: shop.id },
    data: { logo_image_id: logo.id, favicon_image_id: logo.id, background_image_id: background.id, theme_id: themes[0]!.id },
  });
  return { shop, dynamicSecret, images: { logo, background, products: productImages } };
}

export { ALL_METHODS };

import type { Db } from "../db";
import { imageUrl } from "../images/url";
import { storefrontPath, storefrontUrl } from "../storefront/paths";
import { readableOn, themeSettingsOf } from "../storefront/theme";

/** What an e-mail shows of its shop: its name, logo and primary colour, and where its storefront is. */
export type MailShop = {
  name: string;
  /** absolute: a mail client has no base URL */
  logoUrl: string | null;
  /** `#rrggbb` from the theme (checked there), and black or white to write on it */
  primary: string;
  onPrimary: string;
  storefrontUrl: string;
};

type ShopRow = {
  name: string;
  subdomain: string;
  logo_image: { cdn_image_id: string; deleted_at: Date | null } | null;
  theme: { template: unknown } | null;
};

export const mailShopSelect = {
  name: true,
  subdomain: true,
  logo_image: { select: { cdn_image_id: true, deleted_at: true } },
  theme: { select: { template: true } },
} as const;

export function mailShopFrom(shop: ShopRow): MailShop {
  const primary = themeSettingsOf(shop.theme).colors.primary;
  const logo = shop.logo_image && !shop.logo_image.deleted_at ? shop.logo_image.cdn_image_id : null;
  return {
    name: shop.name,
    logoUrl: imageUrl(logo),
    primary,
    onPrimary: readableOn(primary),
    storefrontUrl: storefrontUrl(storefrontPath(shop.subdomain)),
  };
}

export async function mailShopOf(db: Db, shopId: number): Promise<MailShop> {
  return mailShopFrom(await db.shop.findUniqueOrThrow({ where: { id: shopId }, select: mailShopSelect }));
}

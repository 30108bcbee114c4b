"use client";
import { useParams } from "next/navigation";
import { ErrorNotice, Skeleton } from "@/components/notice";
import { DeleteShopForm } from "@/components/shops/delete-shop-form";
import { DomainsSection } from "@/components/shops/domains-section";
import { ShopSettingsForm } from "@/components/shops/shop-settings-form";
import { useShop } from "@/lib/client/hooks/shops";
import { roleAllows } from "@/lib/members/permissions";

export default function ShopSettingsPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const shop = useShop(shopId);
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Shop</h1>
        <p className="mt-1 text-sm text-slate-500">
          The shop&apos;s name, subdomain, description, the links its storefront shows and its custom domains.
        </p>
      </div>
      {shop.error ? <ErrorNotice>{shop.error.message}</ErrorNotice> : null}
      {shop.data ? (
        <>
          <ShopSettingsForm key={shop.data.id} shop={shop.data} />
          {roleAllows(shop.data.role, "settings:read") ? (
            <DomainsSection shopId={shopId} canWrite={roleAllows(shop.data.role, "settings:write")} />
          ) : null}
          {roleAllows(shop.data.role, "shop:delete") ? <DeleteShopForm shopId={shopId} shopName={shop.data.name} /> : null}
        </>
      ) : (
        <Skeleton label="Loading the shop" className="h-64" />
      )}
    </section>
  );
}

"use client";
import { useParams } from "next/navigation";
import { useShops } from "@/lib/client/hooks/account";

export default function ShopHome() {
  const { shopId } = useParams<{ shopId: string }>();
  const shops = useShops();
  const shop = shops.data?.find((candidate) => String(candidate.id) === shopId);
  if (shops.data && !shop) return <p className="text-sm text-slate-600">Shop not found.</p>;
  return (
    <section>
      <h1 className="text-2xl font-semibold">{shop?.name ?? "…"}</h1>
      <p className="mt-1 text-sm text-slate-500">{shop ? `${shop.subdomain}` : "Loading…"}</p>
    </section>
  );
}

"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useShops } from "@/lib/client/hooks/account";

/** /dashboard opens the seller's first shop. */
export default function DashboardIndex() {
  const router = useRouter();
  const shops = useShops();
  const first = shops.data?.[0];

  useEffect(() => {
    if (first) router.replace(`/dashboard/${first.id}`);
  }, [first, router]);

  if (shops.data && !first)
    return (
      <p className="text-sm text-slate-600">
        You have no shop yet.{" "}
        <Link href="/dashboard/new-shop" className="text-blue-700 underline">
          Create a shop
        </Link>
      </p>
    );
  return (
    <p className="text-sm text-slate-500" role="status">
      Loading your shops…
    </p>
  );
}

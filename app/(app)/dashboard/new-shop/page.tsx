"use client";
import { CreateShopForm } from "@/components/shops/create-shop-form";

export default function NewShopPage() {
  return (
    <section className="max-w-xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Create a shop</h1>
        <p className="mt-1 text-sm text-slate-500">You become its owner. An account may own at most 10 shops.</p>
      </div>
      <CreateShopForm />
    </section>
  );
}

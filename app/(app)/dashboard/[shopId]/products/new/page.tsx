"use client";
import Link from "next/link";
import { useParams, useRouter } from "next/navigation";
import { ProductForm } from "@/components/products/product-form";

export default function NewProductPage() {
  const { shopId } = useParams<{ shopId: string }>();
  const router = useRouter();
  return (
    <section className="space-y-4">
      <div>
        <Link href={`/dashboard/${shopId}/products`} className="text-sm text-blue-700 hover:underline">
          ← Products
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">New product</h1>
      </div>
      {/* Stock is added on the product's page once it exists. */}
      <ProductForm shopId={shopId} onSaved={(product) => router.push(`/dashboard/${shopId}/products/${product.id}?created=1`)} />
    </section>
  );
}

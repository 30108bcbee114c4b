"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import type { Product } from "@/lib/client/hooks/products";
import { TableScroller } from "@/components/table-scroller";

/** Units in stock as a seller reads them: -1 from the API means never sold out. */
export function stockLabel(count: number): string {
  if (count === -1) return "Unlimited";
  if (count === 0) return "Out of stock";
  return `${count.toLocaleString()} in stock`;
}

export function ProductTable({
  shopId,
  products,
  onDelete,
  deleting,
}: {
  shopId: string;
  products: Product[];
  onDelete: (product: Product) => void;
  deleting?: number;
}) {
  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Products</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
              Delivery
            </th>
            <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
              Visibility
            </th>
            <th scope="col" className="hidden px-4 py-2 text-right font-medium sm:table-cell">
              Variants
            </th>
            <th scope="col" className="hidden px-4 py-2 text-right font-medium sm:table-cell">
              From
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Stock
            </th>
            <th scope="col" className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.map((product) => (
            <tr key={product.id}>
              <td className="max-w-64 px-4 py-2">
                <Link
                  href={`/dashboard/${shopId}/products/${product.id}`}
                  className="font-medium wrap-anywhere text-blue-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  {product.name}
                </Link>
                {/* on a phone the hidden columns' facts sit under the name */}
                <p className="text-xs text-slate-500 sm:hidden">
                  {product.deliverables_type} · {product.visibility.replace("_", " ")} · from {product.price} {product.currency}
                </p>
              </td>
              <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{product.deliverables_type}</td>
              <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{product.visibility.replace("_", " ")}</td>
              <td className="hidden px-4 py-2 text-right tabular-nums sm:table-cell">{product.variants.length}</td>
              <td className="hidden px-4 py-2 text-right whitespace-nowrap tabular-nums sm:table-cell">
                {product.price} {product.currency}
              </td>
              <td
                className={`px-4 py-2 text-right whitespace-nowrap tabular-nums ${product.stock_count === 0 ? "text-red-700" : "text-slate-700"}`}
              >
                {stockLabel(product.stock_count)}
              </td>
              <td className="px-4 py-2 text-right">
                <Button
                  variant="danger"
                  aria-label={`Delete ${product.name}`}
                  disabled={deleting === product.id}
                  onClick={() => onDelete(product)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

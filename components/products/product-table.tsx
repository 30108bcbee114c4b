"use client";
import Link from "next/link";
import { Button } from "@/components/button";
import { DataTable, type Column, type TableSelection } from "@/components/data-table";
import type { Product } from "@/lib/client/hooks/products";

/** Units in stock as a seller reads them: -1 from the API means never sold out. */
export function stockLabel(count: number): string {
  if (count === -1) return "Unlimited";
  if (count === 0) return "Out of stock";
  return `${count.toLocaleString()} in stock`;
}

const columns = (shopId: string): Column<Product>[] => [
  {
    key: "name",
    header: "Name",
    className: "max-w-64",
    cell: (product) => (
      <Link
        href={`/dashboard/${shopId}/products/${product.id}`}
        className="font-medium wrap-anywhere text-blue-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        {product.name}
      </Link>
    ),
  },
  { key: "delivery", header: "Delivery", from: "sm", className: "text-slate-600", cell: (product) => product.deliverables_type },
  {
    key: "visibility",
    header: "Visibility",
    from: "sm",
    className: "text-slate-600",
    cell: (product) => product.visibility.replace("_", " "),
  },
  {
    key: "variants",
    header: "Variants",
    from: "sm",
    align: "right",
    className: "tabular-nums",
    cell: (product) => product.variants.length,
  },
  {
    key: "price",
    header: "From",
    from: "sm",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (product) => `${product.price} ${product.currency}`,
  },
  {
    key: "stock",
    header: "Stock",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (product) => (
      <span className={product.stock_count === 0 ? "text-red-700" : "text-slate-700"}>{stockLabel(product.stock_count)}</span>
    ),
  },
];

export function ProductTable({
  shopId,
  products,
  onDelete,
  deleting,
  selection,
}: {
  shopId: string;
  products: Product[];
  selection?: TableSelection;
  onDelete: (product: Product) => void;
  deleting?: number;
}) {
  return (
    <DataTable
      caption="Products"
      rows={products}
      columns={columns(shopId)}
      selection={selection}
      selectLabel={(product) => `Select ${product.name}`}
      // on a phone the hidden columns' facts sit under the name
      phone={(product) => (
        <p className="text-xs text-slate-500">
          {product.deliverables_type} · {product.visibility.replace("_", " ")} · from {product.price} {product.currency}
        </p>
      )}
      actions={(product) => (
        <Button variant="danger" aria-label={`Delete ${product.name}`} disabled={deleting === product.id} onClick={() => onDelete(product)}>
          Delete
        </Button>
      )}
    />
  );
}

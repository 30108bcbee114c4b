import Link from "next/link";
import type { TopCustomersView, TopProductsView } from "@/lib/analytics/schemas";
import { formatAmount, formatCount } from "@/lib/client/money";

const NUMBER = "text-right tabular-nums";
type Row = { key: number; href: string; name: string; count: number; revenue: number };

/** One ranked list of the home page: a linked name, a count and the revenue. */
function TopTable({
  title,
  what,
  countLabel,
  rows,
  currency,
}: {
  title: string;
  what: string;
  countLabel: string;
  rows: Row[];
  currency: string;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-sm font-medium text-slate-600">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">No completed orders in this range.</p>
      ) : (
        // fixed layout: the name column takes what the numbers leave and truncates (an auto table would widen to fit it)
        <table className="w-full table-fixed text-sm">
          <thead className="text-left text-slate-500">
            <tr>
              <th scope="col" className="font-medium">
                {what}
              </th>
              <th scope="col" className={`w-16 font-medium ${NUMBER}`}>
                {countLabel}
              </th>
              <th scope="col" className={`w-28 font-medium ${NUMBER}`}>
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td className="truncate pr-2">
                  <Link href={row.href} className="text-blue-700 hover:underline">
                    {row.name}
                  </Link>
                </td>
                <td className={NUMBER}>{formatCount(row.count)}</td>
                <td className={NUMBER}>{formatAmount(row.revenue, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function TopProducts({ shopId, rows, currency }: { shopId: string; rows: TopProductsView; currency: string }) {
  const ranked = rows.map((row) => ({
    key: row.productId,
    href: `/dashboard/${shopId}/products/${row.productId}`,
    name: row.name,
    count: row.quantity,
    revenue: row.revenue,
  }));
  return <TopTable title="Top products" what="Product" countLabel="Sold" rows={ranked} currency={currency} />;
}

export function TopCustomers({ shopId, rows, currency }: { shopId: string; rows: TopCustomersView; currency: string }) {
  const ranked = rows.map((row) => ({
    key: row.customerId,
    href: `/dashboard/${shopId}/customers/${row.customerId}`,
    name: row.email,
    count: row.orders,
    revenue: row.revenue,
  }));
  return <TopTable title="Top customers" what="Customer" countLabel="Orders" rows={ranked} currency={currency} />;
}

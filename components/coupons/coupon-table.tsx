"use client";
import { Button } from "@/components/button";
import { couponDiscountText, couponUsable, type Coupon } from "@/lib/client/hooks/coupons";
import { TableScroller } from "@/components/table-scroller";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "Never");

function restriction(coupon: Coupon): string {
  const parts = [];
  if (coupon.products.length) parts.push(`${coupon.products.length} product${coupon.products.length === 1 ? "" : "s"}`);
  else if (coupon.global) parts.push("All products");
  if (coupon.allowed_emails?.length) parts.push(`${coupon.allowed_emails.length} email${coupon.allowed_emails.length === 1 ? "" : "s"}`);
  return parts.join(", ") || "—";
}

export function CouponTable({
  coupons,
  busyId,
  onEdit,
  onDelete,
}: {
  coupons: Coupon[];
  busyId: number | null;
  onEdit: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}) {
  return (
    <TableScroller>
      <table className="min-w-full text-sm">
        <caption className="sr-only">Coupons</caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Code
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Discount
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Uses
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Expires
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Valid for
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {coupons.map((coupon) => (
            <tr key={coupon.id}>
              <td className="px-3 py-2">
                <span className="font-mono font-medium break-all">{coupon.code}</span>
                {couponUsable(coupon) ? null : (
                  <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">inactive</span>
                )}
                {/* on phones the discount moves under the code, so the actions fit */}
                <div className="tabular-nums text-slate-600 sm:hidden">{couponDiscountText(coupon)}</div>
              </td>
              <td className="hidden px-3 py-2 tabular-nums sm:table-cell">{couponDiscountText(coupon)}</td>
              <td className="hidden px-3 py-2 tabular-nums sm:table-cell">
                {coupon.uses}
                {coupon.max_uses !== null ? ` / ${coupon.max_uses}` : ""}
              </td>
              <td className="hidden px-3 py-2 text-slate-600 md:table-cell">{day(coupon.expiration_date)}</td>
              <td className="hidden px-3 py-2 text-slate-600 lg:table-cell">{restriction(coupon)}</td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" aria-label={`Edit ${coupon.code}`} onClick={() => onEdit(coupon)}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={`Delete ${coupon.code}`}
                    disabled={busyId === coupon.id}
                    onClick={() =>
                      window.confirm(`Delete the coupon ${coupon.code}? Orders that used it keep their history.`) && onDelete(coupon)
                    }
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}

"use client";
import { DataTable, type Column } from "@/components/data-table";
import { RowButtons } from "@/components/editable-list";
import { couponDiscountText, couponUsable, type Coupon } from "@/lib/client/hooks/coupons";

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "Never");

function restriction(coupon: Coupon): string {
  const parts = [];
  if (coupon.products.length) parts.push(`${coupon.products.length} product${coupon.products.length === 1 ? "" : "s"}`);
  else if (coupon.global) parts.push("All products");
  if (coupon.allowed_emails?.length) parts.push(`${coupon.allowed_emails.length} email${coupon.allowed_emails.length === 1 ? "" : "s"}`);
  return parts.join(", ") || "—";
}

const COLUMNS: Column<Coupon>[] = [
  {
    key: "code",
    header: "Code",
    cell: (coupon) => (
      <>
        <span className="font-mono font-medium break-all">{coupon.code}</span>
        {couponUsable(coupon) ? null : <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">inactive</span>}
      </>
    ),
  },
  { key: "discount", header: "Discount", from: "sm", className: "tabular-nums", cell: couponDiscountText },
  {
    key: "uses",
    header: "Uses",
    from: "sm",
    className: "tabular-nums",
    cell: (coupon) => `${coupon.uses}${coupon.max_uses !== null ? ` / ${coupon.max_uses}` : ""}`,
  },
  { key: "expires", header: "Expires", from: "md", className: "text-slate-600", cell: (coupon) => day(coupon.expiration_date) },
  { key: "valid_for", header: "Valid for", from: "lg", className: "text-slate-600", cell: restriction },
];

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
    <DataTable
      caption="Coupons"
      rows={coupons}
      columns={COLUMNS}
      // on phones the discount moves under the code, so the actions fit
      phone={(coupon) => <span className="tabular-nums text-slate-600">{couponDiscountText(coupon)}</span>}
      actions={(coupon) => (
        <RowButtons
          name={coupon.code}
          busy={busyId === coupon.id}
          confirm={`Delete the coupon ${coupon.code}? Orders that used it keep their history.`}
          onEdit={() => onEdit(coupon)}
          onDelete={() => onDelete(coupon)}
        />
      )}
    />
  );
}

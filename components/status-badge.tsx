const colors: Record<string, string> = {
  completed: "bg-green-50 text-green-800 ring-green-600/20",
  pending: "bg-amber-50 text-amber-800 ring-amber-600/20",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-500/20",
  failed: "bg-red-50 text-red-800 ring-red-600/20",
  verified: "bg-green-50 text-green-800 ring-green-600/20",
  refunded: "bg-purple-50 text-purple-800 ring-purple-600/20",
  active: "bg-green-50 text-green-800 ring-green-600/20",
  trialing: "bg-blue-50 text-blue-800 ring-blue-600/20",
  past_due: "bg-red-50 text-red-800 ring-red-600/20",
  expired: "bg-slate-100 text-slate-700 ring-slate-500/20",
  approved: "bg-green-50 text-green-800 ring-green-600/20",
  suspended: "bg-red-50 text-red-800 ring-red-600/20",
  open: "bg-blue-50 text-blue-800 ring-blue-600/20",
  closed: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colors[status] ?? colors.cancelled}`}>
      {status}
    </span>
  );
}

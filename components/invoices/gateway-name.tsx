/** An invoice's gateway as the dashboard shows it: a checkout link's buyer may not have chosen one yet. */
export function GatewayName({ gateway }: { gateway: string | null }) {
  return gateway ? <>{gateway}</> : <span className="text-slate-500">Not chosen yet</span>;
}

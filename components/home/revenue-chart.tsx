import type { AnalyticsGraphView } from "@/lib/analytics/schemas";
import { formatAmount, formatCount } from "@/lib/client/money";

const HEIGHT = 160;

/**
 * Revenue per point as bars and orders as a line over them (SVG, scales to
 * its box), with the numbers in a table for screen readers.
 */
export function RevenueChart({ points, currency, unit }: { points: AnalyticsGraphView; currency: string; unit: "day" | "hour" }) {
  const maxRevenue = Math.max(1, ...points.map((point) => point.revenue));
  const maxOrders = Math.max(1, ...points.map((point) => point.orders));
  const width = points.length * 10;
  const orderLine = points.map((point, index) => `${index * 10 + 5},${HEIGHT - (point.orders / maxOrders) * (HEIGHT - 8) - 4}`).join(" ");
  const label = (date: string) => (unit === "hour" ? `${date.slice(5, 10)} ${date.slice(11, 16)}` : date);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-labelledby="revenue-chart-title"
      >
        <title id="revenue-chart-title">{`Revenue and orders per ${unit}, ${currency}`}</title>
        {points.map((point, index) => {
          const height = (point.revenue / maxRevenue) * (HEIGHT - 4);
          return (
            <rect
              key={point.date}
              x={index * 10 + 1}
              y={HEIGHT - height}
              width={8}
              height={Math.max(height, 0.5)}
              className="fill-blue-500"
            >
              <title>{`${label(point.date)}: ${formatAmount(point.revenue, currency)}, ${formatCount(point.orders)} orders`}</title>
            </rect>
          );
        })}
        <polyline points={orderLine} fill="none" className="stroke-amber-500" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-500">
        <span>{points[0] ? label(points[0].date) : ""}</span>
        <span>
          <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-blue-500" aria-hidden="true" />
          revenue (max {formatAmount(maxRevenue, currency)})
          <span className="mr-1 ml-3 inline-block h-0.5 w-3 bg-amber-500 align-middle" aria-hidden="true" />
          orders (max {formatCount(maxOrders)})
        </span>
        <span>{points.at(-1) ? label(points.at(-1)!.date) : ""}</span>
      </figcaption>
      {/* the wrapper hides it: a table ignores sr-only's 1px width, grows with its figures and widens a phone's page */}
      <div className="sr-only">
        <table>
          <caption>{`Revenue, orders and customers per ${unit}`}</caption>
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <th scope="row">{label(point.date)}</th>
                <td>{formatAmount(point.revenue, currency)}</td>
                <td>{formatCount(point.orders)} orders</td>
                <td>{formatCount(point.customers)} customers</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

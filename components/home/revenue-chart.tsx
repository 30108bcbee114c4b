import type { ShopOverview } from "@/lib/client/hooks/stats";

const HEIGHT = 160;

/** Revenue per day as bars (SVG, scales to its box), with the numbers in a table for screen readers. */
export function RevenueChart({ series }: { series: ShopOverview["series"] }) {
  const values = series.map((point) => Number(point.revenue_usd));
  const max = Math.max(1, ...values);
  const width = series.length * 10;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-labelledby="revenue-chart-title"
      >
        <title id="revenue-chart-title">Revenue per day, USD</title>
        {series.map((point, index) => {
          const height = (Number(point.revenue_usd) / max) * (HEIGHT - 4);
          return (
            <rect
              key={point.date}
              x={index * 10 + 1}
              y={HEIGHT - height}
              width={8}
              height={Math.max(height, 0.5)}
              className="fill-blue-500"
            >
              <title>{`${point.date}: ${point.revenue_usd} USD, ${point.orders} orders`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{series[0]?.date}</span>
        <span>max {max.toFixed(2)} USD/day</span>
        <span>{series.at(-1)?.date}</span>
      </figcaption>
      <table className="sr-only">
        <caption>Revenue and orders per day</caption>
        <tbody>
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row">{point.date}</th>
              <td>{point.revenue_usd} USD</td>
              <td>{point.orders} orders</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

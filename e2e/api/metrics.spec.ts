import { request as http } from "node:http";
import { expect, test } from "../support/api";
import { buyerEmail, checkout, enableGateways, stockedProduct } from "../support/checkout";

/**
 * GET /metrics on METRICS_PORT (e2e/scripts/test.sh sets one): Prometheus'
 * text format, labels bounded whatever the traffic, and nothing of it on
 * the app's own port.
 */

function scrape(): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const asked = http({ host: "127.0.0.1", port: Number(process.env.METRICS_PORT), path: "/metrics" }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => (body += chunk));
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, type: String(answer.headers["content-type"]), body }));
    });
    asked.on("error", reject);
    asked.end();
  });
}

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(body: string, line: string): number {
  const found = body.split("\n").find((row) => row.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

test.describe("metrics", () => {
  test("Prometheus text on its own port: requests by route pattern, the queues, the process", async ({ seller, anonymous, shopId }) => {
    expect((await anonymous.get("/metrics")).status()).toBe(404);
    await seller.get(`/v1/shops/${shopId}/invoices/1`);
    const { status, type, body } = await scrape();
    expect(status).toBe(200);
    expect(type).toContain("text/plain");
    expect(sample(body, `shopdesk_http_requests_total{method="GET",route="/v1/shops/:id/invoices/:id",status="200"}`)).toBeGreaterThan(0);
    expect(body).toMatch(
      /shopdesk_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/v1\/shops\/:id\/invoices\/:id"\} \d+/,
    );
    for (const name of [
      'shopdesk_queue_depth{queue="outbox"}',
      'shopdesk_queue_depth{queue="webhooks"}',
      'shopdesk_queue_oldest_age_seconds{queue="outbox"}',
    ])
      expect(body).toContain(`${name} `);
    expect(body).toContain("process_resident_memory_bytes ");
    expect(body).toContain("nodejs_eventloop_lag_seconds ");
    // no id or token of a path is ever a label
    expect(body).not.toMatch(/route="[^"]*\/\d+[/"]/);
  });

  test("hostile paths do not grow the label set; checkouts count by result", async ({ seller, anonymous, shopId }) => {
    await Promise.all(Array.from({ length: 40 }, (_, index) => anonymous.get(`/v1/probe-${index}-${Date.now()}`)));
    await Promise.all(Array.from({ length: 20 }, (_, index) => anonymous.get(`/wp-admin/${index}/setup.php`)));
    const before = (await scrape()).body;
    expect(before).not.toContain("probe-");
    expect(before).not.toContain("setup.php");
    expect(before).toMatch(/shopdesk_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);

    await enableGateways(seller, shopId);
    const product = await stockedProduct(seller, shopId, { serials: 1 });
    const cart = [{ productId: product.productId, variantId: product.variantId, quantity: 1 }];
    const line = (result: string) => `shopdesk_sales_requests_total{kind="checkout",result="${result}"}`;
    expect((await checkout(seller, shopId, { cart, email: buyerEmail(), gateway: "MANUAL" })).status()).toBe(201);
    expect((await checkout(seller, shopId, { cart, email: "not an email", gateway: "MANUAL" })).status()).toBe(422);
    const after = (await scrape()).body;
    expect(sample(after, line("created"))).toBeGreaterThan(sample(before, line("created")));
    expect(sample(after, line("refused"))).toBeGreaterThan(sample(before, line("refused")));
  });
});

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "vitest";
import { verifySignature } from "../../lib/dynamic/signature";
import { callDynamicUrl } from "../../lib/dynamic/client";
import { dynamicIdempotencyKey, dynamicPayload } from "../../lib/dynamic/delivery";
import { crossedLowStock } from "../../lib/invoices/delivery";
import { applyReplacements } from "../../lib/invoices/edits";
import { escapeHtml } from "../../lib/html/escape";
import { renderDeliveryEmail } from "../../lib/mail/delivery";

const invoice = { id: 7, unique_id: "abc123", email: "buyer@example.test", shop_id: 1 };
const item = { id: 42, product_id: 3, variant_id: 4, product_name: "Gift Card", variant_name: "$25", quantity: 2 };

test("the dynamic payload carries the quantity at item.quantity and one key per attempt", () => {
  const payload = dynamicPayload({ ...invoice, status: "completed" } as typeof invoice, { ...item, delivered: ["x"] } as typeof item);
  expect(payload).toEqual({ invoice, item });
  expect(payload.item.quantity).toBe(2);
  expect(dynamicIdempotencyKey(42, 1)).not.toBe(dynamicIdempotencyKey(42, 2));
  expect(dynamicIdempotencyKey(42, 1)).toBe(dynamicIdempotencyKey(42, 1));
});

test("a signed dynamic call verifies at a receiver and returns its lines", async () => {
  const secret = "s3cret";
  let seen: { signature: string | null; body: string; key: string | null } | null = null;
  const server = createServer((req, res) => {
    let body = "";
    req
      .on("data", (chunk) => (body += chunk))
      .on("end", () => {
        const signature = (req.headers["x-signature"] as string) ?? null;
        seen = { signature, body, key: (req.headers["idempotency-key"] as string) ?? null };
        if (!verifySignature(secret, body, signature)) return void res.writeHead(401).end("Invalid signature.");
        const quantity = JSON.parse(body).item.quantity as number;
        res.writeHead(200, { "content-type": "text/plain" }).end(Array.from({ length: quantity }, (_, i) => `CODE-${i}`).join("\n"));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/`;
  // the listener is internal: allowed here the way OUTBOUND_ALLOWED_HOSTS allows one
  const policy = { ownReceiver: "http://shopdesk.invalid/v1/reseller/dynamic/", allowedHosts: new Set([`127.0.0.1:${port}`]) };
  try {
    const payload = dynamicPayload(invoice, item);
    const ok = await callDynamicUrl({ url, secret, payload, idempotencyKey: dynamicIdempotencyKey(42, 1), policy });
    expect(ok).toEqual({ ok: true, status: 200, lines: ["CODE-0", "CODE-1"] });
    expect(seen!.key).toBe("shopdesk-invoice-item-42-attempt-1");
    const refused = await callDynamicUrl({ url, secret: "wrong", payload, idempotencyKey: "k", policy });
    expect(refused).toEqual({ ok: false, status: 401, reason: "Invalid signature." });
  } finally {
    server.close();
  }
});

test("replacements name a delivered line by index or text; unknown lines are refused", () => {
  expect(applyReplacements(["A", "B", "C"], { "1": "B2" })).toEqual(["A", "B2", "C"]);
  expect(applyReplacements(["A", "B"], { A: "A2", "1": "B2" })).toEqual(["A2", "B2"]);
  expect(() => applyReplacements(["A"], { Z: "x" })).toThrow();
  expect(() => applyReplacements(["A"], { "1": "x" })).toThrow();
});

test("low stock is reported when a delivery crosses below 10", () => {
  expect(crossedLowStock(9, 1)).toBe(true);
  expect(crossedLowStock(10, 1)).toBe(false);
  expect(crossedLowStock(8, 1)).toBe(false);
  expect(crossedLowStock(0, 12)).toBe(true);
  expect(crossedLowStock(5, 0)).toBe(false);
});

test("the delivery email escapes everything that came from users", async () => {
  const email = await renderDeliveryEmail({
    shop: { name: "<b>Shop</b>", logoUrl: null, primary: "#2563eb", onPrimary: "#ffffff", storefrontUrl: "http://shop.test/s/shop" },
    invoice: {
      id: 1,
      unique_id: "u1",
      email: "a@b.test",
      status: "completed",
      price: "9.99",
      currency: "USD",
      created_at: new Date("2026-01-02T00:00:00Z"),
    },
    items: [{ product_name: "<script>x</script>", variant_name: "V&A", quantity: 2, status: "pending", delivered: ['KEY"<1>'] }],
  });
  expect(email.html).not.toContain("<script>");
  expect(email.html).toContain("&lt;script&gt;x&lt;/script&gt;");
  expect(email.html).toContain("V&amp;A");
  expect(email.html).toContain("KEY&quot;&lt;1&gt;");
  expect(email.html).toContain("Still being delivered");
  expect(email.text).toContain('KEY"<1>');
  expect(email.subject).toBe("Your order u1 from <b>Shop</b>");
  expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
});

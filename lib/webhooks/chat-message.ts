/**
 * The readable text of an event for the chat formats (Discord, Telegram):
 * a title, a line or two, and a colour. Sales, refunds and stock alerts get
 * their own wording; any other event is named with its object's id.
 */
export type ChatMessage = { title: string; lines: string[]; color: number };

type Payload = { id: string; type: string; created_at: string; data: { object: Record<string, unknown> } & Record<string, unknown> };

type InvoiceLike = { id?: number; unique_id?: string; price?: string; currency?: string; email?: string; items?: ItemLike[] };
type ItemLike = { product_name?: string; variant_name?: string; quantity?: number };
type ProductLike = { name?: string; variants?: { id?: number; name?: string; stock?: number | null }[] };

const GREEN = 0x2ecc71;
const ORANGE = 0xe67e22;
const RED = 0xe74c3c;
const GREY = 0x95a5a6;

function invoiceLines(invoice: InvoiceLike): string[] {
  const items = (invoice.items ?? []).map((item) => `${item.quantity ?? 1} × ${item.product_name ?? "?"} (${item.variant_name ?? "?"})`);
  return [
    `Invoice #${invoice.id} (${invoice.unique_id}): ${invoice.price} ${invoice.currency}`,
    ...items.slice(0, 10),
    `Customer: ${invoice.email}`,
  ];
}

export function chatMessage(payload: Payload): ChatMessage {
  const object = payload.data.object;
  switch (payload.type) {
    case "invoice.completed":
      return { title: "💰 New sale", lines: invoiceLines(object as InvoiceLike), color: GREEN };
    case "invoice.refunded":
      return { title: "↩️ Refund", lines: invoiceLines(object as InvoiceLike), color: ORANGE };
    case "variant.stock_low":
    case "variant.sold_out": {
      const product = object as ProductLike;
      const variant = product.variants?.find((candidate) => candidate.id === payload.data.variant_id);
      const stock = variant?.stock ?? 0;
      return {
        title: payload.type === "variant.sold_out" ? "⛔ Sold out" : "⚠️ Stock running low",
        lines: [`${product.name} (${variant?.name ?? "?"}): ${stock} left`],
        color: payload.type === "variant.sold_out" ? RED : ORANGE,
      };
    }
    default: {
      const id = object.unique_id ?? object.id;
      return { title: payload.type, lines: [`${payload.type}${id !== undefined ? ` #${String(id)}` : ""}`], color: GREY };
    }
  }
}

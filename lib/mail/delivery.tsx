import { Section, Text } from "@react-email/components";
import { moneyString, type MoneyValue } from "../money";
import { ActionButton, Hr, Paragraph, ShopEmail } from "./layout";
import { renderEmail, type RenderedEmail } from "./render";
import type { MailShop } from "./shop";

export type DeliveryEmailData = {
  shop: MailShop;
  invoice: { id: number; unique_id: string; email: string; status: string; price: MoneyValue; currency: string; created_at: Date };
  items: {
    product_name: string;
    variant_name: string;
    quantity: number;
    status: string;
    delivered: string[];
    /** the product's instructions, already sanitised (lib/html/seller-html.ts); null until the order is paid */
    instructions?: string | null;
  }[];
  /** The buyer's page of the order (/invoice/{unique_id}); reseller orders have none. */
  pageUrl?: string | null;
};

const stillDelivering = (item: DeliveryEmailData["items"][number]) => item.delivered.length < item.quantity && item.status !== "completed";

function DeliveryEmail({ shop, invoice, items, pageUrl }: DeliveryEmailData) {
  const total = `${moneyString(invoice.price)} ${invoice.currency}`;
  return (
    <ShopEmail shop={shop} preview={`Your order ${invoice.unique_id}: ${items.map((item) => item.product_name).join(", ")}`}>
      <Paragraph>
        Thank you for your order <strong>{invoice.unique_id}</strong> (invoice #{invoice.id}) placed on{" "}
        {invoice.created_at.toISOString().slice(0, 10)}.
      </Paragraph>
      {items.map((item, index) => (
        <Section key={index} style={{ margin: "16px 0" }}>
          <Text style={{ fontSize: 15, fontWeight: 600, margin: "0 0 6px" }}>
            {item.product_name} ({item.variant_name}) × {item.quantity}
          </Text>
          {item.delivered.length ? (
            <pre
              style={{
                backgroundColor: "#f4f4f5",
                borderRadius: 6,
                padding: 10,
                margin: "0 0 6px",
                whiteSpace: "pre-wrap",
                wordBreak: "break-all",
                fontSize: 13,
              }}
            >
              {item.delivered.join("\n")}
            </pre>
          ) : null}
          {stillDelivering(item) ? (
            <Paragraph muted>
              <em>Still being delivered: you will receive another email.</em>
            </Paragraph>
          ) : null}
          {item.instructions ? (
            <Section style={{ borderLeft: `3px solid ${shop.primary}`, padding: "0 0 0 12px", fontSize: 14 }}>
              <Text style={{ fontSize: 13, fontWeight: 600, margin: "4px 0" }}>Instructions</Text>
              {/* the seller's HTML, sanitised to the storefront's allowlist before it gets here */}
              <div dangerouslySetInnerHTML={{ __html: item.instructions }} />
            </Section>
          ) : null}
        </Section>
      ))}
      <Hr style={{ borderColor: "#e4e4e7" }} />
      <Paragraph>
        Total: <strong>{total}</strong>
        <br />
        Status: {invoice.status}
      </Paragraph>
      {pageUrl ? (
        <ActionButton shop={shop} href={pageUrl}>
          View your order, copy or download your keys
        </ActionButton>
      ) : null}
    </ShopEmail>
  );
}

/**
 * The customer's delivery email: what was bought and what was delivered.
 * Items still being delivered (a dynamic call pending, stock short) say so,
 * and a later email carries them. Pure, so the preview shows exactly what
 * the outbox sends.
 */
export function renderDeliveryEmail(data: DeliveryEmailData): Promise<RenderedEmail> {
  return renderEmail(`Your order ${data.invoice.unique_id} from ${data.shop.name}`, <DeliveryEmail {...data} />);
}

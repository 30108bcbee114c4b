import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";
import type { MailShop } from "./shop";

/**
 * The frame every buyer e-mail shares: the shop's logo and name, a white
 * card on a quiet background, and a footer back to the storefront. Inline
 * styles only (mail clients drop <style> and CSS variables); the theme's
 * primary colour is the accent.
 */
export function ShopEmail({ shop, preview, children }: { shop: MailShop; preview: string; children: React.ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f4f4f5", margin: 0, padding: "24px 0", fontFamily: FONT, color: "#18181b" }}>
        <Container style={{ maxWidth: 560, margin: "0 auto", padding: "0 12px" }}>
          <Section style={{ padding: "0 0 16px" }}>
            <Link href={shop.storefrontUrl} style={{ color: "#18181b", textDecoration: "none" }}>
              {shop.logoUrl ? (
                <Img
                  src={shop.logoUrl}
                  alt=""
                  width={40}
                  height={40}
                  style={{ display: "inline-block", verticalAlign: "middle", borderRadius: 8, marginRight: 12 }}
                />
              ) : null}
              <span style={{ fontSize: 20, fontWeight: 700, verticalAlign: "middle" }}>{shop.name}</span>
            </Link>
          </Section>
          <Section
            style={{ backgroundColor: "#ffffff", borderRadius: 8, borderTop: `4px solid ${shop.primary}`, padding: "8px 24px 24px" }}
          >
            {children}
          </Section>
          <Text style={{ fontSize: 12, color: "#71717a", textAlign: "center", margin: "16px 0 0" }}>
            <Link href={shop.storefrontUrl} style={{ color: "#71717a" }}>
              {shop.name}
            </Link>{" "}
            · Payments and delivery by Shopdesk
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The e-mail's one call to action, in the shop's colour. */
export function ActionButton({ shop, href, children }: { shop: MailShop; href: string; children: React.ReactNode }) {
  return (
    <Section style={{ padding: "8px 0 16px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: shop.primary,
          color: shop.onPrimary,
          borderRadius: 6,
          padding: "12px 20px",
          fontWeight: 600,
          fontSize: 15,
          textDecoration: "none",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function Paragraph({ children, muted = false }: { children: React.ReactNode; muted?: boolean }) {
  return <Text style={{ fontSize: 15, lineHeight: "22px", margin: "12px 0", color: muted ? "#52525b" : "#18181b" }}>{children}</Text>;
}

export { Hr };

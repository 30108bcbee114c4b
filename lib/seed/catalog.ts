import { Prisma } from "../db";
import { randomId } from "../crypto/tokens";
import { sanitizeSellerHtml } from "../html/seller-html";
import type { SeedContext } from "./context";

export type VariantPlan = { name: string; price: string; serials?: number; serviceStock?: number | null; dynamicUrl?: string };
export type ProductPlan = {
  key: string;
  name: string;
  deliverablesType: "serials" | "service" | "dynamic";
  groupKey?: string;
  imageIds?: number[];
  customFieldKeys?: string[];
  description: string;
  variants: VariantPlan[];
  visibility?: string;
};

export type SeededVariant = { id: number; productId: number; name: string; price: Prisma.Decimal; plan: VariantPlan };
export type SeededProduct = {
  id: number;
  key: string;
  name: string;
  deliverablesType: ProductPlan["deliverablesType"];
  variants: SeededVariant[];
};

/** Serial keys look like real store keys and are unique across the demo. */
export function serialKey(context: SeedContext, prefix: string) {
  const { random } = context;
  return `${prefix}-${random.code(5)}-${random.code(5)}-${random.code(5)}`;
}

export async function seedCustomFields({ db }: SeedContext, shopId: number) {
  const fields = {
    discord: await db.customField.create({
      data: { shop_id: shopId, name: "Discord username", hint: "So we can give you your role", type: "text", is_required: true },
    }),
    steamProfile: await db.customField.create({
      data: { shop_id: shopId, name: "Steam profile URL", hint: "https://steamcommunity.com/id/...", type: "text", is_required: false },
    }),
    region: await db.customField.create({
      data: { shop_id: shopId, name: "Region", hint: null, type: "select", options: "EU,US,ASIA", is_required: true },
    }),
  };
  return fields;
}

export async function seedGroups({ db }: SeedContext, shopId: number, imageId: number | null) {
  return {
    games: await db.group.create({ data: { shop_id: shopId, name: "Games", image_id: imageId, sort_priority: 1, visibility: "public" } }),
    services: await db.group.create({ data: { shop_id: shopId, name: "Services", sort_priority: 2, visibility: "public" } }),
    archive: await db.group.create({ data: { shop_id: shopId, name: "Hidden deals", sort_priority: 3, visibility: "private" } }),
  };
}

/**
 * Creates products and variants; unsold serials are added later by
 * `addUnsoldStock`, after the orders have taken theirs, so that unsold keys
 * are the newest rows and delivery (oldest first) takes the seeded ones.
 */
export async function seedProducts(
  context: SeedContext,
  shopId: number,
  plans: ProductPlan[],
  groups: Record<string, { id: number }>,
  customFields: Record<string, { id: number }>,
): Promise<SeededProduct[]> {
  const { db } = context;
  const products: SeededProduct[] = [];
  for (const [index, plan] of plans.entries()) {
    const product = await db.product.create({
      data: {
        shop_id: shopId,
        group_id: plan.groupKey ? groups[plan.groupKey]!.id : null,
        salt: randomId(8),
        name: plan.name,
        path: plan.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
        // the seed writes below lib/catalog, so it sanitises as the product routes do
        description: sanitizeSellerHtml(`<p>${plan.description}</p>`),
        instructions: sanitizeSellerHtml(
          plan.deliverablesType === "serials" ? "<p>Redeem the key in your Steam client: Games, Activate a product.</p>" : "",
        ),
        deliverables_type: plan.deliverablesType,
        visibility: plan.visibility ?? "public",
        out_of_stock_message: plan.deliverablesType === "serials" ? "Restocking soon." : null,
        sort_priority: index,
        payment_methods: [],
        quantity_min: 1,
        quantity_max: plan.deliverablesType === "service" ? 1 : 100,
        images: plan.imageIds?.length ? { create: plan.imageIds.map((image_id, sort) => ({ image_id, sort })) } : undefined,
      },
    });
    for (const key of plan.customFieldKeys ?? []) {
      await db.customFieldAttachment.create({
        data: { custom_field_id: customFields[key]!.id, morphable_type: "product", morphable_id: product.id },
      });
    }
    const variants: SeededVariant[] = [];
    for (const [sort, variantPlan] of plan.variants.entries()) {
      const variant = await db.variant.create({
        data: {
          product_id: product.id,
          shop_id: shopId,
          name: variantPlan.name,
          price: new Prisma.Decimal(variantPlan.price),
          service_stock: variantPlan.serviceStock ?? null,
          dynamic_url: variantPlan.dynamicUrl ?? null,
          sort_priority: sort,
        },
      });
      variants.push({ id: variant.id, productId: product.id, name: variant.name, price: variant.price, plan: variantPlan });
    }
    products.push({ id: product.id, key: plan.key, name: product.name, deliverablesType: plan.deliverablesType, variants });
  }
  return products;
}

export async function addUnsoldStock(context: SeedContext, variant: SeededVariant, count: number, prefix: string) {
  if (count <= 0) return;
  const values = new Set<string>();
  while (values.size < count) values.add(serialKey(context, prefix));
  await context.db.stockItem.createMany({ data: [...values].map((value) => ({ variant_id: variant.id, value })) });
}

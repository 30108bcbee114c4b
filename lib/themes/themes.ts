import { Prisma, query, type Db, type PrismaClient } from "../db";
import type { AuditContext } from "../audit/context";
import { recordAudit } from "../audit/record";
import { invalid, notFound } from "../api/errors";
import type { Theme } from "../generated/prisma/client";
import { shopImageIds } from "../images/images";
import { imageUrl } from "../images/url";
import { themeSettingsOf } from "../storefront/theme";
import type { CreateThemeInput, ThemeRecordView, UpdateThemeInput } from "./schemas";
import { serializeTheme } from "./serialize";

type ThemeRow = Theme & { image: { cdn_image_id: string } | null; active_shops: { id: number }[] };

/** A stored template as an object (what the API shows back); anything else was never a template. */
function templateOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The spec's Theme plus what the update endpoint sets (type, image, template), so a client sees its change. */
function themeView(theme: ThemeRow): ThemeRecordView {
  return {
    ...serializeTheme(theme),
    type: theme.type,
    image_id: theme.image_id,
    image_url: imageUrl(theme.image?.cdn_image_id),
    template: templateOf(theme.template),
    settings: themeSettingsOf(theme),
    active: theme.active_shops.length > 0,
  };
}

/** `active_shops` holds at most the theme's own shop: a theme belongs to one shop. */
const withImage = { image: { select: { cdn_image_id: true } }, active_shops: { select: { id: true } } } as const;

const storedTemplate = (template: CreateThemeInput["template"]) => (template == null ? Prisma.DbNull : (template as Prisma.InputJsonValue));

export async function listThemes(db: Db, shopId: number) {
  const themes = await db.theme.findMany({ where: { shop_id: shopId }, include: withImage, orderBy: { id: "asc" } });
  return themes.map(themeView);
}

export async function getTheme(db: Db, shopId: number, id: number) {
  const theme = await db.theme.findFirst({ where: { id, shop_id: shopId }, include: withImage });
  if (!theme) throw notFound("Theme");
  return themeView(theme);
}

export async function createTheme(db: Db, shopId: number, input: CreateThemeInput) {
  const theme = await db.theme.create({
    data: {
      shop_id: shopId,
      name: input.name,
      description: input.description ?? null,
      template: storedTemplate(input.template),
    },
    include: withImage,
  });
  return themeView(theme);
}

export async function updateTheme(db: Db, shopId: number, id: number, input: UpdateThemeInput) {
  if (input.image_id != null && !(await shopImageIds(db, shopId, [input.image_id])).has(input.image_id)) {
    throw invalid("image_id", "The selected image id is invalid.");
  }
  // an empty `data` counts 0 rows (Prisma sends no UPDATE): getTheme decides the 404
  await db.theme.updateMany({
    where: { id, shop_id: shopId },
    data: {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
      ...(input.template !== undefined ? { template: storedTemplate(input.template) } : {}),
    },
  });
  return getTheme(db, shopId, id);
}

/**
 * Makes the theme the shop's storefront look. The shop row changes only if
 * the theme is the shop's, and that change expires the storefront's pages
 * (the shops trigger). The shop's row is locked to read the theme it
 * replaces for the audit log, written in the same transaction.
 */
export async function activateTheme(client: PrismaClient, shopId: number, id: number, audit: AuditContext) {
  await client.$transaction(async (tx) => {
    const [shop] = await query<{ theme_id: number | null }>(tx, Prisma.sql`SELECT theme_id FROM shops WHERE id = ${shopId} FOR UPDATE`);
    const updated = await tx.shop.updateMany({ where: { id: shopId, themes: { some: { id } } }, data: { theme_id: id } });
    if (updated.count === 0) throw notFound("Theme");
    if (shop?.theme_id !== id) {
      await recordAudit(tx, audit, {
        action: "theme.activated",
        target: { type: "theme", id },
        changes: { theme_id: { old: shop?.theme_id ?? null, new: id } },
      });
    }
  });
  return getTheme(client, shopId, id);
}

/** A shop whose active theme is deleted falls back to none (the foreign key sets it null). */
export async function deleteTheme(db: Db, shopId: number, id: number) {
  const deleted = await db.theme.deleteMany({ where: { id, shop_id: shopId } });
  if (deleted.count === 0) throw notFound("Theme");
  return { message: "Theme deleted." };
}

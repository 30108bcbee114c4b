import type { Db } from "../db";
import { invalid, notFound } from "../api/errors";
import { Prisma } from "../db";
import type { Theme } from "../generated/prisma/client";
import { shopImageIds } from "../images/images";
import { imageUrl } from "../images/url";
import type { CreateThemeInput, ThemeRecordView, UpdateThemeInput } from "./schemas";
import { serializeTheme } from "./serialize";

/** The spec's Theme plus what the update endpoint sets (type, image), so a client sees its change. */
function themeView(theme: Theme & { image: { cdn_image_id: string } | null }): ThemeRecordView {
  return { ...serializeTheme(theme), type: theme.type, image_id: theme.image_id, image_url: imageUrl(theme.image?.cdn_image_id) };
}

const withImage = { image: { select: { cdn_image_id: true } } } as const;

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
      template: input.template == null ? Prisma.DbNull : (input.template as Prisma.InputJsonValue),
    },
    include: withImage,
  });
  return themeView(theme);
}

export async function updateTheme(db: Db, shopId: number, id: number, input: UpdateThemeInput) {
  if (input.image_id != null && !(await shopImageIds(db, shopId, [input.image_id])).has(input.image_id)) {
    throw invalid("image_id", "The selected image id is invalid.");
  }
  const updated = await db.theme.updateMany({
    where: { id, shop_id: shopId },
    data: {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.image_id !== undefined ? { image_id: input.image_id } : {}),
    },
  });
  if (updated.count === 0) throw notFound("Theme");
  return getTheme(db, shopId, id);
}

/** A shop whose active theme is deleted falls back to none (the foreign key sets it null). */
export async function deleteTheme(db: Db, shopId: number, id: number) {
  const deleted = await db.theme.deleteMany({ where: { id, shop_id: shopId } });
  if (deleted.count === 0) throw notFound("Theme");
  return { message: "Theme deleted." };
}

import { Prisma, query, type Db, type PrismaClient } from "../db";
import { ApiError, invalid, stateConflict, validationFailed } from "../api/errors";
import type { AuditActor, AuditContext } from "../audit/context";
import { changedFields, maskSecret, recordAudit, type AuditChanges } from "../audit/record";
import { verifyLogin } from "../auth/login";
import { decryptOptional, encryptOptional } from "../crypto/secrets";
import { detectImage } from "../images/detect";
import { findServedImage } from "../images/images";
import { storeImage, type Upload } from "../images/upload";
import type { Role } from "../members/permissions";
import { CANCELLABLE_NOW } from "../subscriptions/lifecycle";
import { getShop } from "./queries";
import { MAX_OWNED_SHOPS, type CreateShopInput, type DeleteShopInput, type UpdateShopInput } from "./schemas";

const TAKEN = "The subdomain has already been taken.";

/** The logo of a new shop: an uploaded file, or an image of another of the caller's shops (copied). */
export type NewShopLogo = { kind: "upload"; upload: Upload } | { kind: "none" };

/**
 * POST /v1/shops/create: a shop owned by the caller, who becomes its
 * `owner` member. At most MAX_OWNED_SHOPS live shops per owner, counted
 * under the user's row lock so concurrent creates cannot pass it together.
 * A deleted (archived) shop's subdomain stays taken. The logo, when sent,
 * is stored as POST /images stores an upload (the shop's hourly uploads and
 * quota); a file that is no image is refused before the shop is made.
 */
export async function createShop(
  client: PrismaClient,
  user: { id: number; email: string },
  actor: AuditActor,
  input: CreateShopInput,
  logo: NewShopLogo,
) {
  if (logo.kind === "upload" && !detectImage(logo.upload.bytes))
    throw invalid("logo", "The logo field must be an image (PNG, JPEG, GIF or WebP).");
  const logoSource = input.logo_image_id ? await imageOfMember(client, user.id, input.logo_image_id) : null;
  let shopId: number;
  try {
    shopId = await client.$transaction(async (tx) => {
      await query(tx, Prisma.sql`SELECT id FROM users WHERE id = ${user.id} FOR UPDATE`);
      const owned = await tx.shop.count({ where: { owner_id: user.id, deleted_at: null } });
      if (owned >= MAX_OWNED_SHOPS) throw stateConflict(`You may own at most ${MAX_OWNED_SHOPS} shops; delete one first.`);
      if (await tx.shop.findUnique({ where: { subdomain: input.subdomain }, select: { id: true } })) throw invalid("subdomain", TAKEN);
      const shop = await tx.shop.create({
        data: {
          owner_id: user.id,
          name: input.name,
          subdomain: input.subdomain,
          members: { create: { user_id: user.id, email: user.email, role: "owner" } },
        },
        select: { id: true, name: true, subdomain: true },
      });
      await recordAudit(
        tx,
        { ...actor, shopId: shop.id },
        {
          action: "shop.created",
          target: { type: "shop", id: shop.id },
          changes: { name: { new: shop.name }, subdomain: { new: shop.subdomain } },
        },
      );
      return shop.id;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw invalid("subdomain", TAKEN);
    throw error;
  }
  const bytes = logo.kind === "upload" ? logo.upload : logoSource;
  if (bytes) {
    const image = await storeImage(client, shopId, async () => bytes).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 422) throw invalid("logo", error.message);
      throw error;
    });
    await client.shop.update({ where: { id: shopId }, data: { logo_image_id: image.id } });
  }
  return getShop(client, shopId, "owner", "withhold");
}

/** An image of a live shop the user is an active member of (its bytes, to copy into a new shop); 422 otherwise. */
async function imageOfMember(db: Db, userId: number, imageId: number): Promise<Upload> {
  const image = await db.image.findFirst({
    where: {
      id: imageId,
      deleted_at: null,
      shop: { deleted_at: null, members: { some: { user_id: userId, status: "active" } } },
    },
    select: { cdn_image_id: true, filename: true },
  });
  const stored = image ? await findServedImage(db, image.cdn_image_id) : null;
  if (!image || !stored) throw invalid("logo_image_id", "The selected logo image id is invalid.");
  return { bytes: stored.bytes, filename: image.filename };
}

const EDITABLE = [
  "name",
  "subdomain",
  "description",
  "logo_image_id",
  "favicon_image_id",
  "background_image_id",
  "discord_url",
  "youtube_url",
  "telegram_url",
  "tiktok_url",
  "instagram_url",
  "crisp_website_id",
  "tawkto_id",
  "gtag_id",
  "discord_guild_id",
  "feedback_window_days",
  "support_email",
] as const;

const IMAGE_FIELDS = ["logo_image_id", "favicon_image_id", "background_image_id"] as const;

/**
 * PUT /v1/shops/{shopId}/update: the fields sent (absent: unchanged; null
 * clears). Image ids must name live images of this shop. The Discord bot
 * token is stored encrypted and answered as `discord_bot_token_set` only.
 * The storefront's pages of the shop expire by the shops trigger
 * (migration 20261126170000_storefront_notify), old and new subdomain both.
 */
export async function updateShop(client: PrismaClient, shopId: number, role: Role, input: UpdateShopInput, audit: AuditContext) {
  const errors: Record<string, string[]> = {};
  for (const field of IMAGE_FIELDS) {
    const id = input[field];
    if (id == null) continue;
    const image = await client.image.findFirst({ where: { id, shop_id: shopId, deleted_at: null }, select: { id: true } });
    if (!image) errors[field] = [`The selected ${field.replaceAll("_", " ")} is invalid.`];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
  try {
    await client.$transaction(async (tx) => {
      await query(tx, Prisma.sql`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`);
      const current = await tx.shop.findUniqueOrThrow({ where: { id: shopId } });
      if (input.subdomain !== undefined && input.subdomain !== current.subdomain) {
        const other = await tx.shop.findUnique({ where: { subdomain: input.subdomain }, select: { id: true } });
        if (other) throw invalid("subdomain", TAKEN);
      }
      const data: Record<string, unknown> = {};
      for (const field of EDITABLE) if (input[field] !== undefined) data[field] = input[field];
      if (input.discord_bot_token !== undefined) data.discord_bot_token = encryptOptional(input.discord_bot_token);
      if (!Object.keys(data).length) return;
      await tx.shop.update({ where: { id: shopId }, data });
      const before = Object.fromEntries(EDITABLE.map((field) => [field, current[field]])) as Record<string, string | number | null>;
      const changes: AuditChanges = changedFields(before, { ...before, ...(data as typeof before) }, [...EDITABLE]);
      if (input.discord_bot_token !== undefined) {
        const old = decryptOptional(current.discord_bot_token);
        if (old !== input.discord_bot_token) changes.discord_bot_token = { old: maskSecret(old), new: maskSecret(input.discord_bot_token) };
      }
      if (Object.keys(changes).length)
        await recordAudit(tx, audit, { action: "shop.updated", target: { type: "shop", id: shopId }, changes });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw invalid("subdomain", TAKEN);
    throw error;
  }
  return getShop(client, shopId, role, "withhold");
}

/**
 * DELETE /v1/shops/{shopId}: the owner types the shop's exact name and
 * their password (checked under the sign-in limits, as the password change
 * checks the current one). Refused while an invoice is pending; otherwise
 * the shop is archived (`deleted_at`): every route, listing and storefront
 * answers 404 for it from then on, its invoices and customers are kept
 * (never erased by the app), its live subscriptions are cancelled, and its
 * subdomain stays taken.
 */
export async function deleteShop(
  client: PrismaClient,
  user: { id: number; email: string },
  ip: string,
  shop: { id: number; name: string },
  input: DeleteShopInput,
  audit: AuditContext,
) {
  if (input.name !== shop.name) throw invalid("name", "The name does not match the shop's name.");
  try {
    await verifyLogin(client, ip, { email: user.email, password: input.password });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw invalid("password", "The password is incorrect.");
    throw error;
  }
  await client.$transaction(async (tx) => {
    await query(tx, Prisma.sql`SELECT id FROM shops WHERE id = ${shop.id} FOR UPDATE`);
    const pending = await tx.invoice.count({ where: { shop_id: shop.id, status: "pending" } });
    if (pending > 0)
      throw stateConflict(
        `The shop has ${pending} pending invoice${pending > 1 ? "s" : ""}; wait until they are paid, cancelled or expired.`,
      );
    const now = new Date();
    await tx.shop.update({ where: { id: shop.id }, data: { deleted_at: now } });
    // an archived shop sells nothing more: its live subscriptions end now (lib/subscriptions/lifecycle.ts, cancelled immediately)
    await tx.subscription.updateMany({
      where: { shop_id: shop.id, status: { in: [...CANCELLABLE_NOW] } },
      data: { status: "cancelled", cancelled_at: now, ended_at: now, cancel_at_period_end: false },
    });
    await recordAudit(tx, audit, { action: "shop.deleted", target: { type: "shop", id: shop.id }, changes: { name: { old: shop.name } } });
  });
  return { message: "The shop was deleted." };
}

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AuditContext } from "../../lib/audit/context";
import { changedFields, maskSecret, recordAudit } from "../../lib/audit/record";
import { PrismaClient } from "../../lib/generated/prisma/client";

/**
 * The audit log's rules below HTTP: an entry written in a transaction that
 * rolls back is gone with it, and the table refuses UPDATE and DELETE but
 * the cascade of deleting its shop (the trigger of migration
 * 20261202100000_audit_log), on an in-memory PGlite with the migrations.
 * The HTTP side is e2e/api/audit-log.spec.ts.
 */

describe("masking and diffs", () => {
  test("a secret shows its last four characters, a short one none; null stays null", () => {
    expect(maskSecret("sk_test_abcdefgh1234")).toBe("••••1234");
    expect(maskSecret("short")).toBe("••••");
    expect(maskSecret(null)).toBeNull();
  });

  test("only the fields that differ, with old and new", () => {
    const before = { methods: ["BTC"], address: "a", same: 1 };
    const after = { methods: ["BTC", "LTC"], address: "a", same: 1 };
    expect(changedFields(before, after, ["methods", "address", "same"])).toEqual({ methods: { old: ["BTC"], new: ["BTC", "LTC"] } });
  });
});

describe("append-only, in the change's transaction", () => {
  let pglite: PGlite;
  let db: PrismaClient;
  let context: AuditContext;

  beforeAll(async () => {
    pglite = new PGlite({ extensions: { pg_trgm } });
    const dir = path.resolve("prisma/migrations");
    for (const name of readdirSync(dir)
      .filter((entry) => /^\d/.test(entry))
      .sort()) {
      await pglite.exec(readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
    }
    db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    const owner = await db.user.create({ data: { email: "owner@example.test", name: "Owner", password_hash: "x" } });
    const shop = await db.shop.create({ data: { owner_id: owner.id, name: "Audited", subdomain: "audited" } });
    context = { shopId: shop.id, userId: owner.id, apiKeyId: null, label: owner.email, ip: "203.0.113.7", userAgent: "unit" };
  }, 60_000);

  afterAll(async () => {
    await db?.$disconnect();
    await pglite?.close();
  });

  const entry = { action: "settings.updated", target: { type: "shop", id: 1 }, changes: { x: { old: 1, new: 2 } } } as const;

  test("a rolled-back change leaves no entry; a committed one has its entry", async () => {
    await expect(
      db.$transaction(async (tx) => {
        await recordAudit(tx, context, entry);
        throw new Error("the change is refused");
      }),
    ).rejects.toThrow("the change is refused");
    expect(await db.auditEntry.count({ where: { shop_id: context.shopId } })).toBe(0);
    await db.$transaction((tx) => recordAudit(tx, context, entry));
    const [saved] = await db.auditEntry.findMany({ where: { shop_id: context.shopId } });
    expect(saved).toMatchObject({
      action: "settings.updated",
      actor_label: "owner@example.test",
      ip: "203.0.113.7",
      changes: entry.changes,
    });
  });

  test("UPDATE and DELETE are refused; deleting the shop takes its entries", async () => {
    const [saved] = await db.auditEntry.findMany({ where: { shop_id: context.shopId } });
    await expect(db.auditEntry.update({ where: { id: saved!.id }, data: { action: "forged" } })).rejects.toThrow(/append-only/);
    await expect(db.auditEntry.delete({ where: { id: saved!.id } })).rejects.toThrow(/append-only/);
    expect(await db.auditEntry.count({ where: { shop_id: context.shopId } })).toBe(1);
    await db.shop.delete({ where: { id: context.shopId } });
    expect(await db.auditEntry.count({ where: { shop_id: context.shopId } })).toBe(0);
  });
});

-- Teams (lib/members): who may act in a shop, and as what. A shop had one
-- owner ("shops"."owner_id"); access is now a membership row. An invitation
-- is a row of the same table with no user yet ("status" = 'invited', the
-- invited address in "email", the e-mailed token's SHA-256 in
-- "token_hash"); accepting it sets "user_id" and makes it 'active'. One
-- table gives members and pending invitations one id space, so
-- PUT/DELETE /members/{memberId} work on either.
CREATE TABLE "shop_members" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "token_hash" TEXT,
    "expires_at" TIMESTAMP(3),
    "invited_by_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "shop_members_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "shop_members_role_check" CHECK ("role" IN ('owner', 'admin', 'support', 'viewer')),
    CONSTRAINT "shop_members_status_check" CHECK ("status" IN ('active', 'invited')),
    CONSTRAINT "shop_members_active_has_user" CHECK ("status" = 'invited' OR "user_id" IS NOT NULL)
);

CREATE UNIQUE INDEX "shop_members_shop_id_user_id_key" ON "shop_members"("shop_id", "user_id");
CREATE UNIQUE INDEX "shop_members_token_hash_key" ON "shop_members"("token_hash");
CREATE INDEX "shop_members_user_id_idx" ON "shop_members"("user_id");
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Exactly one owner per shop, whatever two requests do at once: a transfer
-- demotes the old owner before it promotes the new one, in one transaction.
-- One pending invitation per address and shop (a second invite renews it).
-- Prisma's schema cannot declare partial or expression indexes, so these live
-- here only (schema.prisma names this migration).
CREATE UNIQUE INDEX "shop_members_one_owner" ON "shop_members"("shop_id") WHERE "role" = 'owner';
CREATE UNIQUE INDEX "shop_members_one_invitation" ON "shop_members"("shop_id", lower("email")) WHERE "status" = 'invited';

-- Every shop's owner becomes its owner member.
INSERT INTO "shop_members" ("shop_id", "user_id", "email", "role", "status")
SELECT s."id", s."owner_id", u."email", 'owner', 'active' FROM "shops" s JOIN "users" u ON u."id" = s."owner_id";

-- API keys: what a key may do ('read' refuses every write), which of its
-- user's shops it reaches (empty: all of them) and when it lapses (NULL: never).
ALTER TABLE "api_keys" ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'write';
ALTER TABLE "api_keys" ADD COLUMN "shop_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[];
ALTER TABLE "api_keys" ADD COLUMN "expires_at" TIMESTAMP(3);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scope_check" CHECK ("scope" IN ('read', 'write'));

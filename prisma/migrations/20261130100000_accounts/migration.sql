-- Accounts (lib/auth): the sessions a user can list and end, with an idle
-- limit, and single-use links that set a password.

-- "public_id" is what GET /v1/account/sessions shows and DELETE takes: the
-- primary key is the token's hash and never leaves the server. Sessions
-- made before this migration get a random one.
ALTER TABLE "sessions" ADD COLUMN "public_id" TEXT;
UPDATE "sessions" SET "public_id" = replace(gen_random_uuid()::text, '-', '');
ALTER TABLE "sessions" ALTER COLUMN "public_id" SET NOT NULL;
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
ALTER TABLE "sessions" ADD COLUMN "ip" TEXT;
ALTER TABLE "sessions" ADD COLUMN "user_agent" TEXT;
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions"("public_id");

-- Password links: only the token's SHA-256 is kept; spent by one conditional
-- UPDATE ("used_at"), lapsing at "expires_at" (an hour for a reset, longer
-- for a reseller's invitation). Rows a day past their expiry are swept when
-- new links are made.
CREATE TABLE "password_reset_tokens" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");
CREATE INDEX "password_reset_tokens_expires_at_idx" ON "password_reset_tokens"("expires_at");
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

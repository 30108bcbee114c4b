-- Two-factor sign-in (TOTP, RFC 6238) and re-authentication for sensitive
-- changes (docs/accounts.md).

-- The active secret and a pending one (set up, not yet confirmed by a code),
-- both encrypted with APP_ENCRYPTION_KEY; the last accepted time step, so a
-- code cannot be used twice.
ALTER TABLE "users" ADD COLUMN "totp_secret" TEXT;
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" TEXT;
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" TIMESTAMP(3);
ALTER TABLE "users" ADD COLUMN "totp_last_step" INTEGER;

-- Single-use recovery codes, SHA-256 only.
CREATE TABLE "recovery_codes" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- When the password (or a code) was last entered in the session. Sessions
-- made before this migration have none: their first sensitive change asks
-- for the password.
ALTER TABLE "sessions" ADD COLUMN "reauthenticated_at" TIMESTAMP(3);

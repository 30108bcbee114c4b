-- Resellers' receiver tokens were the one secret stored in clear. They are
-- now AES-256-GCM ciphertext, found through an HMAC of the token under a key
-- derived from APP_ENCRYPTION_KEY. SQL cannot compute either (the key is not
-- in the database): existing rows keep their clear token in the renamed
-- column with a NULL hash, and the server encrypts them at start-up
-- (lib/reseller/clear-token-upgrade.ts) before it listens.
ALTER TABLE "resellers" RENAME COLUMN "dynamic_token" TO "dynamic_token_encrypted";
ALTER TABLE "resellers" ADD COLUMN "dynamic_token_hash" TEXT;

DROP INDEX "resellers_dynamic_token_key";
CREATE UNIQUE INDEX "resellers_dynamic_token_hash_key" ON "resellers"("dynamic_token_hash");

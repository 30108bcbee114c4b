-- Custom-field fields the clients of this API family send (issue 29): a placeholder, a default answer
-- (API field `default`), and a pattern an answer must match (RE2 syntax).
ALTER TABLE "custom_fields" ADD COLUMN "placeholder" TEXT;
ALTER TABLE "custom_fields" ADD COLUMN "default_value" TEXT;
ALTER TABLE "custom_fields" ADD COLUMN "regex" TEXT;

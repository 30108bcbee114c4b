-- The name a seller gave a reseller at the invitation (or the e-mail's local part), shown on the seller's
-- side instead of the account's own name, so that inviting an address reveals nothing of an account it
-- may already have. Null for applications and older rows: the applicant's own name is shown.
ALTER TABLE "resellers" ADD COLUMN "display_name" TEXT;

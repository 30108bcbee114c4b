-- The shop's audit log (lib/audit): who changed what, when and from where.
-- Rows are written by the domain functions in the transaction of the change
-- they record, so a rolled-back change leaves none. The actor's ids carry no
-- foreign key: an entry keeps naming a user or key that is later deleted
-- ("actor_label" says who it was), and a SET NULL would be an update.
CREATE TABLE "audit_entries" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "api_key_id" INTEGER,
    "actor_label" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" INTEGER,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

-- The list reads a shop's newest entries first, optionally of one action or one target.
CREATE INDEX "audit_entries_shop_id_id_idx" ON "audit_entries"("shop_id", "id");
CREATE INDEX "audit_entries_shop_id_action_id_idx" ON "audit_entries"("shop_id", "action", "id");
CREATE INDEX "audit_entries_shop_id_target_type_target_id_id_idx" ON "audit_entries"("shop_id", "target_type", "target_id", "id");
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only: no route updates or deletes an entry, and the database refuses
-- it too, whoever asks. The one delete allowed is the cascade of deleting the
-- shop itself: the foreign key's action runs after the shop's row is gone, so
-- an entry whose shop no longer exists may go. (TRUNCATE, the seed's reset,
-- fires no row trigger.)
CREATE FUNCTION "audit_entries_append_only"() RETURNS TRIGGER AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "shops" WHERE "id" = OLD."shop_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();

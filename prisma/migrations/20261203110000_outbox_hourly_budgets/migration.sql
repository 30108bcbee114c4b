-- The outbox worker counts each shop's and each address's mail of the last hour (lib/outbox/worker.ts).
CREATE INDEX "email_outbox_shop_sent_idx" ON "email_outbox" ("shop_id", "sent_at");
CREATE INDEX "email_outbox_recipient_sent_idx" ON "email_outbox" (lower("to"), "sent_at");

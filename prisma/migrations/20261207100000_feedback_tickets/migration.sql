-- Issue 26 "After the sale": buyers' feedback and support tickets.
ALTER TABLE "shops" ADD COLUMN "feedback_window_days" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "shops" ADD COLUMN "support_email" TEXT;

ALTER TABLE "products" ADD COLUMN "feedback_coupon_min_rating" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "products" ADD COLUMN "feedback_count" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "products" ADD COLUMN "feedback_rating_sum" INTEGER NOT NULL DEFAULT 0;

CREATE TABLE "feedbacks" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "message" TEXT NOT NULL,
    "product_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "reply" TEXT,
    "replied_at" TIMESTAMP(3),
    "dispute_reason" TEXT,
    "disputed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "feedbacks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "feedbacks_rating_check" CHECK ("rating" BETWEEN 1 AND 5)
);
CREATE UNIQUE INDEX "feedbacks_invoice_id_key" ON "feedbacks"("invoice_id");
CREATE INDEX "feedbacks_shop_id_id_idx" ON "feedbacks"("shop_id", "id");
CREATE INDEX "feedbacks_product_ids_idx" ON "feedbacks" USING GIN ("product_ids");
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "tickets" (
    "id" SERIAL NOT NULL,
    "shop_id" INTEGER NOT NULL,
    "invoice_id" INTEGER,
    "customer_id" INTEGER,
    "email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "last_message_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "tickets_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "tickets_shop_id_archived_last_message_at_id_idx" ON "tickets"("shop_id", "archived", "last_message_at" DESC, "id" DESC);
CREATE INDEX "tickets_invoice_id_idx" ON "tickets"("invoice_id");
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_shop_id_fkey" FOREIGN KEY ("shop_id") REFERENCES "shops"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "ticket_messages" (
    "id" SERIAL NOT NULL,
    "ticket_id" INTEGER NOT NULL,
    "author" TEXT NOT NULL,
    "user_id" INTEGER,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ticket_messages_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ticket_messages_ticket_id_id_idx" ON "ticket_messages"("ticket_id", "id");
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

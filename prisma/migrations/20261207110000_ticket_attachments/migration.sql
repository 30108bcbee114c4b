-- Images attached to support ticket messages; a buyer's upload is kept out of the shop's image library.
ALTER TABLE "images" ADD COLUMN "ticket_upload" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "ticket_messages" ADD COLUMN "image_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[];

-- Uploaded images' bytes in the database (issue 27): a second app process or machine serves what another took.
-- Files written under UPLOAD_DIR before this are still served from there, and `npm run images:import` moves them in.
CREATE TABLE "image_bytes" (
    "image_id" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    CONSTRAINT "image_bytes_pkey" PRIMARY KEY ("image_id"),
    CONSTRAINT "image_bytes_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "images"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

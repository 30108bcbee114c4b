-- Group fields the clients of this API family send (issue 29): a badge's text and #rrggbb colour.
ALTER TABLE "groups" ADD COLUMN "badge_text" TEXT;
ALTER TABLE "groups" ADD COLUMN "badge_color" TEXT;

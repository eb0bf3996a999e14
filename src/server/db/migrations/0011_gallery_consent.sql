-- A visitor now says before an artwork is made whether Home may show it. Artworks made
-- before the question existed were never asked, so they count as no; the exceptions are
-- those a signed-in account made (the owner's uploaded example pairs and the owner's own
-- tries) and the homepage examples the owner picked by hand.
ALTER TABLE "image_transformations" ADD COLUMN "gallery_consent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "image_transformations" SET "gallery_consent" = true WHERE "user_id" IS NOT NULL OR "is_homepage_example";
--> statement-breakpoint
-- The back office also finds an order by its billing name (the payer), not only the
-- recipient's; the query uses this same expression (admin-service.ts, orderSearchText).
DROP INDEX IF EXISTS orders_search_trgm_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_trgm_idx ON orders USING gin ((lower(customer_email || ' ' || coalesce(shipping_name, '') || ' ' || coalesce(billing_name, ''))) gin_trgm_ops);

-- The back office searches orders by any part of the customer's e-mail or shipping name.
-- A trigram index answers `like '%…%'` on the lowered text from the index instead of reading
-- every order; the query uses this same expression (admin-service.ts, orderSearchText).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_trgm_idx ON orders USING gin ((lower(customer_email || ' ' || coalesce(shipping_name, ''))) gin_trgm_ops);

-- Every change to a table the storefront reads from memory says so on the wanderer_cache
-- channel, naming the table: the read cache (src/server/http/read-cache.ts) of every
-- process drops what it built from it. One notification per statement; PostgreSQL folds
-- repeats within a transaction and delivers them at commit.
CREATE OR REPLACE FUNCTION wanderer_notify_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('wanderer_cache', TG_TABLE_NAME);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER physical_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON physical_items
  FOR EACH STATEMENT EXECUTE FUNCTION wanderer_notify_change();
--> statement-breakpoint
CREATE TRIGGER styles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON styles
  FOR EACH STATEMENT EXECUTE FUNCTION wanderer_notify_change();
--> statement-breakpoint
CREATE TRIGGER site_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_content
  FOR EACH STATEMENT EXECUTE FUNCTION wanderer_notify_change();
--> statement-breakpoint
CREATE TRIGGER images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION wanderer_notify_change();
--> statement-breakpoint
CREATE TRIGGER image_transformations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON image_transformations
  FOR EACH STATEMENT EXECUTE FUNCTION wanderer_notify_change();

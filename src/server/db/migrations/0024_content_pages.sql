ALTER TABLE "articles" DROP CONSTRAINT "articles_category_ck";--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_ck" CHECK (category in ('market_news', 'advice', 'policy', 'mavuno_news', 'page'));--> statement-breakpoint
-- The site's own pages (FAQ, terms, privacy) are articles of category `page` rendered by cached anonymous pages,
-- as the news is, and the public warehouse pages show `system_warehouses`: every committed write to these tables
-- drops the render cache (0010_page_cache_notify), so an editor's or an administrator's change shows at once.
-- CREATE OR REPLACE: harmless where an earlier migration already made these triggers.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['articles', 'article_translations', 'article_lot_categories', 'system_warehouses'] LOOP
    EXECUTE format(
      'CREATE OR REPLACE TRIGGER mavuno_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION mavuno_pages_changed()',
      name
    );
  END LOOP;
END;
$$;

-- Every committed write to a table an anonymous page shows notifies the channel `mavuno_pages`; each server process
-- listens and drops its render cache (src/server/cache/page-cache.ts, docs/architecture.md "How the render cache
-- stays correct"). NOTIFY is delivered only at commit and never for a rolled-back transaction. Tables no anonymous
-- page reads (sessions, tokens, outboxes, rate limits, uploads not yet claimed, share links) are left out.
CREATE FUNCTION mavuno_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mavuno_pages', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'users', 'addresses', 'document_types', 'user_documents', 'countries', 'regions', 'villages', 'currencies',
    'exchange_rates', 'categories', 'per_units', 'market_prices', 'lots', 'lot_photos', 'lot_favorites', 'offers',
    'offer_events', 'user_feedback'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER mavuno_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION mavuno_pages_changed()',
      name
    );
  END LOOP;
END;
$$;

-- Every committed write to a table a member's page may show, and that no anonymous page shows (those notify
-- `mavuno_pages`: 0010_page_cache_notify), notifies the channel `mavuno_member_pages`; each server process listens and
-- drops its members' render cache (src/server/cache/member-page-cache.ts, docs/architecture.md "What a signed-in page
-- costs"). Left out: what no page shows (sessions, which the session cache follows through `mavuno_members`, tokens,
-- verification codes, rate limits, outboxes, job bookkeeping, uploads not yet claimed). A table added later that a
-- member's page shows gets the trigger in its own migration (tests/api/member-page-cache.test.ts checks every table).
CREATE FUNCTION mavuno_member_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mavuno_member_pages', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
      AND c.relname NOT IN (
        'sessions', 'email_tokens', 'phone_verifications', 'rate_limits', 'mail_outbox', 'sms_outbox', 'job_runs',
        'scheduled_jobs', 'app_meta', 'lot_photo_uploads'
      )
      AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'mavuno_pages_changed')
    ORDER BY c.relname
  LOOP
    EXECUTE format(
      'CREATE TRIGGER mavuno_member_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION mavuno_member_pages_changed()',
      name
    );
  END LOOP;
END;
$$;

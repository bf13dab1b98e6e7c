-- Every committed change to a session or a member notifies the channel `mavuno_members` with the member's id; each
-- server process listens and forgets what its session cache holds for that member (src/server/cache/session-cache.ts,
-- docs/auth.md "Sessions"): a sign-out, a revoked session, a block, a new role or tier is seen by every process at its
-- next request. A new session needs no notice (nothing is cached for it yet). NOTIFY is delivered only at commit,
-- once per distinct payload of a transaction.
CREATE FUNCTION mavuno_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('mavuno_members', OLD.id::text);
  ELSE
    PERFORM pg_notify('mavuno_members', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER mavuno_member_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION mavuno_member_changed();--> statement-breakpoint
CREATE TRIGGER mavuno_member_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION mavuno_member_changed();

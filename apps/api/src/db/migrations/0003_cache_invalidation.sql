-- Cross-instance cache invalidation. Each instance LISTENs on `arena_invalidate` and drops what a
-- payload names when the writing transaction commits: `key:<hash>` (a key revoked or deleted),
-- `user:<id>` (a user changed), `org:<id>` (an organisation changed), `plan:<id>` (a plan's
-- modules changed), `slots:<organisation id>` (a booked slot changed). PostgreSQL folds identical
-- payloads of one transaction into one notification.
CREATE OR REPLACE FUNCTION arena_notify_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF TG_TABLE_NAME = 'auth_token' THEN
    PERFORM pg_notify('arena_invalidate', 'key:' || r.key_hash);
  ELSIF TG_TABLE_NAME = 'app_user' THEN
    PERFORM pg_notify('arena_invalidate', 'user:' || r.id);
  ELSIF TG_TABLE_NAME = 'organisation' THEN
    PERFORM pg_notify('arena_invalidate', 'org:' || r.id);
  ELSIF TG_TABLE_NAME = 'subscription_plan' THEN
    PERFORM pg_notify('arena_invalidate', 'plan:' || r.id);
  ELSE
    PERFORM pg_notify('arena_invalidate', 'slots:' || r.organisation_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_token_invalidate AFTER UPDATE OF revoked_at, last_used_at, created_at OR DELETE ON auth_token
  FOR EACH ROW EXECUTE FUNCTION arena_notify_invalidate();
--> statement-breakpoint
CREATE TRIGGER app_user_invalidate AFTER UPDATE OR DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION arena_notify_invalidate();
--> statement-breakpoint
CREATE TRIGGER organisation_invalidate AFTER UPDATE OR DELETE ON organisation
  FOR EACH ROW EXECUTE FUNCTION arena_notify_invalidate();
--> statement-breakpoint
CREATE TRIGGER subscription_plan_invalidate AFTER UPDATE OR DELETE ON subscription_plan
  FOR EACH ROW EXECUTE FUNCTION arena_notify_invalidate();
--> statement-breakpoint
CREATE TRIGGER booked_time_slot_invalidate AFTER INSERT OR UPDATE OR DELETE ON booked_time_slot
  FOR EACH ROW EXECUTE FUNCTION arena_notify_invalidate();

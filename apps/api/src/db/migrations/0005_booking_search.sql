CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "booking_code_trgm_idx" ON "booking" USING gin ("code" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "booking_name_trgm_idx" ON "booking" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "booking_mobile_trgm_idx" ON "booking" USING gin ("mobile" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "booking_email_trgm_idx" ON "booking" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The booking list's search through the trigram indexes. Under row-level security PostgreSQL does
-- not use an index for ILIKE (the operator is not LEAKPROOF, so it must run after the policy), and
-- a search of 100,000 bookings read the whole table. This function runs as the role that ran the
-- migration and applies the same tenant rule as the policy itself: only the bookings of the
-- organisation set for the current transaction (no tenant set = no rows). Where that role may
-- bypass RLS (a superuser, as on a self-hosted server) the indexes are used; where it may not (a
-- managed database's owner, subject to FORCE ROW LEVEL SECURITY) the answer is the same, only
-- slower. The pattern is a parameter, never SQL, and the search_path is pinned.
CREATE OR REPLACE FUNCTION booking_search_ids(pattern text) RETURNS SETOF bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT id FROM booking
  WHERE organisation_id = nullif(current_setting('app.organisation_id', true), '')::bigint
    AND (code ILIKE pattern OR name ILIKE pattern OR mobile ILIKE pattern OR email ILIKE pattern)
$$;

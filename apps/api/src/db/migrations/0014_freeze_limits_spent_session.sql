-- Issue 19 §7: plans limit freezes per membership year and set a shortest freeze; each visit records
-- whether it spent a session of a pack.
ALTER TABLE "member_attendance" ADD COLUMN "spent_session" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD COLUMN "max_freezes_per_year" integer;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD COLUMN "max_freeze_days_per_year" integer;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD COLUMN "min_freeze_days" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD CONSTRAINT "membership_plan_freeze_year_limits" CHECK (("membership_plan"."max_freezes_per_year" is null or "membership_plan"."max_freezes_per_year" between 0 and 365)
        and ("membership_plan"."max_freeze_days_per_year" is null or "membership_plan"."max_freeze_days_per_year" between 0 and 3650)
        and "membership_plan"."min_freeze_days" between 1 and 365);--> statement-breakpoint
-- Existing visits: a session was spent by the first visit of a day on a pack (not an override); a
-- time membership, a visit back the same day and an override spent none. (A second session the desk
-- confirmed before this column was not recorded as such; it is read as a visit back.) The migration
-- runs as the owner under forced row-level security, so RLS is lifted for it here and forced again
-- by the security statements that follow every migration run.
ALTER TABLE "member_attendance" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "membership" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "member_attendance" a SET "spent_session" = false
WHERE a."override"
   OR a."membership_id" IS NULL
   OR NOT EXISTS (SELECT 1 FROM "membership" m WHERE m."organisation_id" = a."organisation_id" AND m."id" = a."membership_id" AND m."sessions_total" IS NOT NULL)
   OR EXISTS (
     SELECT 1 FROM "member_attendance" e
     WHERE e."organisation_id" = a."organisation_id" AND e."member_id" = a."member_id" AND e."membership_id" = a."membership_id"
       AND e."date" = a."date" AND NOT e."override" AND (e."check_in", e."id") < (a."check_in", a."id")
   );

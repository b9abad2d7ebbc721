-- The exercise library is the provider's: every organisation reads it; the application writes it only
-- outside a tenant transaction (the boot's idempotent seed), and never updates or deletes it.
ALTER TABLE "training_exercise_library" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "training_exercise_library" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "library_read" ON "training_exercise_library" FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY "library_seed" ON "training_exercise_library" FOR INSERT WITH CHECK (nullif(current_setting('app.organisation_id', true), '') IS NULL);--> statement-breakpoint
-- An organisation's own exercises are numbered from 100000, so one id names a library or an own exercise.
ALTER TABLE "training_exercise" ALTER COLUMN "id" RESTART WITH 100000;

-- The food tables (IFCT 2017) are the provider's: every organisation reads them; the application writes
-- them only outside a tenant transaction (the boot's idempotent seed), and never updates or deletes them.
ALTER TABLE "diet_food" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "diet_food" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "food_read" ON "diet_food" FOR SELECT USING (true);--> statement-breakpoint
CREATE POLICY "food_seed" ON "diet_food" FOR INSERT WITH CHECK (nullif(current_setting('app.organisation_id', true), '') IS NULL);

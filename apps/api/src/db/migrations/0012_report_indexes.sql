-- Issue 18 §3: the indexes the big club's report plans asked for (bench/reports.ts measures them).
-- drizzle's index builder has no INCLUDE, so they live here rather than in the schema files.
-- The books (accounts and income/expense reports, dashboards) sum a window's ledger rows: an index-only scan.
CREATE INDEX IF NOT EXISTS "ledger_entry_org_date_cover_idx" ON "ledger_entry" ("organisation_id", "date") INCLUDE ("type", "direction", "amount", "module", "category_id", "centre_id", "kind");--> statement-breakpoint
-- One seller's collections (booking, membership) by source and date, with what the sums read.
CREATE INDEX IF NOT EXISTS "ledger_entry_org_source_date_idx" ON "ledger_entry" ("organisation_id", "source_type", "date") INCLUDE ("source_id", "payment_mode_id", "direction", "amount", "kind", "reversal_of");--> statement-breakpoint
-- Membership collections and dashboards filter by module and date.
CREATE INDEX IF NOT EXISTS "ledger_entry_org_module_date_idx" ON "ledger_entry" ("organisation_id", "module", "date");--> statement-breakpoint
-- Memberships running on a day (status month-wise, plan and sports reports): by start and by end.
CREATE INDEX IF NOT EXISTS "membership_org_start_idx" ON "membership" ("organisation_id", "start_date");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "membership_org_end_idx" ON "membership" ("organisation_id", "end_date");

-- Deposits are money held for the resident (a liability), never income: the deposit category and
-- the movements of deposits move to the liability side of the ledger. The ledger's rows are never
-- edited, except by this one correction of their side (the immutability trigger is paused for it).
UPDATE "money_category" SET "type" = 'liability', "updated_at" = now()
  WHERE "type" = 'income' AND lower("name") = lower('Security Deposits (refundable)');--> statement-breakpoint
ALTER TABLE "ledger_entry" DISABLE TRIGGER "ledger_entry_immutable";--> statement-breakpoint
UPDATE "ledger_entry" SET "type" = 'liability' WHERE "source_type" = 'accommodation_deposit' AND "type" = 'income';--> statement-breakpoint
ALTER TABLE "ledger_entry" ENABLE TRIGGER "ledger_entry_immutable";

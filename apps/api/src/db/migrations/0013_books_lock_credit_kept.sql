ALTER TABLE "invoice" DROP CONSTRAINT "invoice_amounts_valid";--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "books_locked_until" date;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_amounts_valid" CHECK ("invoice"."total" >= 0 and "invoice"."paid" >= 0 and "invoice"."credited" >= 0 and "invoice"."credited" <= "invoice"."total" and "invoice"."paid" <= "invoice"."total");--> statement-breakpoint
-- Closed books (Accounts › Close books): no movement nor GST document is dated on or before the
-- organisation's lock date. SQLSTATE ZA001 (the API answers 400 on `date`), DETAIL the lock date.
CREATE OR REPLACE FUNCTION books_open_on() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  locked date;
BEGIN
  SELECT books_locked_until INTO locked FROM organisation WHERE id = NEW.organisation_id;
  IF locked IS NOT NULL AND NEW.date <= locked THEN
    RAISE EXCEPTION 'The books are closed up to %.', locked USING ERRCODE = 'ZA001', DETAIL = locked::text, COLUMN = 'date';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_books_open BEFORE INSERT ON ledger_entry FOR EACH ROW EXECUTE FUNCTION books_open_on();
--> statement-breakpoint
CREATE TRIGGER invoice_books_open BEFORE INSERT ON invoice FOR EACH ROW EXECUTE FUNCTION books_open_on();

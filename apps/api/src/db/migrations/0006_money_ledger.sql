CREATE TABLE "income_expense" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "income_expense_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"category_id" bigint NOT NULL,
	"vendor_id" bigint,
	"centre_id" bigint,
	"amount" numeric(12, 2) NOT NULL,
	"gst_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"gst_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"date" date NOT NULL,
	"payment_mode_id" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"attachment" text,
	"attachment_name" text DEFAULT '' NOT NULL,
	"ledger_entry_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "income_expense_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "vendor" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"module" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" bigint,
	"source_label" text DEFAULT '' NOT NULL,
	"centre_id" bigint,
	"against_id" bigint,
	"bill_of_supply" boolean DEFAULT false NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"buyer_gstin" text DEFAULT '' NOT NULL,
	"buyer_address" text DEFAULT '' NOT NULL,
	"place_of_supply" text DEFAULT '' NOT NULL,
	"taxable_value" numeric(12, 2) NOT NULL,
	"cgst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sgst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"igst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"round_off" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"credited" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "invoice_amounts_valid" CHECK ("invoice"."total" >= 0 and "invoice"."paid" >= 0 and "invoice"."credited" >= 0 and "invoice"."credited" <= "invoice"."total" and "invoice"."paid" <= "invoice"."total" - "invoice"."credited")
);
--> statement-breakpoint
CREATE TABLE "invoice_line" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"invoice_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"sac_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(10, 2) DEFAULT '1' NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"taxable_value" numeric(12, 2) NOT NULL,
	"gst_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"cgst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sgst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"igst" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	CONSTRAINT "invoice_line_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"payment_mode_id" bigint,
	"reference" text DEFAULT '' NOT NULL,
	"module" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" bigint,
	"source_label" text DEFAULT '' NOT NULL,
	"party" text DEFAULT '' NOT NULL,
	"invoice_id" bigint,
	"category_id" bigint,
	"centre_id" bigint,
	"reversal_of" bigint,
	"reversed_by" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "ledger_entry_amount_positive" CHECK ("ledger_entry"."amount" > 0),
	CONSTRAINT "ledger_entry_kind_direction" CHECK (("ledger_entry"."kind" = 'receipt' and "ledger_entry"."direction" = 'in') or ("ledger_entry"."kind" in ('refund', 'payment') and "ledger_entry"."direction" = 'out') or "ledger_entry"."kind" = 'reversal')
);
--> statement-breakpoint
CREATE TABLE "money_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "facility" ADD COLUMN "gst_rates" jsonb DEFAULT '[{"rate":18,"from":"2017-07-01"}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "facility" ADD COLUMN "sac_code" text DEFAULT '999652' NOT NULL;--> statement-breakpoint
ALTER TABLE "income_expense" ADD CONSTRAINT "income_expense_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_expense" ADD CONSTRAINT "income_expense_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."money_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_expense" ADD CONSTRAINT "income_expense_vendor_id_fkey" FOREIGN KEY ("organisation_id","vendor_id") REFERENCES "public"."vendor"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_expense" ADD CONSTRAINT "income_expense_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_expense" ADD CONSTRAINT "income_expense_payment_mode_id_fkey" FOREIGN KEY ("organisation_id","payment_mode_id") REFERENCES "public"."payment_mode"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_expense" ADD CONSTRAINT "income_expense_ledger_entry_id_fkey" FOREIGN KEY ("organisation_id","ledger_entry_id") REFERENCES "public"."ledger_entry"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor" ADD CONSTRAINT "vendor_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_against_id_fkey" FOREIGN KEY ("organisation_id","against_id") REFERENCES "public"."invoice"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line" ADD CONSTRAINT "invoice_line_invoice_id_fkey" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoice"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_payment_mode_id_fkey" FOREIGN KEY ("organisation_id","payment_mode_id") REFERENCES "public"."payment_mode"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_invoice_id_fkey" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoice"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."money_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_reversal_of_fkey" FOREIGN KEY ("organisation_id","reversal_of") REFERENCES "public"."ledger_entry"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_reversed_by_fkey" FOREIGN KEY ("organisation_id","reversed_by") REFERENCES "public"."ledger_entry"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_category" ADD CONSTRAINT "money_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "income_expense_org_date_idx" ON "income_expense" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_org_name_key" ON "vendor" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_org_number_key" ON "invoice" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_org_source_key" ON "invoice" USING btree ("organisation_id","source_type","source_id") WHERE "invoice"."kind" = 'invoice';--> statement-breakpoint
CREATE INDEX "invoice_org_date_idx" ON "invoice" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE INDEX "invoice_org_against_idx" ON "invoice" USING btree ("organisation_id","against_id");--> statement-breakpoint
CREATE INDEX "invoice_line_invoice_idx" ON "invoice_line" USING btree ("organisation_id","invoice_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_org_date_idx" ON "ledger_entry" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE INDEX "ledger_entry_org_source_idx" ON "ledger_entry" USING btree ("organisation_id","source_type","source_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_org_invoice_idx" ON "ledger_entry" USING btree ("organisation_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_reversal_key" ON "ledger_entry" USING btree ("organisation_id","reversal_of");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_utr_key" ON "ledger_entry" USING btree ("organisation_id","reference") WHERE "ledger_entry"."kind" = 'receipt' and "ledger_entry"."reference" ~ '^[0-9]{12}$';--> statement-breakpoint
CREATE UNIQUE INDEX "money_category_org_type_name_key" ON "money_category" USING btree ("organisation_id","type",lower("name"));--> statement-breakpoint
-- Ledger movements are never edited nor deleted: a mistake is corrected by a reversal, and the
-- only change a row takes is having its `reversed_by` set, once.
CREATE OR REPLACE FUNCTION ledger_entry_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'A ledger movement is never deleted: record a reversal.' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.reversed_by IS NOT NULL OR NEW.reversed_by IS NULL OR (to_jsonb(NEW) - 'reversed_by') <> (to_jsonb(OLD) - 'reversed_by') THEN
    RAISE EXCEPTION 'A ledger movement is never edited: record a reversal.' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_immutable BEFORE UPDATE OR DELETE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_entry_immutable();

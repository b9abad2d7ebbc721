CREATE TABLE "asset" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"category_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_no" text DEFAULT '' NOT NULL,
	"purchase_date" date NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"vendor_id" bigint,
	"invoice_file" text,
	"invoice_file_name" text DEFAULT '' NOT NULL,
	"warranty_until" date,
	"amc_until" date,
	"condition" text DEFAULT 'good' NOT NULL,
	"status" text DEFAULT 'in_use' NOT NULL,
	"useful_life_years" integer DEFAULT 5 NOT NULL,
	"depreciation_method" text DEFAULT 'straight_line' NOT NULL,
	"salvage_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"depreciation_rate" numeric(5, 2),
	"notes" text DEFAULT '' NOT NULL,
	"picture" text,
	"expense_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "asset_salvage" CHECK ("asset"."salvage_value" >= 0 and "asset"."salvage_value" <= "asset"."cost"),
	CONSTRAINT "asset_life" CHECK ("asset"."useful_life_years" between 1 and 50),
	CONSTRAINT "asset_rate" CHECK ("asset"."depreciation_rate" is null or ("asset"."depreciation_rate" > 0 and "asset"."depreciation_rate" <= 100))
);
--> statement-breakpoint
CREATE TABLE "asset_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_maintenance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_maintenance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"asset_id" bigint NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"vendor_id" bigint,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"every_days" integer,
	"next_id" bigint,
	"expense_id" bigint,
	"reported_fault" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_maintenance_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "asset_maintenance_every" CHECK ("asset_maintenance"."every_days" is null or ("asset_maintenance"."every_days" between 1 and 3650 and "asset_maintenance"."kind" = 'preventive')),
	CONSTRAINT "asset_maintenance_cost" CHECK ("asset_maintenance"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "asset_vendor" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "asset_vendor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"service_contract_end" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_vendor_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "notification_setting" DROP CONSTRAINT "notification_setting_event";--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."asset_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset" ADD CONSTRAINT "asset_vendor_id_fkey" FOREIGN KEY ("organisation_id","vendor_id") REFERENCES "public"."asset_vendor"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_category" ADD CONSTRAINT "asset_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_asset_id_fkey" FOREIGN KEY ("organisation_id","asset_id") REFERENCES "public"."asset"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_maintenance" ADD CONSTRAINT "asset_maintenance_vendor_id_fkey" FOREIGN KEY ("organisation_id","vendor_id") REFERENCES "public"."asset_vendor"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_vendor" ADD CONSTRAINT "asset_vendor_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_org_code_key" ON "asset" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "asset_org_centre_idx" ON "asset" USING btree ("organisation_id","centre_id");--> statement-breakpoint
CREATE INDEX "asset_org_category_idx" ON "asset" USING btree ("organisation_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_category_org_name_key" ON "asset_category" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_maintenance_org_asset_idx" ON "asset_maintenance" USING btree ("organisation_id","asset_id","date");--> statement-breakpoint
CREATE INDEX "asset_maintenance_org_due_idx" ON "asset_maintenance" USING btree ("organisation_id","date") WHERE "asset_maintenance"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "asset_vendor_org_name_key" ON "asset_vendor" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_event" CHECK ("notification_setting"."event" in ('new_online_booking', 'booking_cancelled', 'new_enquiry', 'follow_up_due', 'new_complaint', 'membership_expiring_today', 'payment_received', 'low_stock', 'near_expiry_stock', 'maintenance_due'));
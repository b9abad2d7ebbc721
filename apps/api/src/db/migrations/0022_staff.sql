CREATE TABLE "staff" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"staff_code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"photo" text,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"address" text DEFAULT '' NOT NULL,
	"category_id" bigint NOT NULL,
	"joining_date" date NOT NULL,
	"salary_type" text NOT NULL,
	"base_pay" numeric(12, 2) NOT NULL,
	"commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"ifsc" text DEFAULT '' NOT NULL,
	"upi_id" text DEFAULT '' NOT NULL,
	"pan" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "staff_salary_type" CHECK ("staff"."salary_type" in ('monthly', 'hourly', 'per_session')),
	CONSTRAINT "staff_status" CHECK ("staff"."status" in ('active', 'inactive')),
	CONSTRAINT "staff_base_pay" CHECK ("staff"."base_pay" > 0 and "staff"."base_pay" <= 1000000),
	CONSTRAINT "staff_commission_percent" CHECK ("staff"."commission_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "staff_centre" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_centre_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	CONSTRAINT "staff_centre_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."staff_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_centre" ADD CONSTRAINT "staff_centre_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_centre" ADD CONSTRAINT "staff_centre_staff_id_fkey" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_centre" ADD CONSTRAINT "staff_centre_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_code_key" ON "staff" USING btree ("organisation_id","staff_code");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_phone_key" ON "staff" USING btree ("organisation_id","phone");--> statement-breakpoint
CREATE INDEX "staff_org_name_idx" ON "staff" USING btree ("organisation_id",lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "staff_centre_staff_centre_key" ON "staff_centre" USING btree ("organisation_id","staff_id","centre_id");--> statement-breakpoint
CREATE INDEX "staff_centre_centre_idx" ON "staff_centre" USING btree ("organisation_id","centre_id");
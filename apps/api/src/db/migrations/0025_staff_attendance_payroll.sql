CREATE TABLE "payroll" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"salary_type" text NOT NULL,
	"base_pay" numeric(12, 2) NOT NULL,
	"working_days" integer NOT NULL,
	"present_days" numeric(5, 1) NOT NULL,
	"half_days" integer DEFAULT 0 NOT NULL,
	"leave_days" integer DEFAULT 0 NOT NULL,
	"paid_leave_days" integer DEFAULT 0 NOT NULL,
	"absent_days" integer DEFAULT 0 NOT NULL,
	"hours" numeric(7, 2) DEFAULT '0' NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"base_amount" numeric(12, 2) NOT NULL,
	"commission_sales" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commission_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"commission" numeric(12, 2) DEFAULT '0' NOT NULL,
	"bonus" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"advance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"other_deductions" numeric(12, 2) DEFAULT '0' NOT NULL,
	"pf_enabled" boolean DEFAULT false NOT NULL,
	"esi_enabled" boolean DEFAULT false NOT NULL,
	"pf" numeric(12, 2) DEFAULT '0' NOT NULL,
	"esi" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total_deductions" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"computation" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_on" date,
	"payment_mode_id" bigint,
	"reference" text DEFAULT '' NOT NULL,
	"expense_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "payroll_status" CHECK ("payroll"."status" in ('draft', 'approved', 'paid')),
	CONSTRAINT "payroll_month" CHECK ("payroll"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payroll_net" CHECK ("payroll"."net" >= 0 and "payroll"."gross" >= 0),
	CONSTRAINT "payroll_paid" CHECK ("payroll"."status" <> 'paid' or "payroll"."paid_on" is not null)
);
--> statement-breakpoint
CREATE TABLE "staff_attendance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"check_in" time,
	"check_out" time,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_attendance_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "staff_attendance_status" CHECK ("staff_attendance"."status" in ('present', 'absent', 'half_day', 'leave')),
	CONSTRAINT "staff_attendance_times" CHECK ("staff_attendance"."check_out" is null or "staff_attendance"."check_in" is null or "staff_attendance"."check_out" >= "staff_attendance"."check_in")
);
--> statement-breakpoint
CREATE TABLE "staff_setting" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_setting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"weekly_off_day" integer DEFAULT 7,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_setting_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "staff_setting_weekly_off_day" CHECK ("staff_setting"."weekly_off_day" is null or "staff_setting"."weekly_off_day" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "sold_by" bigint;--> statement-breakpoint
ALTER TABLE "membership" ADD COLUMN "sold_by" bigint;--> statement-breakpoint
ALTER TABLE "payroll" ADD CONSTRAINT "payroll_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll" ADD CONSTRAINT "payroll_staff_id_fkey" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll" ADD CONSTRAINT "payroll_payment_mode_id_fkey" FOREIGN KEY ("organisation_id","payment_mode_id") REFERENCES "public"."payment_mode"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_staff_id_fkey" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_setting" ADD CONSTRAINT "staff_setting_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_staff_month_key" ON "payroll" USING btree ("organisation_id","staff_id","month");--> statement-breakpoint
CREATE INDEX "payroll_org_month_idx" ON "payroll" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_attendance_staff_date_key" ON "staff_attendance" USING btree ("organisation_id","staff_id","date");--> statement-breakpoint
CREATE INDEX "staff_attendance_org_date_idx" ON "staff_attendance" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_setting_org_key" ON "staff_setting" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_sold_by_fkey" FOREIGN KEY ("organisation_id","sold_by") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_sold_by_fkey" FOREIGN KEY ("organisation_id","sold_by") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;
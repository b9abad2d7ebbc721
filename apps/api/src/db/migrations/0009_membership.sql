CREATE TABLE "batch" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sport_id" bigint,
	"centre_id" bigint NOT NULL,
	"coach_id" bigint,
	"weekdays" integer[] NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"capacity" integer NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "batch_capacity" CHECK ("batch"."capacity" >= 1 and "batch"."member_count" >= 0 and "batch"."member_count" <= "batch"."capacity"),
	CONSTRAINT "batch_times" CHECK ("batch"."end_time" > "batch"."start_time")
);
--> statement-breakpoint
CREATE TABLE "batch_member" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"joined_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_member_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"gender" text NOT NULL,
	"date_of_birth" date,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"centre_id" bigint NOT NULL,
	"photo" text,
	"emergency_contact_name" text DEFAULT '' NOT NULL,
	"emergency_contact_phone" text DEFAULT '' NOT NULL,
	"blood_group" text DEFAULT '' NOT NULL,
	"health_notes" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'walk-in' NOT NULL,
	"joined_on" date NOT NULL,
	"trainer_id" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"current_membership_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_attendance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"membership_id" bigint,
	"centre_id" bigint NOT NULL,
	"date" date NOT NULL,
	"check_in" timestamp with time zone NOT NULL,
	"check_out" timestamp with time zone,
	"source" text DEFAULT 'desk' NOT NULL,
	"override" boolean DEFAULT false NOT NULL,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_attendance_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "member_attendance_out_after_in" CHECK ("member_attendance"."check_out" is null or "member_attendance"."check_out" >= "member_attendance"."check_in")
);
--> statement-breakpoint
CREATE TABLE "member_performance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_performance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"value" numeric(10, 2) NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_performance_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_service" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_service_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"service_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"staff_id" bigint,
	"label" text NOT NULL,
	"party" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"sessions_total" integer,
	"sessions_left" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_service_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "member_service_dates" CHECK ("member_service"."end_date" >= "member_service"."start_date"),
	CONSTRAINT "member_service_discount_range" CHECK ("member_service"."discount" >= 0 and "member_service"."discount" <= "member_service"."price"),
	CONSTRAINT "member_service_total" CHECK ("member_service"."total" = "member_service"."price" - "member_service"."discount"),
	CONSTRAINT "member_service_paid_range" CHECK ("member_service"."paid" >= 0 and "member_service"."paid" <= "member_service"."total"),
	CONSTRAINT "member_service_sessions" CHECK ("member_service"."sessions_left" is null or ("member_service"."sessions_left" >= 0 and "member_service"."sessions_left" <= "member_service"."sessions_total"))
);
--> statement-breakpoint
CREATE TABLE "membership" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"label" text NOT NULL,
	"party" text NOT NULL,
	"start_date" date NOT NULL,
	"base_end_date" date NOT NULL,
	"end_date" date NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"joining_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"sessions_total" integer,
	"sessions_left" integer,
	"renewed_from_id" bigint,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "membership_dates" CHECK ("membership"."end_date" >= "membership"."start_date" and "membership"."base_end_date" >= "membership"."start_date"),
	CONSTRAINT "membership_discount_range" CHECK ("membership"."discount" >= 0 and "membership"."discount" <= "membership"."price"),
	CONSTRAINT "membership_total" CHECK ("membership"."total" = "membership"."price" - "membership"."discount" + "membership"."joining_fee"),
	CONSTRAINT "membership_paid_range" CHECK ("membership"."paid" >= 0 and "membership"."paid" <= "membership"."total"),
	CONSTRAINT "membership_sessions" CHECK ("membership"."sessions_left" is null or ("membership"."sessions_left" >= 0 and "membership"."sessions_left" <= "membership"."sessions_total"))
);
--> statement-breakpoint
CREATE TABLE "membership_freeze" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_freeze_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"membership_id" bigint NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"days" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"ended_on" date,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_freeze_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "membership_freeze_days" CHECK ("membership_freeze"."days" >= 0 and "membership_freeze"."to_date" >= "membership_freeze"."from_date" - 1)
);
--> statement-breakpoint
CREATE TABLE "membership_setting" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_setting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"reminder_days" integer DEFAULT 7 NOT NULL,
	"refreshed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_setting_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "membership_setting_reminder_range" CHECK ("membership_setting"."reminder_days" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "performance_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "performance_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "performance_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "performance_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category_id" bigint NOT NULL,
	"unit" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_item_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "membership_plan" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sport_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"duration_value" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"sessions" integer,
	"price" numeric(12, 2) NOT NULL,
	"gst_rates" jsonb DEFAULT '[{"rate":18,"from":"2017-07-01"},{"rate":5,"from":"2025-09-22"}]'::jsonb NOT NULL,
	"sac_code" text DEFAULT '999723' NOT NULL,
	"joining_fee" numeric(12, 2) DEFAULT '0' NOT NULL,
	"freeze_max_times" integer DEFAULT 0 NOT NULL,
	"freeze_max_days" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plan_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "membership_plan_duration_positive" CHECK ("membership_plan"."duration_value" >= 1),
	CONSTRAINT "membership_plan_amounts" CHECK ("membership_plan"."price" >= 0 and "membership_plan"."joining_fee" >= 0),
	CONSTRAINT "membership_plan_freeze_limits" CHECK ("membership_plan"."freeze_max_times" >= 0 and "membership_plan"."freeze_max_days" >= 0),
	CONSTRAINT "membership_plan_sessions_positive" CHECK ("membership_plan"."sessions" is null or "membership_plan"."sessions" >= 1)
);
--> statement-breakpoint
CREATE TABLE "membership_service" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_service_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"duration_days" integer NOT NULL,
	"sessions" integer,
	"gst_rates" jsonb DEFAULT '[{"rate":18,"from":"2017-07-01"},{"rate":5,"from":"2025-09-22"}]'::jsonb NOT NULL,
	"sac_code" text DEFAULT '999723' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_service_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "membership_service_duration" CHECK ("membership_service"."duration_days" >= 1),
	CONSTRAINT "membership_service_price" CHECK ("membership_service"."price" >= 0),
	CONSTRAINT "membership_service_sessions" CHECK ("membership_service"."sessions" is null or "membership_service"."sessions" >= 1)
);
--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_sport_id_fkey" FOREIGN KEY ("organisation_id","sport_id") REFERENCES "public"."sport"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_member" ADD CONSTRAINT "batch_member_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_member" ADD CONSTRAINT "batch_member_batch_id_fkey" FOREIGN KEY ("organisation_id","batch_id") REFERENCES "public"."batch"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_member" ADD CONSTRAINT "batch_member_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attendance" ADD CONSTRAINT "member_attendance_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attendance" ADD CONSTRAINT "member_attendance_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attendance" ADD CONSTRAINT "member_attendance_membership_id_fkey" FOREIGN KEY ("organisation_id","membership_id") REFERENCES "public"."membership"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_attendance" ADD CONSTRAINT "member_attendance_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_performance" ADD CONSTRAINT "member_performance_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_performance" ADD CONSTRAINT "member_performance_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_performance" ADD CONSTRAINT "member_performance_item_id_fkey" FOREIGN KEY ("organisation_id","item_id") REFERENCES "public"."performance_item"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_service" ADD CONSTRAINT "member_service_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_service" ADD CONSTRAINT "member_service_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_service" ADD CONSTRAINT "member_service_service_id_fkey" FOREIGN KEY ("organisation_id","service_id") REFERENCES "public"."membership_service"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_service" ADD CONSTRAINT "member_service_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_plan_id_fkey" FOREIGN KEY ("organisation_id","plan_id") REFERENCES "public"."membership_plan"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership" ADD CONSTRAINT "membership_renewed_from_id_fkey" FOREIGN KEY ("organisation_id","renewed_from_id") REFERENCES "public"."membership"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freeze" ADD CONSTRAINT "membership_freeze_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_freeze" ADD CONSTRAINT "membership_freeze_membership_id_fkey" FOREIGN KEY ("organisation_id","membership_id") REFERENCES "public"."membership"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_setting" ADD CONSTRAINT "membership_setting_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_category" ADD CONSTRAINT "performance_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_item" ADD CONSTRAINT "performance_item_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_item" ADD CONSTRAINT "performance_item_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."performance_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD CONSTRAINT "membership_plan_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plan" ADD CONSTRAINT "membership_plan_sport_id_fkey" FOREIGN KEY ("organisation_id","sport_id") REFERENCES "public"."sport"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_service" ADD CONSTRAINT "membership_service_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_org_centre_name_key" ON "batch" USING btree ("organisation_id","centre_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "batch_member_key" ON "batch_member" USING btree ("organisation_id","batch_id","member_id");--> statement-breakpoint
CREATE INDEX "batch_member_member_idx" ON "batch_member" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_org_code_key" ON "member" USING btree ("organisation_id","member_code");--> statement-breakpoint
CREATE UNIQUE INDEX "member_org_phone_key" ON "member" USING btree ("organisation_id","phone") WHERE "member"."is_active";--> statement-breakpoint
CREATE INDEX "member_org_status_idx" ON "member" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "member_org_name_idx" ON "member" USING btree ("organisation_id",lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "member_attendance_open_key" ON "member_attendance" USING btree ("organisation_id","member_id","date") WHERE "member_attendance"."check_out" is null;--> statement-breakpoint
CREATE INDEX "member_attendance_org_date_idx" ON "member_attendance" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE INDEX "member_attendance_member_idx" ON "member_attendance" USING btree ("organisation_id","member_id","date");--> statement-breakpoint
CREATE INDEX "member_performance_member_idx" ON "member_performance" USING btree ("organisation_id","member_id","item_id","date");--> statement-breakpoint
CREATE INDEX "member_service_org_member_idx" ON "member_service" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE INDEX "member_service_org_status_end_idx" ON "member_service" USING btree ("organisation_id","status","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_renewed_from_key" ON "membership" USING btree ("organisation_id","renewed_from_id") WHERE "membership"."renewed_from_id" is not null and "membership"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "membership_org_member_idx" ON "membership" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE INDEX "membership_org_status_end_idx" ON "membership" USING btree ("organisation_id","status","end_date");--> statement-breakpoint
CREATE INDEX "membership_freeze_membership_idx" ON "membership_freeze" USING btree ("organisation_id","membership_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_setting_org_key" ON "membership_setting" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_category_org_name_key" ON "performance_category" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "performance_item_org_name_key" ON "performance_item" USING btree ("organisation_id","category_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plan_org_name_key" ON "membership_plan" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "membership_service_org_name_key" ON "membership_service" USING btree ("organisation_id",lower("name"));
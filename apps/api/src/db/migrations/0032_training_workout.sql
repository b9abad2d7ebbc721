CREATE TABLE "training_exercise" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_exercise_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"equipment" text NOT NULL,
	"primary_muscles" text[] NOT NULL,
	"secondary_muscles" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_url" text DEFAULT '' NOT NULL,
	"picture" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_exercise_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "training_exercise_own_id" CHECK ("training_exercise"."id" >= 100000)
);
--> statement-breakpoint
CREATE TABLE "training_exercise_library" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"equipment" text NOT NULL,
	"primary_muscles" text[] NOT NULL,
	"secondary_muscles" text[] NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "training_exercise_library_id" CHECK ("training_exercise_library"."id" between 1 and 99999)
);
--> statement-breakpoint
CREATE TABLE "training_message_template" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_message_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_message_template_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "training_plan" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category_id" bigint,
	"level" text NOT NULL,
	"days_per_week" integer NOT NULL,
	"weeks" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"days" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"member_id" bigint,
	"template_id" bigint,
	"start_date" date,
	"end_date" date,
	"status" text,
	"notes" text DEFAULT '' NOT NULL,
	"assigned_by" text DEFAULT '' NOT NULL,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_plan_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "training_plan_days_per_week" CHECK ("training_plan"."days_per_week" between 1 and 7),
	CONSTRAINT "training_plan_weeks" CHECK ("training_plan"."weeks" between 1 and 52),
	CONSTRAINT "training_plan_copy" CHECK (("training_plan"."member_id" is null and "training_plan"."status" is null and "training_plan"."start_date" is null) or ("training_plan"."member_id" is not null and "training_plan"."status" is not null and "training_plan"."start_date" is not null)),
	CONSTRAINT "training_plan_dates" CHECK ("training_plan"."end_date" is null or "training_plan"."end_date" >= "training_plan"."start_date")
);
--> statement-breakpoint
CREATE TABLE "training_plan_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_plan_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"day" integer NOT NULL,
	"position" integer NOT NULL,
	"library_exercise_id" integer,
	"exercise_id" bigint,
	"sets" integer NOT NULL,
	"reps" text NOT NULL,
	"rest_seconds" integer NOT NULL,
	"tempo" text DEFAULT '' NOT NULL,
	"load_kind" text NOT NULL,
	"load" numeric(6, 2) DEFAULT 0 NOT NULL,
	"superset" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "training_plan_item_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "training_plan_item_one_exercise" CHECK (("training_plan_item"."library_exercise_id" is null) <> ("training_plan_item"."exercise_id" is null)),
	CONSTRAINT "training_plan_item_day" CHECK ("training_plan_item"."day" between 1 and 7),
	CONSTRAINT "training_plan_item_sets" CHECK ("training_plan_item"."sets" between 1 and 20),
	CONSTRAINT "training_plan_item_rest" CHECK ("training_plan_item"."rest_seconds" between 0 and 900)
);
--> statement-breakpoint
CREATE TABLE "training_workout_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_workout_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_workout_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "training_workout_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "training_workout_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_plan_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"date" date NOT NULL,
	"library_exercise_id" integer,
	"exercise_id" bigint,
	"sets" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_workout_log_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "training_workout_log_one_exercise" CHECK (("training_workout_log"."library_exercise_id" is null) <> ("training_workout_log"."exercise_id" is null))
);
--> statement-breakpoint
ALTER TABLE "training_exercise" ADD CONSTRAINT "training_exercise_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_message_template" ADD CONSTRAINT "training_message_template_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan" ADD CONSTRAINT "training_plan_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan" ADD CONSTRAINT "training_plan_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."training_workout_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan" ADD CONSTRAINT "training_plan_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan" ADD CONSTRAINT "training_plan_template_id_fkey" FOREIGN KEY ("organisation_id","template_id") REFERENCES "public"."training_plan"("organisation_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_item" ADD CONSTRAINT "training_plan_item_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_item" ADD CONSTRAINT "training_plan_item_library_exercise_id_training_exercise_library_id_fk" FOREIGN KEY ("library_exercise_id") REFERENCES "public"."training_exercise_library"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_item" ADD CONSTRAINT "training_plan_item_plan_id_fkey" FOREIGN KEY ("organisation_id","plan_id") REFERENCES "public"."training_plan"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plan_item" ADD CONSTRAINT "training_plan_item_exercise_id_fkey" FOREIGN KEY ("organisation_id","exercise_id") REFERENCES "public"."training_exercise"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_workout_category" ADD CONSTRAINT "training_workout_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_workout_log" ADD CONSTRAINT "training_workout_log_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_workout_log" ADD CONSTRAINT "training_workout_log_library_exercise_id_training_exercise_library_id_fk" FOREIGN KEY ("library_exercise_id") REFERENCES "public"."training_exercise_library"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_workout_log" ADD CONSTRAINT "training_workout_log_member_plan_id_fkey" FOREIGN KEY ("organisation_id","member_plan_id") REFERENCES "public"."training_plan"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_workout_log" ADD CONSTRAINT "training_workout_log_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_workout_log" ADD CONSTRAINT "training_workout_log_exercise_id_fkey" FOREIGN KEY ("organisation_id","exercise_id") REFERENCES "public"."training_exercise"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_exercise_org_name_key" ON "training_exercise" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "training_exercise_library_slug_key" ON "training_exercise_library" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "training_message_template_org_name_key" ON "training_message_template" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "training_plan_member_template_active_key" ON "training_plan" USING btree ("organisation_id","member_id","template_id") WHERE "training_plan"."member_id" is not null and "training_plan"."status" = 'active';--> statement-breakpoint
CREATE INDEX "training_plan_org_member_idx" ON "training_plan" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE INDEX "training_plan_org_template_idx" ON "training_plan" USING btree ("organisation_id","template_id");--> statement-breakpoint
CREATE INDEX "training_plan_item_plan_idx" ON "training_plan_item" USING btree ("organisation_id","plan_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "training_workout_category_org_name_key" ON "training_workout_category" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "training_workout_log_plan_date_idx" ON "training_workout_log" USING btree ("organisation_id","member_plan_id","date");
CREATE TABLE "diet_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diet_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "diet_food" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_food_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000000000 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"local_names" text DEFAULT '' NOT NULL,
	"food_group" text NOT NULL,
	"food_type" text NOT NULL,
	"kcal" numeric(7, 2) NOT NULL,
	"protein" numeric(6, 2) NOT NULL,
	"carbohydrate" numeric(6, 2) NOT NULL,
	"fat" numeric(6, 2) NOT NULL,
	"fibre" numeric(6, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diet_member_diet" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_member_diet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category_id" bigint,
	"goal" text DEFAULT '' NOT NULL,
	"diet_type" text DEFAULT 'veg' NOT NULL,
	"target_kcal" integer,
	"target_protein" integer,
	"target_carbohydrate" integer,
	"target_fat" integer,
	"target_fibre" integer,
	"meals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"assigned_by_id" bigint,
	"assigned_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diet_member_diet_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "diet_member_diet_dates" CHECK ("diet_member_diet"."end_date" is null or "diet_member_diet"."end_date" >= "diet_member_diet"."start_date")
);
--> statement-breakpoint
CREATE TABLE "diet_message_template" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_message_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"channel" text DEFAULT 'whatsapp' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diet_message_template_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "diet_own_food" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_own_food_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"local_names" text DEFAULT '' NOT NULL,
	"food_group" text DEFAULT 'Own foods' NOT NULL,
	"food_type" text DEFAULT 'veg' NOT NULL,
	"kcal" numeric(7, 2) NOT NULL,
	"protein" numeric(6, 2) NOT NULL,
	"carbohydrate" numeric(6, 2) NOT NULL,
	"fat" numeric(6, 2) NOT NULL,
	"fibre" numeric(6, 2) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diet_own_food_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "diet_own_food_nutrients" CHECK ("diet_own_food"."kcal" between 0 and 900 and "diet_own_food"."protein" between 0 and 100 and "diet_own_food"."carbohydrate" between 0 and 100 and "diet_own_food"."fat" between 0 and 100 and "diet_own_food"."fibre" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "diet_plan" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "diet_plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category_id" bigint,
	"goal" text DEFAULT '' NOT NULL,
	"diet_type" text DEFAULT 'veg' NOT NULL,
	"target_kcal" integer,
	"target_protein" integer,
	"target_carbohydrate" integer,
	"target_fat" integer,
	"target_fibre" integer,
	"meals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diet_plan_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "diet_plan_target_kcal" CHECK ("diet_plan"."target_kcal" is null or "diet_plan"."target_kcal" between 500 and 6000)
);
--> statement-breakpoint
ALTER TABLE "diet_category" ADD CONSTRAINT "diet_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_member_diet" ADD CONSTRAINT "diet_member_diet_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_member_diet" ADD CONSTRAINT "diet_member_diet_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_member_diet" ADD CONSTRAINT "diet_member_diet_plan_id_fkey" FOREIGN KEY ("organisation_id","plan_id") REFERENCES "public"."diet_plan"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_member_diet" ADD CONSTRAINT "diet_member_diet_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."diet_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_message_template" ADD CONSTRAINT "diet_message_template_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_own_food" ADD CONSTRAINT "diet_own_food_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_plan" ADD CONSTRAINT "diet_plan_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diet_plan" ADD CONSTRAINT "diet_plan_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."diet_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diet_category_org_name_key" ON "diet_category" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "diet_food_code_key" ON "diet_food" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "diet_member_diet_active_key" ON "diet_member_diet" USING btree ("organisation_id","member_id","plan_id") WHERE "diet_member_diet"."is_active";--> statement-breakpoint
CREATE INDEX "diet_member_diet_org_member_idx" ON "diet_member_diet" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE INDEX "diet_member_diet_org_plan_idx" ON "diet_member_diet" USING btree ("organisation_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diet_message_template_org_name_key" ON "diet_message_template" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "diet_own_food_org_name_key" ON "diet_own_food" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "diet_plan_org_name_key" ON "diet_plan" USING btree ("organisation_id",lower("name"));
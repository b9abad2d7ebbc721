CREATE TABLE "accommodation_charge" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accommodation_charge_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"stay_id" bigint NOT NULL,
	"month" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"party" text NOT NULL,
	"centre_id" bigint NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"credited" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_charge_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "accommodation_charge_amounts" CHECK ("accommodation_charge"."paid" >= 0 and "accommodation_charge"."credited" >= 0 and "accommodation_charge"."credited" <= "accommodation_charge"."total")
);
--> statement-breakpoint
CREATE TABLE "accommodation_client" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accommodation_client_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"gender" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"guardian_name" text DEFAULT '' NOT NULL,
	"guardian_phone" text DEFAULT '' NOT NULL,
	"guardian_relation" text DEFAULT '' NOT NULL,
	"id_proof_type" text DEFAULT '' NOT NULL,
	"id_proof_number" text DEFAULT '' NOT NULL,
	"id_proof_file" text,
	"id_proof_name" text DEFAULT '' NOT NULL,
	"member_id" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_client_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "accommodation_room" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accommodation_room_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"number" text NOT NULL,
	"room_type_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_room_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "accommodation_room_type" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accommodation_room_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"beds_per_room" integer NOT NULL,
	"rate_per_night" numeric(12, 2) NOT NULL,
	"rate_per_month" numeric(12, 2) NOT NULL,
	"deposit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amenities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gst_rates" jsonb NOT NULL,
	"sac_code" text DEFAULT '996311' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_room_type_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "accommodation_room_type_beds" CHECK ("accommodation_room_type"."beds_per_room" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "accommodation_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accommodation_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"check_in_time" time DEFAULT '12:00:00' NOT NULL,
	"check_out_time" time DEFAULT '11:00:00' NOT NULL,
	"deposit_required" boolean DEFAULT true NOT NULL,
	"deposit_for_nightly" boolean DEFAULT false NOT NULL,
	"rent_due_days" integer DEFAULT 5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_settings_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "accommodation_stay" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accommodation_stay_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"room_id" bigint NOT NULL,
	"bed" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rate_basis" text NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"deposit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"deposit_status" text DEFAULT 'none' NOT NULL,
	"deposit_deducted" numeric(12, 2) DEFAULT '0' NOT NULL,
	"deposit_mode_id" bigint,
	"status" text DEFAULT 'reserved' NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"previous_stay_id" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accommodation_stay_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "accommodation_stay_dates" CHECK ("accommodation_stay"."check_out" > "accommodation_stay"."check_in"),
	CONSTRAINT "accommodation_stay_bed" CHECK ("accommodation_stay"."bed" between 1 and 20),
	CONSTRAINT "accommodation_stay_amounts" CHECK ("accommodation_stay"."rate" >= 0 and "accommodation_stay"."deposit" >= 0 and "accommodation_stay"."deposit_deducted" between 0 and "accommodation_stay"."deposit")
);
--> statement-breakpoint
ALTER TABLE "accommodation_charge" ADD CONSTRAINT "accommodation_charge_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_charge" ADD CONSTRAINT "accommodation_charge_stay_id_fkey" FOREIGN KEY ("organisation_id","stay_id") REFERENCES "public"."accommodation_stay"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_charge" ADD CONSTRAINT "accommodation_charge_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_client" ADD CONSTRAINT "accommodation_client_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_client" ADD CONSTRAINT "accommodation_client_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_room" ADD CONSTRAINT "accommodation_room_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_room" ADD CONSTRAINT "accommodation_room_room_type_id_fkey" FOREIGN KEY ("organisation_id","room_type_id") REFERENCES "public"."accommodation_room_type"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_room" ADD CONSTRAINT "accommodation_room_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_room_type" ADD CONSTRAINT "accommodation_room_type_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_settings" ADD CONSTRAINT "accommodation_settings_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_stay" ADD CONSTRAINT "accommodation_stay_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_stay" ADD CONSTRAINT "accommodation_stay_client_id_fkey" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."accommodation_client"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_stay" ADD CONSTRAINT "accommodation_stay_room_id_fkey" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."accommodation_room"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accommodation_stay" ADD CONSTRAINT "accommodation_stay_previous_stay_id_fkey" FOREIGN KEY ("organisation_id","previous_stay_id") REFERENCES "public"."accommodation_stay"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accommodation_charge_stay_month_key" ON "accommodation_charge" USING btree ("organisation_id","stay_id","month");--> statement-breakpoint
CREATE INDEX "accommodation_client_org_phone_idx" ON "accommodation_client" USING btree ("organisation_id","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "accommodation_room_org_number_key" ON "accommodation_room" USING btree ("organisation_id","centre_id",lower("number"));--> statement-breakpoint
CREATE INDEX "accommodation_room_org_type_idx" ON "accommodation_room" USING btree ("organisation_id","room_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accommodation_room_type_org_name_key" ON "accommodation_room_type" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accommodation_settings_org_key" ON "accommodation_settings" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "accommodation_stay_org_client_idx" ON "accommodation_stay" USING btree ("organisation_id","client_id");--> statement-breakpoint
CREATE INDEX "accommodation_stay_org_dates_idx" ON "accommodation_stay" USING btree ("organisation_id","check_in","check_out");
CREATE TABLE "end_user_contact_change" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_contact_change_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_contact_change_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "end_user_request" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"membership_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"from_date" date,
	"days" integer,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_request_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "end_user_request_freeze" CHECK ("end_user_request"."kind" <> 'freeze' or ("end_user_request"."from_date" is not null and "end_user_request"."days" between 1 and 365))
);
--> statement-breakpoint
CREATE TABLE "end_user_workout_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_workout_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"date" date NOT NULL,
	"exercise" text NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"weight_tenths" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_workout_log_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "end_user_workout_log_bounds" CHECK ("end_user_workout_log"."sets" between 1 and 50 and "end_user_workout_log"."reps" between 1 and 1000 and "end_user_workout_log"."weight_tenths" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "end_user_contact_change" ADD CONSTRAINT "end_user_contact_change_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_contact_change" ADD CONSTRAINT "end_user_contact_change_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_request" ADD CONSTRAINT "end_user_request_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_request" ADD CONSTRAINT "end_user_request_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_request" ADD CONSTRAINT "end_user_request_membership_id_fkey" FOREIGN KEY ("organisation_id","membership_id") REFERENCES "public"."membership"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_workout_log" ADD CONSTRAINT "end_user_workout_log_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_workout_log" ADD CONSTRAINT "end_user_workout_log_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "end_user_contact_change_org_member_idx" ON "end_user_contact_change" USING btree ("organisation_id","member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_request_pending_key" ON "end_user_request" USING btree ("organisation_id","membership_id","kind") WHERE "end_user_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "end_user_request_org_member_idx" ON "end_user_request" USING btree ("organisation_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "end_user_request_org_status_idx" ON "end_user_request" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "end_user_workout_log_org_member_idx" ON "end_user_workout_log" USING btree ("organisation_id","member_id","date");
CREATE TABLE "crm_complaint" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_complaint_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"priority" text NOT NULL,
	"assigned_to" bigint,
	"centre_id" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_complaint_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "crm_complaint_priority" CHECK ("crm_complaint"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "crm_complaint_status" CHECK ("crm_complaint"."status" in ('open', 'closed')),
	CONSTRAINT "crm_complaint_resolution" CHECK ("crm_complaint"."status" = 'open' or "crm_complaint"."resolution" <> ''),
	CONSTRAINT "crm_complaint_from" CHECK ("crm_complaint"."member_id" is not null or ("crm_complaint"."name" <> '' and "crm_complaint"."phone" <> ''))
);
--> statement-breakpoint
CREATE TABLE "crm_contact_group" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_contact_group_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filter" jsonb,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contact_group_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "crm_contact_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_contact_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_contact_log_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "crm_contact_log_kind" CHECK ("crm_contact_log"."kind" in ('call', 'message', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "crm_enquiry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_enquiry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gender" text,
	"source" text NOT NULL,
	"interested_in" text DEFAULT '' NOT NULL,
	"plan_ids" bigint[] DEFAULT '{}' NOT NULL,
	"sport_ids" bigint[] DEFAULT '{}' NOT NULL,
	"assigned_to" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"next_follow_up" date,
	"notes" text DEFAULT '' NOT NULL,
	"centre_id" bigint NOT NULL,
	"member_id" bigint,
	"close_reason" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_enquiry_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "crm_enquiry_status" CHECK ("crm_enquiry"."status" in ('open', 'closed', 'converted')),
	CONSTRAINT "crm_enquiry_converted" CHECK (("crm_enquiry"."status" = 'converted') = ("crm_enquiry"."member_id" is not null)),
	CONSTRAINT "crm_enquiry_closed" CHECK ("crm_enquiry"."status" <> 'closed' or "crm_enquiry"."close_reason" <> '')
);
--> statement-breakpoint
CREATE TABLE "crm_enquiry_follow_up" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_enquiry_follow_up_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"enquiry_id" bigint NOT NULL,
	"date" date NOT NULL,
	"method" text NOT NULL,
	"outcome" text NOT NULL,
	"next_follow_up" date,
	"staff_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_enquiry_follow_up_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "crm_follow_up_method" CHECK ("crm_enquiry_follow_up"."method" in ('call', 'email', 'visit', 'whatsapp', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "crm_complaint" ADD CONSTRAINT "crm_complaint_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_complaint" ADD CONSTRAINT "crm_complaint_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_complaint" ADD CONSTRAINT "crm_complaint_assigned_to_fkey" FOREIGN KEY ("organisation_id","assigned_to") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_complaint" ADD CONSTRAINT "crm_complaint_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_complaint" ADD CONSTRAINT "crm_complaint_resolved_by_fkey" FOREIGN KEY ("organisation_id","resolved_by") REFERENCES "public"."app_user"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contact_group" ADD CONSTRAINT "crm_contact_group_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contact_log" ADD CONSTRAINT "crm_contact_log_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contact_log" ADD CONSTRAINT "crm_contact_log_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contact_log" ADD CONSTRAINT "crm_contact_log_user_id_fkey" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."app_user"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry" ADD CONSTRAINT "crm_enquiry_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry" ADD CONSTRAINT "crm_enquiry_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry" ADD CONSTRAINT "crm_enquiry_assigned_to_fkey" FOREIGN KEY ("organisation_id","assigned_to") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry" ADD CONSTRAINT "crm_enquiry_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry_follow_up" ADD CONSTRAINT "crm_enquiry_follow_up_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry_follow_up" ADD CONSTRAINT "crm_enquiry_follow_up_enquiry_id_fkey" FOREIGN KEY ("organisation_id","enquiry_id") REFERENCES "public"."crm_enquiry"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_enquiry_follow_up" ADD CONSTRAINT "crm_enquiry_follow_up_staff_id_fkey" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_complaint_org_status_idx" ON "crm_complaint" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "crm_contact_group_org_name_idx" ON "crm_contact_group" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crm_contact_log_member_idx" ON "crm_contact_log" USING btree ("organisation_id","member_id","at");--> statement-breakpoint
CREATE INDEX "crm_enquiry_org_status_follow_idx" ON "crm_enquiry" USING btree ("organisation_id","status","next_follow_up");--> statement-breakpoint
CREATE INDEX "crm_enquiry_org_created_idx" ON "crm_enquiry" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_enquiry_org_phone_idx" ON "crm_enquiry" USING btree ("organisation_id","phone");--> statement-breakpoint
CREATE INDEX "crm_follow_up_enquiry_idx" ON "crm_enquiry_follow_up" USING btree ("organisation_id","enquiry_id","date");
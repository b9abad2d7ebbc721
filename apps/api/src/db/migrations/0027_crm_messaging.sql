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
CREATE TABLE "crm_promotion" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_promotion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"template_id" bigint NOT NULL,
	"template_name" text NOT NULL,
	"audience" text NOT NULL,
	"audience_label" text NOT NULL,
	"param" bigint,
	"param_label" text DEFAULT '' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text DEFAULT '' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_promotion_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "crm_promotion_status" CHECK ("crm_promotion"."status" in ('scheduled', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "crm_promotion_channel" CHECK ("crm_promotion"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "crm_promotion_sent" CHECK (("crm_promotion"."status" = 'sent') = ("crm_promotion"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "message" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"module" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"provider_message_id" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_id" bigint,
	"recipient_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"template_id" bigint,
	"rule_id" bigint,
	"event_key" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"source_id" bigint,
	"promotional" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "message_status" CHECK ("message"."status" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')),
	CONSTRAINT "message_credits" CHECK ("message"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_credit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_credit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_credit_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "message_credit_balance" CHECK ("message_credit"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "message_credit_movement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_credit_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"change" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_credit_movement_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "message_credit_movement_reason" CHECK ("message_credit_movement"."reason" in ('purchase', 'send', 'refund', 'retry', 'seed'))
);
--> statement-breakpoint
CREATE TABLE "message_opt_out" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_opt_out_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_out_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_rule" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"module" text NOT NULL,
	"template_id" bigint NOT NULL,
	"offset" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_rule_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "message_rule_offset" CHECK ("message_rule"."offset" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "message_setting" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_setting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"sms_provider" text DEFAULT 'offline' NOT NULL,
	"msg91_sender_id" text DEFAULT '' NOT NULL,
	"msg91_dlt_entity_id" text DEFAULT '' NOT NULL,
	"msg91_auth_key" text DEFAULT '' NOT NULL,
	"whatsapp_provider" text DEFAULT 'offline' NOT NULL,
	"whatsapp_phone_number_id" text DEFAULT '' NOT NULL,
	"whatsapp_access_token" text DEFAULT '' NOT NULL,
	"whatsapp_app_secret" text DEFAULT '' NOT NULL,
	"email_provider" text DEFAULT 'offline' NOT NULL,
	"webhook_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_setting_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "message_template" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"module" text DEFAULT 'administrator' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"dlt_template_id" text DEFAULT '' NOT NULL,
	"whatsapp_template_name" text DEFAULT '' NOT NULL,
	"whatsapp_language" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_template_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "message_template_channel" CHECK ("message_template"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "message_template_module" CHECK ("message_template"."module" in ('administrator', 'membership', 'booking', 'crm'))
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
ALTER TABLE "crm_promotion" ADD CONSTRAINT "crm_promotion_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_template_id_fkey" FOREIGN KEY ("organisation_id","template_id") REFERENCES "public"."message_template"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_rule_id_fkey" FOREIGN KEY ("organisation_id","rule_id") REFERENCES "public"."message_rule"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_credit" ADD CONSTRAINT "message_credit_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_credit_movement" ADD CONSTRAINT "message_credit_movement_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_opt_out" ADD CONSTRAINT "message_opt_out_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_rule" ADD CONSTRAINT "message_rule_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_rule" ADD CONSTRAINT "message_rule_template_id_fkey" FOREIGN KEY ("organisation_id","template_id") REFERENCES "public"."message_template"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_setting" ADD CONSTRAINT "message_setting_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_complaint_org_status_idx" ON "crm_complaint" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "crm_contact_group_org_name_idx" ON "crm_contact_group" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crm_contact_log_member_idx" ON "crm_contact_log" USING btree ("organisation_id","member_id","at");--> statement-breakpoint
CREATE INDEX "crm_enquiry_org_status_follow_idx" ON "crm_enquiry" USING btree ("organisation_id","status","next_follow_up");--> statement-breakpoint
CREATE INDEX "crm_enquiry_org_created_idx" ON "crm_enquiry" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_enquiry_org_phone_idx" ON "crm_enquiry" USING btree ("organisation_id","phone");--> statement-breakpoint
CREATE INDEX "crm_follow_up_enquiry_idx" ON "crm_enquiry_follow_up" USING btree ("organisation_id","enquiry_id","date");--> statement-breakpoint
CREATE INDEX "crm_promotion_org_created_idx" ON "crm_promotion" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_promotion_due_idx" ON "crm_promotion" USING btree ("scheduled_at") WHERE "crm_promotion"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "message_rule_event_key" ON "message" USING btree ("organisation_id","rule_id","event_key");--> statement-breakpoint
CREATE INDEX "message_org_created_idx" ON "message" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "message_org_source_idx" ON "message" USING btree ("organisation_id","source","source_id") WHERE "message"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "message_queue_idx" ON "message" USING btree ("organisation_id","not_before","id") WHERE "message"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "message_provider_id_idx" ON "message" USING btree ("provider","provider_message_id") WHERE "message"."provider_message_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "message_credit_org_key" ON "message_credit" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "message_credit_movement_org_idx" ON "message_credit_movement" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_opt_out_key" ON "message_opt_out" USING btree ("organisation_id","channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "message_rule_org_trigger_template_offset_key" ON "message_rule" USING btree ("organisation_id","trigger","template_id","offset");--> statement-breakpoint
CREATE UNIQUE INDEX "message_setting_org_key" ON "message_setting" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_setting_webhook_token_key" ON "message_setting" USING btree ("webhook_token");--> statement-breakpoint
CREATE UNIQUE INDEX "message_template_org_channel_name_key" ON "message_template" USING btree ("organisation_id","channel",lower("name"));
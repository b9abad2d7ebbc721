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
CREATE UNIQUE INDEX "message_rule_event_key" ON "message" USING btree ("organisation_id","rule_id","event_key");--> statement-breakpoint
CREATE INDEX "message_org_created_idx" ON "message" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "message_queue_idx" ON "message" USING btree ("organisation_id","not_before","id") WHERE "message"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "message_provider_id_idx" ON "message" USING btree ("provider","provider_message_id") WHERE "message"."provider_message_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "message_credit_org_key" ON "message_credit" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "message_credit_movement_org_idx" ON "message_credit_movement" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_opt_out_key" ON "message_opt_out" USING btree ("organisation_id","channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "message_rule_org_trigger_template_offset_key" ON "message_rule" USING btree ("organisation_id","trigger","template_id","offset");--> statement-breakpoint
CREATE UNIQUE INDEX "message_setting_org_key" ON "message_setting" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_setting_webhook_token_key" ON "message_setting" USING btree ("webhook_token");--> statement-breakpoint
CREATE UNIQUE INDEX "message_template_org_channel_name_key" ON "message_template" USING btree ("organisation_id","channel",lower("name"));
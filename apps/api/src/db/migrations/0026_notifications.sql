CREATE TABLE "notification" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"event" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"centre_id" bigint,
	"subject_type" text DEFAULT '' NOT NULL,
	"subject_id" bigint,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "notification_title_length" CHECK (length("notification"."title") <= 200 and length("notification"."body") <= 1000 and length("notification"."link") <= 500)
);
--> statement-breakpoint
CREATE TABLE "notification_delivery" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "notification_delivery_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "notification_delivery_channel" CHECK ("notification_delivery"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "notification_delivery_status" CHECK ("notification_delivery"."status" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_setting" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notification_setting_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"event" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"to_owner" boolean DEFAULT true NOT NULL,
	"to_module_users" boolean DEFAULT false NOT NULL,
	"to_assigned_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_setting_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "notification_setting_event" CHECK ("notification_setting"."event" in ('new_online_booking', 'booking_cancelled', 'new_enquiry', 'follow_up_due', 'new_complaint', 'membership_expiring_today', 'payment_received', 'low_stock', 'near_expiry_stock'))
);
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_user_id_fkey" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."app_user"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_delivery" ADD CONSTRAINT "notification_delivery_user_id_fkey" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."app_user"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_org_user_idx" ON "notification" USING btree ("organisation_id","user_id","id" desc);--> statement-breakpoint
CREATE INDEX "notification_org_user_unread_idx" ON "notification" USING btree ("organisation_id","user_id") WHERE "notification"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_org_user_dedupe_key" ON "notification" USING btree ("organisation_id","user_id","dedupe_key") WHERE "notification"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "notification_delivery_pending_idx" ON "notification_delivery" USING btree ("organisation_id","id") WHERE "notification_delivery"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "notification_delivery_dedupe_key" ON "notification_delivery" USING btree ("organisation_id","user_id","channel","dedupe_key") WHERE "notification_delivery"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_setting_org_event_key" ON "notification_setting" USING btree ("organisation_id","event");
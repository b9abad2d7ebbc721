CREATE TABLE "end_user" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"invited_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "end_user_code" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_code_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"code_hash" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_code_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "end_user_session" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"end_user_id" bigint NOT NULL,
	"key_hash" text NOT NULL,
	"remember" boolean DEFAULT false NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "end_user_session_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "end_user_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"login_mode" text DEFAULT 'off' NOT NULL,
	"pay_dues" boolean DEFAULT true NOT NULL,
	"renew" boolean DEFAULT true NOT NULL,
	"invoices" boolean DEFAULT true NOT NULL,
	"check_in" boolean DEFAULT true NOT NULL,
	"freeze_request" boolean DEFAULT true NOT NULL,
	"cancel_request" boolean DEFAULT true NOT NULL,
	"book" boolean DEFAULT true NOT NULL,
	"plans" boolean DEFAULT true NOT NULL,
	"edit_profile" boolean DEFAULT true NOT NULL,
	"announcements" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_settings_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "end_user" ADD CONSTRAINT "end_user_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user" ADD CONSTRAINT "end_user_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_code" ADD CONSTRAINT "end_user_code_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_session" ADD CONSTRAINT "end_user_session_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_session" ADD CONSTRAINT "end_user_session_end_user_id_fkey" FOREIGN KEY ("organisation_id","end_user_id") REFERENCES "public"."end_user"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_settings" ADD CONSTRAINT "end_user_settings_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_org_member_key" ON "end_user" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE INDEX "end_user_org_status_idx" ON "end_user" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "end_user_code_org_address_idx" ON "end_user_code" USING btree ("organisation_id","channel","address","created_at");--> statement-breakpoint
CREATE INDEX "end_user_code_org_ip_idx" ON "end_user_code" USING btree ("organisation_id","ip","created_at");--> statement-breakpoint
CREATE INDEX "end_user_code_hash_idx" ON "end_user_code" USING btree ("organisation_id","code_hash") WHERE "end_user_code"."code_hash" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_session_key_hash_key" ON "end_user_session" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "end_user_session_org_user_idx" ON "end_user_session" USING btree ("organisation_id","end_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_settings_org_key" ON "end_user_settings" USING btree ("organisation_id");
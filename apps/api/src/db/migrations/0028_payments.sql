CREATE TABLE "payment_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" text,
	"organisation_id" bigint,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"gateway_payment_id" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_gateway" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_gateway_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"key_id" text DEFAULT '' NOT NULL,
	"key_secret" text DEFAULT '' NOT NULL,
	"webhook_secret" text DEFAULT '' NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "payment_gateway_provider" CHECK ("payment_gateway"."provider" in ('sandbox', 'razorpay')),
	CONSTRAINT "payment_gateway_mode" CHECK ("payment_gateway"."mode" in ('test', 'live'))
);
--> statement-breakpoint
CREATE TABLE "payment_order" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" bigint NOT NULL,
	"payee" text NOT NULL,
	"purpose" text NOT NULL,
	"ref" jsonb NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"description" text NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"payer_email" text DEFAULT '' NOT NULL,
	"payer_phone" text DEFAULT '' NOT NULL,
	"provider" text NOT NULL,
	"mode" text NOT NULL,
	"gateway_id" bigint,
	"gateway_order_id" text NOT NULL,
	"gateway_payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"return_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "payment_order_amount" CHECK ("payment_order"."amount" > 0 and "payment_order"."amount" <= 100000000),
	CONSTRAINT "payment_order_status" CHECK ("payment_order"."status" in ('created', 'paid', 'failed', 'expired', 'cancelled')),
	CONSTRAINT "payment_order_payee" CHECK ("payment_order"."payee" in ('organisation', 'provider'))
);
--> statement-breakpoint
ALTER TABLE "payment_gateway" ADD CONSTRAINT "payment_gateway_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order" ADD CONSTRAINT "payment_order_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_event_order_idx" ON "payment_event" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_event_org_idx" ON "payment_event" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gateway_org_provider_key" ON "payment_gateway" USING btree ("organisation_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_gateway_org_active_key" ON "payment_gateway" USING btree ("organisation_id") WHERE "payment_gateway"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_gateway_payment_key" ON "payment_order" USING btree ("provider","gateway_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_order_gateway_order_key" ON "payment_order" USING btree ("provider","gateway_order_id");--> statement-breakpoint
CREATE INDEX "payment_order_org_idx" ON "payment_order" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_order_open_idx" ON "payment_order" USING btree ("expires_at") WHERE "payment_order"."status" = 'created';--> statement-breakpoint
-- Organisations made before online payments receive them under this mode too.
INSERT INTO "payment_mode" ("organisation_id", "name") SELECT "id", 'Online (gateway)' FROM "organisation" ON CONFLICT DO NOTHING;

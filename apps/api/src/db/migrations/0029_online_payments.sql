CREATE TABLE "addon" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "addon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"recurring" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "payment_link" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"sale_type" text NOT NULL,
	"sale_id" bigint NOT NULL,
	"sale_label" text DEFAULT '' NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"buyer_email" text DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_amount" numeric(12, 2),
	"order_id" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_link_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "payment_link_status" CHECK ("payment_link"."status" in ('open', 'paid', 'cancelled')),
	CONSTRAINT "payment_link_amount" CHECK ("payment_link"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_reward" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_reward_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referrer_id" bigint NOT NULL,
	"referred_id" bigint NOT NULL,
	"referrer_due_before" date,
	"referrer_due_after" date NOT NULL,
	"referred_due_before" date,
	"referred_due_after" date NOT NULL,
	"rewarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_reward_not_self" CHECK ("referral_reward"."referrer_id" <> "referral_reward"."referred_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"period" text DEFAULT 'monthly' NOT NULL,
	"balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"pending_plan_id" bigint,
	"pending_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_account_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "subscription_account_balance" CHECK ("subscription_account"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_addon" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_addon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"addon_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_on" date NOT NULL,
	"cancelled_on" date,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_addon_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "subscription_addon_quantity" CHECK ("subscription_addon"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_transaction" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"plan_id" bigint,
	"plan_name" text,
	"period" text,
	"amount" numeric(12, 2) NOT NULL,
	"credit_used" numeric(12, 2) DEFAULT '0' NOT NULL,
	"period_from" date,
	"period_to" date,
	"is_first" boolean DEFAULT false NOT NULL,
	"order_id" text,
	"gateway_payment_id" text,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_transaction_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "referred_by_id" bigint;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "price_yearly" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "max_centres" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "max_users" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "sms_credits_per_month" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "payment_order_id" text;--> statement-breakpoint
ALTER TABLE "facility" ADD COLUMN "payment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_link" ADD CONSTRAINT "payment_link_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_referrer_id_organisation_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_referred_id_organisation_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_account" ADD CONSTRAINT "subscription_account_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_account" ADD CONSTRAINT "subscription_account_pending_plan_id_subscription_plan_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."subscription_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addon" ADD CONSTRAINT "subscription_addon_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addon" ADD CONSTRAINT "subscription_addon_addon_id_addon_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addon" ADD CONSTRAINT "subscription_addon_transaction_id_fkey" FOREIGN KEY ("organisation_id","transaction_id") REFERENCES "public"."subscription_transaction"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transaction" ADD CONSTRAINT "subscription_transaction_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transaction" ADD CONSTRAINT "subscription_transaction_plan_id_subscription_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_token_key" ON "payment_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_link_org_sale_idx" ON "payment_link" USING btree ("organisation_id","sale_type","sale_id");--> statement-breakpoint
CREATE INDEX "payment_link_org_created_idx" ON "payment_link" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_reward_referred_key" ON "referral_reward" USING btree ("referred_id");--> statement-breakpoint
CREATE INDEX "referral_reward_referrer_idx" ON "referral_reward" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_account_org_key" ON "subscription_account" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "subscription_addon_org_idx" ON "subscription_addon" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transaction_order_key" ON "subscription_transaction" USING btree ("organisation_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transaction_number_key" ON "subscription_transaction" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transaction_first_key" ON "subscription_transaction" USING btree ("organisation_id") WHERE "subscription_transaction"."is_first";--> statement-breakpoint
CREATE INDEX "subscription_transaction_org_idx" ON "subscription_transaction" USING btree ("organisation_id","paid_at");--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_referred_by_id_organisation_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_referred_by_idx" ON "organisation" USING btree ("referred_by_id") WHERE "organisation"."referred_by_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_org_payment_order_key" ON "booking" USING btree ("organisation_id","payment_order_id") WHERE "booking"."payment_order_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_hold_expires_idx" ON "booking" USING btree ("hold_expires_at") WHERE "booking"."status" = 'awaiting_payment';--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_referral_code_unique" UNIQUE("referral_code");
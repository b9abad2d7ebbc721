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
ALTER TABLE "subscription_plan" ADD COLUMN "price_yearly" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "max_centres" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "max_users" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "sms_credits_per_month" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plan" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_account" ADD CONSTRAINT "subscription_account_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_account" ADD CONSTRAINT "subscription_account_pending_plan_id_subscription_plan_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."subscription_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addon" ADD CONSTRAINT "subscription_addon_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addon" ADD CONSTRAINT "subscription_addon_addon_id_addon_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_addon" ADD CONSTRAINT "subscription_addon_transaction_id_fkey" FOREIGN KEY ("organisation_id","transaction_id") REFERENCES "public"."subscription_transaction"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transaction" ADD CONSTRAINT "subscription_transaction_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transaction" ADD CONSTRAINT "subscription_transaction_plan_id_subscription_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_account_org_key" ON "subscription_account" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "subscription_addon_org_idx" ON "subscription_addon" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transaction_order_key" ON "subscription_transaction" USING btree ("organisation_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transaction_number_key" ON "subscription_transaction" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_transaction_first_key" ON "subscription_transaction" USING btree ("organisation_id") WHERE "subscription_transaction"."is_first";--> statement-breakpoint
CREATE INDEX "subscription_transaction_org_idx" ON "subscription_transaction" USING btree ("organisation_id","paid_at");
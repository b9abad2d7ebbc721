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
ALTER TABLE "payment_link" ADD CONSTRAINT "payment_link_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_link_token_key" ON "payment_link" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_link_org_sale_idx" ON "payment_link" USING btree ("organisation_id","sale_type","sale_id");--> statement-breakpoint
CREATE INDEX "payment_link_org_created_idx" ON "payment_link" USING btree ("organisation_id","created_at");
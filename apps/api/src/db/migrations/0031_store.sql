CREATE TABLE "store_batch" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_batch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"sub_product_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"batch_no" text DEFAULT '' NOT NULL,
	"expiry_date" date,
	"received_on" date NOT NULL,
	"received" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"supplier_id" bigint,
	"purchase_id" bigint,
	"from_batch_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_batch_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_batch_quantity" CHECK ("store_batch"."quantity" >= 0),
	CONSTRAINT "store_batch_received" CHECK ("store_batch"."received" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_brand" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_brand_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_brand_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_customer" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_customer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"member_id" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_customer_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_movement" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"sub_product_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"sale_id" bigint,
	"purchase_id" bigint,
	"date" date NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_movement_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_movement_quantity" CHECK ("store_movement"."quantity" <> 0),
	CONSTRAINT "store_movement_sign" CHECK (("store_movement"."kind" in ('purchase', 'return', 'transfer_in') and "store_movement"."quantity" > 0) or ("store_movement"."kind" in ('sale', 'purchase_return', 'write_off', 'transfer_out') and "store_movement"."quantity" < 0) or "store_movement"."kind" = 'adjustment')
);
--> statement-breakpoint
CREATE TABLE "store_product" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"brand_id" bigint,
	"category_id" bigint NOT NULL,
	"sub_category_id" bigint,
	"hsn" text NOT NULL,
	"gst_rates" jsonb NOT NULL,
	"unit" text DEFAULT 'piece' NOT NULL,
	"reorder_level" integer DEFAULT 0 NOT NULL,
	"tracks_expiry" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"picture" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_product_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_product_hsn" CHECK ("store_product"."hsn" ~ '^[0-9]{4,8}$'),
	CONSTRAINT "store_product_reorder" CHECK ("store_product"."reorder_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_purchase" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_purchase_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"supplier_id" bigint NOT NULL,
	"centre_id" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"taxable" numeric(12, 2) NOT NULL,
	"gst" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"returned" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"paid_on" date,
	"ledger_entry_id" bigint,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_purchase_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_purchase_returned" CHECK ("store_purchase"."returned" >= 0 and "store_purchase"."returned" <= "store_purchase"."total"),
	CONSTRAINT "store_purchase_paid" CHECK (("store_purchase"."status" = 'paid') = ("store_purchase"."paid_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "store_purchase_line" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_purchase_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"sub_product_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	"gst_rate" integer NOT NULL,
	"taxable" numeric(12, 2) NOT NULL,
	"gst" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "store_purchase_line_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_purchase_line_quantity" CHECK ("store_purchase_line"."quantity" > 0),
	CONSTRAINT "store_purchase_line_returned" CHECK ("store_purchase_line"."returned" between 0 and "store_purchase_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "store_sale" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_sale_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"date" date NOT NULL,
	"centre_id" bigint NOT NULL,
	"customer_id" bigint,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"returned" numeric(12, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sold_by" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_sale_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_sale_paid" CHECK ("store_sale"."paid" >= 0),
	CONSTRAINT "store_sale_returned" CHECK ("store_sale"."returned" >= 0 and "store_sale"."returned" <= "store_sale"."total")
);
--> statement-breakpoint
CREATE TABLE "store_sale_line" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_sale_line_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"sale_id" bigint NOT NULL,
	"sub_product_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"gst_rate" integer NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	CONSTRAINT "store_sale_line_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_sale_line_quantity" CHECK ("store_sale_line"."quantity" > 0),
	CONSTRAINT "store_sale_line_returned" CHECK ("store_sale_line"."returned" between 0 and "store_sale_line"."quantity")
);
--> statement-breakpoint
CREATE TABLE "store_sale_pick" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_sale_pick_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"sale_line_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"returned" integer DEFAULT 0 NOT NULL,
	"cost" numeric(12, 2) NOT NULL,
	CONSTRAINT "store_sale_pick_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_sale_pick_returned" CHECK ("store_sale_pick"."returned" between 0 and "store_sale_pick"."quantity")
);
--> statement-breakpoint
CREATE TABLE "store_sub_category" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_sub_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"category_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_sub_category_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_sub_product" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_sub_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"mrp" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_sub_product_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_sub_product_price_mrp" CHECK ("store_sub_product"."price" > 0 and "store_sub_product"."price" <= "store_sub_product"."mrp"),
	CONSTRAINT "store_sub_product_cost" CHECK ("store_sub_product"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_supplier" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_supplier_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"name" text NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gstin" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_supplier_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "store_supplier_terms" CHECK ("store_supplier"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "store_batch" ADD CONSTRAINT "store_batch_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_batch" ADD CONSTRAINT "store_batch_sub_product_id_fkey" FOREIGN KEY ("organisation_id","sub_product_id") REFERENCES "public"."store_sub_product"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_batch" ADD CONSTRAINT "store_batch_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_batch" ADD CONSTRAINT "store_batch_supplier_id_fkey" FOREIGN KEY ("organisation_id","supplier_id") REFERENCES "public"."store_supplier"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_batch" ADD CONSTRAINT "store_batch_purchase_id_fkey" FOREIGN KEY ("organisation_id","purchase_id") REFERENCES "public"."store_purchase"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_brand" ADD CONSTRAINT "store_brand_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_category" ADD CONSTRAINT "store_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customer" ADD CONSTRAINT "store_customer_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customer" ADD CONSTRAINT "store_customer_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movement" ADD CONSTRAINT "store_movement_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movement" ADD CONSTRAINT "store_movement_batch_id_fkey" FOREIGN KEY ("organisation_id","batch_id") REFERENCES "public"."store_batch"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movement" ADD CONSTRAINT "store_movement_sub_product_id_fkey" FOREIGN KEY ("organisation_id","sub_product_id") REFERENCES "public"."store_sub_product"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_movement" ADD CONSTRAINT "store_movement_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product" ADD CONSTRAINT "store_product_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product" ADD CONSTRAINT "store_product_brand_id_fkey" FOREIGN KEY ("organisation_id","brand_id") REFERENCES "public"."store_brand"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product" ADD CONSTRAINT "store_product_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."store_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product" ADD CONSTRAINT "store_product_sub_category_id_fkey" FOREIGN KEY ("organisation_id","sub_category_id") REFERENCES "public"."store_sub_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase" ADD CONSTRAINT "store_purchase_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase" ADD CONSTRAINT "store_purchase_supplier_id_fkey" FOREIGN KEY ("organisation_id","supplier_id") REFERENCES "public"."store_supplier"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase" ADD CONSTRAINT "store_purchase_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase_line" ADD CONSTRAINT "store_purchase_line_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase_line" ADD CONSTRAINT "store_purchase_line_purchase_id_fkey" FOREIGN KEY ("organisation_id","purchase_id") REFERENCES "public"."store_purchase"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase_line" ADD CONSTRAINT "store_purchase_line_sub_product_id_fkey" FOREIGN KEY ("organisation_id","sub_product_id") REFERENCES "public"."store_sub_product"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_purchase_line" ADD CONSTRAINT "store_purchase_line_batch_id_fkey" FOREIGN KEY ("organisation_id","batch_id") REFERENCES "public"."store_batch"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale" ADD CONSTRAINT "store_sale_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale" ADD CONSTRAINT "store_sale_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale" ADD CONSTRAINT "store_sale_customer_id_fkey" FOREIGN KEY ("organisation_id","customer_id") REFERENCES "public"."store_customer"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale" ADD CONSTRAINT "store_sale_sold_by_fkey" FOREIGN KEY ("organisation_id","sold_by") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale_line" ADD CONSTRAINT "store_sale_line_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale_line" ADD CONSTRAINT "store_sale_line_sale_id_fkey" FOREIGN KEY ("organisation_id","sale_id") REFERENCES "public"."store_sale"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale_line" ADD CONSTRAINT "store_sale_line_sub_product_id_fkey" FOREIGN KEY ("organisation_id","sub_product_id") REFERENCES "public"."store_sub_product"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale_pick" ADD CONSTRAINT "store_sale_pick_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale_pick" ADD CONSTRAINT "store_sale_pick_sale_line_id_fkey" FOREIGN KEY ("organisation_id","sale_line_id") REFERENCES "public"."store_sale_line"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sale_pick" ADD CONSTRAINT "store_sale_pick_batch_id_fkey" FOREIGN KEY ("organisation_id","batch_id") REFERENCES "public"."store_batch"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sub_category" ADD CONSTRAINT "store_sub_category_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sub_category" ADD CONSTRAINT "store_sub_category_category_id_fkey" FOREIGN KEY ("organisation_id","category_id") REFERENCES "public"."store_category"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sub_product" ADD CONSTRAINT "store_sub_product_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sub_product" ADD CONSTRAINT "store_sub_product_product_id_fkey" FOREIGN KEY ("organisation_id","product_id") REFERENCES "public"."store_product"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_supplier" ADD CONSTRAINT "store_supplier_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_batch_fefo_idx" ON "store_batch" USING btree ("organisation_id","sub_product_id","centre_id","expiry_date","received_on","id");--> statement-breakpoint
CREATE INDEX "store_batch_org_expiry_idx" ON "store_batch" USING btree ("organisation_id","expiry_date") WHERE "store_batch"."quantity" > 0 and "store_batch"."expiry_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_brand_org_name_key" ON "store_brand" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "store_category_org_name_key" ON "store_category" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "store_customer_org_phone_key" ON "store_customer" USING btree ("organisation_id","phone") WHERE "store_customer"."phone" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "store_customer_org_member_key" ON "store_customer" USING btree ("organisation_id","member_id") WHERE "store_customer"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "store_customer_org_name_idx" ON "store_customer" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "store_movement_org_batch_idx" ON "store_movement" USING btree ("organisation_id","batch_id");--> statement-breakpoint
CREATE INDEX "store_movement_org_created_idx" ON "store_movement" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_product_org_name_key" ON "store_product" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "store_product_org_category_idx" ON "store_product" USING btree ("organisation_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_purchase_supplier_bill_key" ON "store_purchase" USING btree ("organisation_id","supplier_id",lower("bill_no"));--> statement-breakpoint
CREATE INDEX "store_purchase_org_date_idx" ON "store_purchase" USING btree ("organisation_id","bill_date");--> statement-breakpoint
CREATE INDEX "store_sale_org_date_idx" ON "store_sale" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE INDEX "store_sale_org_customer_idx" ON "store_sale" USING btree ("organisation_id","customer_id");--> statement-breakpoint
CREATE INDEX "store_sale_line_org_sub_product_idx" ON "store_sale_line" USING btree ("organisation_id","sub_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_sub_category_org_name_key" ON "store_sub_category" USING btree ("organisation_id","category_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "store_sub_product_org_barcode_key" ON "store_sub_product" USING btree ("organisation_id","barcode") WHERE "store_sub_product"."barcode" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "store_sub_product_org_sku_key" ON "store_sub_product" USING btree ("organisation_id","sku") WHERE "store_sub_product"."sku" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "store_sub_product_product_name_key" ON "store_sub_product" USING btree ("organisation_id","product_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "store_supplier_org_name_key" ON "store_supplier" USING btree ("organisation_id",lower("name"));
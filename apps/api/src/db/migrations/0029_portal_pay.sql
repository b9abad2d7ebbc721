ALTER TABLE "booking" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "payment_order_id" text;--> statement-breakpoint
ALTER TABLE "facility" ADD COLUMN "payment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_org_payment_order_key" ON "booking" USING btree ("organisation_id","payment_order_id") WHERE "booking"."payment_order_id" is not null;--> statement-breakpoint
CREATE INDEX "booking_hold_expires_idx" ON "booking" USING btree ("hold_expires_at") WHERE "booking"."status" = 'awaiting_payment';
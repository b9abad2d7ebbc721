ALTER TABLE "booking" DROP CONSTRAINT "booking_amounts_valid";--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD COLUMN "credit_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_amounts_valid" CHECK ("booking"."discount" >= 0 and "booking"."discount" <= "booking"."sub_total" and "booking"."paid_amount" >= 0 and "booking"."credit_amount" >= 0 and "booking"."credit_amount" <= "booking"."paid_amount" and "booking"."paid_amount" <= "booking"."booking_amount" + "booking"."credit_amount");--> statement-breakpoint
-- A cancelled booking keeps what was paid and not refunded as the client's credit.
UPDATE "booking" SET "credit_amount" = "paid_amount" WHERE "status" = 'cancelled' AND "paid_amount" > 0;
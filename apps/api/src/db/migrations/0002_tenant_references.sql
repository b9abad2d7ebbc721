-- Every reference between tenant tables becomes (organisation_id, x_id) -> x (organisation_id, id):
-- the referenced keys first, then the old one-column keys are replaced by composite ones.
ALTER TABLE "booked_time_slot" DROP CONSTRAINT "booked_time_slot_booking_id_booking_id_fk";
--> statement-breakpoint
ALTER TABLE "booked_time_slot" DROP CONSTRAINT "booked_time_slot_facility_id_facility_id_fk";
--> statement-breakpoint
ALTER TABLE "booked_time_slot" DROP CONSTRAINT "booked_time_slot_time_slot_id_time_slot_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_centre_id_centre_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_facility_id_facility_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_client_id_booking_client_id_fk";
--> statement-breakpoint
ALTER TABLE "booking" DROP CONSTRAINT "booking_subscription_id_booking_subscription_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_payment" DROP CONSTRAINT "booking_payment_booking_id_booking_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_subscription" DROP CONSTRAINT "booking_subscription_client_id_booking_client_id_fk";
--> statement-breakpoint
ALTER TABLE "booking_subscription" DROP CONSTRAINT "booking_subscription_facility_id_facility_id_fk";
--> statement-breakpoint
ALTER TABLE "facility" DROP CONSTRAINT "facility_centre_id_centre_id_fk";
--> statement-breakpoint
ALTER TABLE "facility" DROP CONSTRAINT "facility_sport_id_sport_id_fk";
--> statement-breakpoint
ALTER TABLE "slot_group" DROP CONSTRAINT "slot_group_facility_id_facility_id_fk";
--> statement-breakpoint
ALTER TABLE "time_slot" DROP CONSTRAINT "time_slot_facility_id_facility_id_fk";
--> statement-breakpoint
ALTER TABLE "time_slot" DROP CONSTRAINT "time_slot_slot_group_id_slot_group_id_fk";
--> statement-breakpoint
DROP INDEX "centre_org_idx";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_label" text;
--> statement-breakpoint
ALTER TABLE "centre" ADD CONSTRAINT "centre_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "payment_mode" ADD CONSTRAINT "payment_mode_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "sport" ADD CONSTRAINT "sport_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "booked_time_slot" ADD CONSTRAINT "booked_time_slot_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "booking_client" ADD CONSTRAINT "booking_client_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "booking_payment" ADD CONSTRAINT "booking_payment_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "booking_subscription" ADD CONSTRAINT "booking_subscription_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "facility" ADD CONSTRAINT "facility_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "slot_group" ADD CONSTRAINT "slot_group_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "time_slot" ADD CONSTRAINT "time_slot_org_id_key" UNIQUE("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "booked_time_slot" ADD CONSTRAINT "booked_time_slot_booking_id_fkey" FOREIGN KEY ("organisation_id","booking_id") REFERENCES "public"."booking"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_time_slot" ADD CONSTRAINT "booked_time_slot_facility_id_fkey" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facility"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booked_time_slot" ADD CONSTRAINT "booked_time_slot_time_slot_id_fkey" FOREIGN KEY ("organisation_id","time_slot_id") REFERENCES "public"."time_slot"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_facility_id_fkey" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facility"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_client_id_fkey" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."booking_client"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking" ADD CONSTRAINT "booking_subscription_id_fkey" FOREIGN KEY ("organisation_id","subscription_id") REFERENCES "public"."booking_subscription"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_payment" ADD CONSTRAINT "booking_payment_booking_id_fkey" FOREIGN KEY ("organisation_id","booking_id") REFERENCES "public"."booking"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_payment" ADD CONSTRAINT "booking_payment_payment_mode_id_fkey" FOREIGN KEY ("organisation_id","payment_mode_id") REFERENCES "public"."payment_mode"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_subscription" ADD CONSTRAINT "booking_subscription_client_id_fkey" FOREIGN KEY ("organisation_id","client_id") REFERENCES "public"."booking_client"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_subscription" ADD CONSTRAINT "booking_subscription_facility_id_fkey" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facility"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facility" ADD CONSTRAINT "facility_centre_id_fkey" FOREIGN KEY ("organisation_id","centre_id") REFERENCES "public"."centre"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facility" ADD CONSTRAINT "facility_sport_id_fkey" FOREIGN KEY ("organisation_id","sport_id") REFERENCES "public"."sport"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "slot_group" ADD CONSTRAINT "slot_group_facility_id_fkey" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facility"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_slot" ADD CONSTRAINT "time_slot_facility_id_fkey" FOREIGN KEY ("organisation_id","facility_id") REFERENCES "public"."facility"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "time_slot" ADD CONSTRAINT "time_slot_slot_group_id_fkey" FOREIGN KEY ("organisation_id","slot_group_id") REFERENCES "public"."slot_group"("organisation_id","id") ON DELETE cascade ON UPDATE no action;

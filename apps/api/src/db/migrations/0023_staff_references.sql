-- Until now the API refused every trainer, coach and service staff id, so these are null; clear any stray one before the keys.
UPDATE "batch" SET "coach_id" = NULL WHERE "coach_id" IS NOT NULL;--> statement-breakpoint
UPDATE "member" SET "trainer_id" = NULL WHERE "trainer_id" IS NOT NULL;--> statement-breakpoint
UPDATE "member_service" SET "staff_id" = NULL WHERE "staff_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "batch" ADD CONSTRAINT "batch_coach_id_fkey" FOREIGN KEY ("organisation_id","coach_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_trainer_id_fkey" FOREIGN KEY ("organisation_id","trainer_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_service" ADD CONSTRAINT "member_service_staff_id_fkey" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."staff"("organisation_id","id") ON DELETE no action ON UPDATE no action;
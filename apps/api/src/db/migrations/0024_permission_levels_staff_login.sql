ALTER TABLE "app_user" ADD COLUMN "module_levels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Existing non-owner users keep what they could do: `operate` in each module granted to them.
UPDATE "app_user" SET "module_levels" = coalesce((SELECT jsonb_object_agg(m, 'operate') FROM unnest("granted_modules") AS m), '{}'::jsonb) WHERE NOT "is_owner";--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "operate_discount_cap_percent" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_organisation_id_key" ON "app_user" USING btree ("organisation_id","id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_fkey" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."app_user"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_org_user_key" ON "staff" USING btree ("organisation_id","user_id");

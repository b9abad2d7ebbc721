DROP INDEX "invoice_org_source_key";--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "supplements_id" bigint;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_supplements_id_fkey" FOREIGN KEY ("organisation_id","supplements_id") REFERENCES "public"."invoice"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_org_supplements_idx" ON "invoice" USING btree ("organisation_id","supplements_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_org_source_key" ON "invoice" USING btree ("organisation_id","source_type","source_id") WHERE "invoice"."kind" = 'invoice' and "invoice"."supplements_id" is null;
DROP INDEX "booking_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "booking_code_trgm_idx" ON "booking" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_name_trgm_idx" ON "booking" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_mobile_trgm_idx" ON "booking" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_email_trgm_idx" ON "booking" USING gin ("email" gin_trgm_ops);
ALTER TABLE "message" ALTER COLUMN "params" SET DATA TYPE jsonb;--> statement-breakpoint
ALTER TABLE "message" ALTER COLUMN "params" SET DEFAULT '[]'::jsonb;
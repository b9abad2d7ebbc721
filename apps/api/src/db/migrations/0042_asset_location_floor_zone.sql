ALTER TABLE "asset" ADD COLUMN "floor" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "asset" ADD COLUMN "zone" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The one-line location of before becomes the zone (its floor is not guessed at): nothing is lost.
UPDATE "asset" SET "zone" = "location";--> statement-breakpoint
ALTER TABLE "asset" DROP COLUMN "location";

-- Two stays of one bed never overlap (check_out is exclusive, so one may leave the day the next arrives).
-- Cancelled stays hold no bed. Needs btree_gist for the equality parts of a GiST index.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "accommodation_stay" ADD CONSTRAINT "accommodation_stay_no_overlap" EXCLUDE USING gist (
  "organisation_id" WITH =,
  "room_id" WITH =,
  "bed" WITH =,
  daterange("check_in", "check_out") WITH &&
) WHERE ("status" <> 'cancelled');

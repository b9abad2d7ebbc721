-- Refer and earn (issue 23 §3): every existing organisation gets its referral code. New ones get
-- theirs from the referral module's onOrganisationCreated. The code is the id in hex followed by
-- five random hex digits, so two organisations never get the same one here (the id part differs,
-- or the lengths do); the application's codes (8 letters and digits) retry on the unique key.
UPDATE "organisation"
SET "referral_code" = upper(to_hex("id")) || upper(substr(md5(random()::text || "id"::text), 1, 5))
WHERE "referral_code" IS NULL;

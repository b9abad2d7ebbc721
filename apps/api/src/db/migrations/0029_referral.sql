CREATE TABLE "referral_reward" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_reward_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"referrer_id" bigint NOT NULL,
	"referred_id" bigint NOT NULL,
	"referrer_due_before" date,
	"referrer_due_after" date NOT NULL,
	"referred_due_before" date,
	"referred_due_after" date NOT NULL,
	"rewarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_reward_not_self" CHECK ("referral_reward"."referrer_id" <> "referral_reward"."referred_id")
);
--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "referred_by_id" bigint;--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_referrer_id_organisation_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_referred_id_organisation_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_reward_referred_key" ON "referral_reward" USING btree ("referred_id");--> statement-breakpoint
CREATE INDEX "referral_reward_referrer_idx" ON "referral_reward" USING btree ("referrer_id");--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_referred_by_id_organisation_id_fk" FOREIGN KEY ("referred_by_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_referred_by_idx" ON "organisation" USING btree ("referred_by_id") WHERE "organisation"."referred_by_id" is not null;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_referral_code_unique" UNIQUE("referral_code");
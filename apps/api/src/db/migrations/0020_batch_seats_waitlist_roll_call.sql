CREATE TABLE "batch_attendance" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"attendance_id" bigint,
	"marked_by" bigint,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "batch_attendance_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "batch_attendance_status" CHECK ("batch_attendance"."status" in ('present', 'absent'))
);
--> statement-breakpoint
CREATE TABLE "batch_waitlist" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_waitlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_waitlist_org_id_key" UNIQUE("organisation_id","id"),
	CONSTRAINT "batch_waitlist_status" CHECK ("batch_waitlist"."status" in ('waiting', 'offered', 'accepted', 'declined', 'removed')),
	CONSTRAINT "batch_waitlist_closed" CHECK (("batch_waitlist"."status" in ('waiting', 'offered')) = ("batch_waitlist"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "batch_member" ADD COLUMN "freed_on" date;--> statement-breakpoint
ALTER TABLE "membership_setting" ADD COLUMN "batch_seat_grace_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_attendance" ADD CONSTRAINT "batch_attendance_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_attendance" ADD CONSTRAINT "batch_attendance_batch_id_fkey" FOREIGN KEY ("organisation_id","batch_id") REFERENCES "public"."batch"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_attendance" ADD CONSTRAINT "batch_attendance_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_waitlist" ADD CONSTRAINT "batch_waitlist_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_waitlist" ADD CONSTRAINT "batch_waitlist_batch_id_fkey" FOREIGN KEY ("organisation_id","batch_id") REFERENCES "public"."batch"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_waitlist" ADD CONSTRAINT "batch_waitlist_member_id_fkey" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."member"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_attendance_key" ON "batch_attendance" USING btree ("organisation_id","batch_id","date","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_waitlist_open_key" ON "batch_waitlist" USING btree ("organisation_id","batch_id","member_id") WHERE "batch_waitlist"."status" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "batch_waitlist_batch_idx" ON "batch_waitlist" USING btree ("organisation_id","batch_id","status","id");--> statement-breakpoint
ALTER TABLE "member_attendance" ADD CONSTRAINT "member_attendance_source" CHECK ("member_attendance"."source" in ('desk', 'qr', 'import', 'batch'));--> statement-breakpoint
ALTER TABLE "membership_setting" ADD CONSTRAINT "membership_setting_batch_grace_range" CHECK ("membership_setting"."batch_seat_grace_days" between 0 and 60);
CREATE TABLE "end_user_feed" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_feed_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"picture" text,
	"audience_kind" text DEFAULT 'everyone' NOT NULL,
	"audience_id" bigint,
	"audience_name" text DEFAULT 'Everyone' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_feed_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "end_user_feed_seen" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "end_user_feed_seen_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"feed_id" bigint NOT NULL,
	"end_user_id" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "end_user_feed_seen_org_id_key" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "end_user_feed" ADD CONSTRAINT "end_user_feed_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_feed_seen" ADD CONSTRAINT "end_user_feed_seen_organisation_id_organisation_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_feed_seen" ADD CONSTRAINT "end_user_feed_seen_feed_id_fkey" FOREIGN KEY ("organisation_id","feed_id") REFERENCES "public"."end_user_feed"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "end_user_feed_seen" ADD CONSTRAINT "end_user_feed_seen_end_user_id_fkey" FOREIGN KEY ("organisation_id","end_user_id") REFERENCES "public"."end_user"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "end_user_feed_org_status_idx" ON "end_user_feed" USING btree ("organisation_id","status","published_at");--> statement-breakpoint
CREATE INDEX "end_user_feed_due_idx" ON "end_user_feed" USING btree ("publish_at") WHERE "end_user_feed"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_feed_seen_key" ON "end_user_feed_seen" USING btree ("organisation_id","feed_id","end_user_id");--> statement-breakpoint
CREATE INDEX "end_user_feed_seen_user_idx" ON "end_user_feed_seen" USING btree ("organisation_id","end_user_id");
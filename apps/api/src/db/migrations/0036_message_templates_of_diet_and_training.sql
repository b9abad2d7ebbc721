-- Diet's and Training/Workouts' message templates become the messaging engine's, filed under
-- module 'diet' and 'training' (one template table, one send path). Rows move first; a name
-- already taken on that channel gets the module's name after it.
ALTER TABLE "message_template" DROP CONSTRAINT "message_template_module";--> statement-breakpoint
ALTER TABLE "message_template" ADD CONSTRAINT "message_template_module" CHECK ("message_template"."module" in ('administrator', 'membership', 'booking', 'crm', 'diet', 'training'));--> statement-breakpoint
INSERT INTO "message_template" ("organisation_id", "channel", "name", "module", "subject", "body", "is_active", "created_at", "updated_at")
SELECT t."organisation_id", t."channel", CASE WHEN EXISTS (SELECT 1 FROM "message_template" m WHERE m."organisation_id" = t."organisation_id" AND m."channel" = t."channel" AND lower(m."name") = lower(t."name")) THEN t."name" || ' (Diet)' ELSE t."name" END,
       'diet', CASE WHEN t."channel" = 'email' THEN t."subject" ELSE '' END, t."body", t."is_active", t."created_at", t."updated_at"
  FROM "diet_message_template" t
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "message_template" ("organisation_id", "channel", "name", "module", "subject", "body", "is_active", "created_at", "updated_at")
SELECT t."organisation_id", 'whatsapp', CASE WHEN EXISTS (SELECT 1 FROM "message_template" m WHERE m."organisation_id" = t."organisation_id" AND m."channel" = 'whatsapp' AND lower(m."name") = lower(t."name")) THEN t."name" || ' (Training)' ELSE t."name" END,
       'training', '', t."body", t."is_active", t."created_at", t."updated_at"
  FROM "training_message_template" t
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "diet_message_template" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "training_message_template" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "diet_message_template" CASCADE;--> statement-breakpoint
DROP TABLE "training_message_template" CASCADE;

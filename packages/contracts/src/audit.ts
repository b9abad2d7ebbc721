import { z } from './zod-config.js';

/** One row of a module's logs screen (GET /<module>/logs/): who changed what, when, from where. */
export const auditEntrySchema = z.object({
  id: z.number(),
  module: z.string(),
  resource: z.string(),
  object_id: z.string().nullable(),
  object_label: z.string().nullable(),
  action: z.string(),
  actor_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

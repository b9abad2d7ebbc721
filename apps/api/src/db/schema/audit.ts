import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisation } from './platform.js';

/** The audit trail. The application role may insert and read rows, never change or delete them. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    module: text('module').notNull(),
    resource: text('resource').notNull(),
    objectId: text('object_id'),
    action: text('action', { enum: ['create', 'update', 'delete', 'login', 'logout', 'action'] }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    actorEmail: text('actor_email'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_org_module_idx').on(t.organisationId, t.module, t.createdAt)],
);

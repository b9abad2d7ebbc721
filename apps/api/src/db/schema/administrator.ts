import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisation } from './platform.js';

export const centre = pgTable(
  'centre',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('centre_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    index('centre_org_idx').on(t.organisationId, t.id),
  ],
);

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

export const sport = pgTable(
  'sport',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['sport', 'event'] })
      .notNull()
      .default('sport'),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sport_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Ways money is received (Cash, UPI, Card …); every payment of every module names one. */
export const paymentMode = pgTable(
  'payment_mode',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_mode_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Per-organisation counters for readable codes (BK-2026-000311, MEM-00042 …); gapless because they roll back with the transaction. */
export const documentSequence = pgTable(
  'document_sequence',
  {
    organisationId: bigint('organisation_id', { mode: 'number' })
      .notNull()
      .references(() => organisation.id),
    name: text('name').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('document_sequence_key').on(t.organisationId, t.name)],
);

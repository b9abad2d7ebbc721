import { sql } from 'drizzle-orm';
import { boolean, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantTable, timestamps } from '../../platform/db/columns.js';

export const centre = tenantTable(
  'centre',
  {
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    openingHours: text('opening_hours').notNull().default(''),
    /** The centre's seal (a PNG or JPEG under DATA_DIR/private/org-{id}/seals/), drawn on its A4 invoices; null for none. */
    sealPicture: text('seal_picture'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('centre_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

export const sport = tenantTable(
  'sport',
  {
    name: text('name').notNull(),
    kind: text('kind', { enum: ['sport', 'event'] })
      .notNull()
      .default('sport'),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sport_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

/** Ways money is received (Cash, UPI, Card …); every payment of every module names one. */
export const paymentMode = tenantTable(
  'payment_mode',
  {
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('payment_mode_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

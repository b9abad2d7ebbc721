import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { centre, sport } from './administrator.js';
import { organisation } from './platform.js';

const orgId = () =>
  bigint('organisation_id', { mode: 'number' })
    .notNull()
    .references(() => organisation.id);
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const facility = pgTable(
  'facility',
  {
    id: id(),
    organisationId: orgId(),
    centreId: bigint('centre_id', { mode: 'number' })
      .notNull()
      .references(() => centre.id),
    sportId: bigint('sport_id', { mode: 'number' })
      .notNull()
      .references(() => sport.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull().default(1),
    enableOnlineBooking: boolean('enable_online_booking').notNull().default(false),
    /** How many days after today a date may be booked (0 = today only). */
    advanceBookingDays: integer('advance_booking_days').notNull().default(30),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex('facility_org_centre_name_key').on(t.organisationId, t.centreId, sql`lower(${t.name})`),
    check('facility_capacity_positive', sql`${t.capacity} >= 1`),
    check('facility_advance_days_range', sql`${t.advanceBookingDays} between 0 and 365`),
  ],
);

export const slotGroup = pgTable(
  'slot_group',
  {
    id: id(),
    organisationId: orgId(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facility.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('slot_group_facility_idx').on(t.organisationId, t.facilityId)],
);

/** A slot of a group's template; a date's availability is computed from these and the bookings. */
export const timeSlot = pgTable(
  'time_slot',
  {
    id: id(),
    organisationId: orgId(),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facility.id, { onDelete: 'cascade' }),
    slotGroupId: bigint('slot_group_id', { mode: 'number' })
      .notNull()
      .references(() => slotGroup.id, { onDelete: 'cascade' }),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    price: money('price').notNull(),
    weekendPrice: money('weekend_price'),
    isActive: boolean('is_active').notNull().default(true),
    /** Removed from the template after it was booked: kept for the bookings, hidden everywhere else. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('time_slot_facility_idx').on(t.organisationId, t.facilityId),
    check('time_slot_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('time_slot_price_non_negative', sql`${t.price} >= 0 and (${t.weekendPrice} is null or ${t.weekendPrice} >= 0)`),
  ],
);

export const bookingClient = pgTable(
  'booking_client',
  {
    id: id(),
    organisationId: orgId(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    notes: text('notes').notNull().default(''),
    ...stamps,
  },
  (t) => [
    uniqueIndex('booking_client_org_mobile_key')
      .on(t.organisationId, t.mobile)
      .where(sql`${t.mobile} <> ''`),
    index('booking_client_org_email_idx').on(t.organisationId, sql`lower(${t.email})`),
  ],
);

export const bookingSubscription = pgTable('booking_subscription', {
  id: id(),
  organisationId: orgId(),
  clientId: bigint('client_id', { mode: 'number' })
    .notNull()
    .references(() => bookingClient.id),
  facilityId: bigint('facility_id', { mode: 'number' })
    .notNull()
    .references(() => facility.id),
  timeSlotIds: bigint('time_slot_ids', { mode: 'number' }).array().notNull(),
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: integer('weekdays').array().notNull(),
  startDate: date('start_date').notNull(),
  endDate: date('end_date').notNull(),
  status: text('status', { enum: ['active', 'cancelled'] })
    .notNull()
    .default('active'),
  cancelledFrom: date('cancelled_from'),
  notes: text('notes').notNull().default(''),
  createdBy: bigint('created_by', { mode: 'number' }),
  ...stamps,
});

export const booking = pgTable(
  'booking',
  {
    id: id(),
    organisationId: orgId(),
    code: text('code').notNull(),
    centreId: bigint('centre_id', { mode: 'number' })
      .notNull()
      .references(() => centre.id),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facility.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => bookingClient.id),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).references(() => bookingSubscription.id),
    date: date('date').notNull(),
    source: text('source', { enum: ['online', 'desk', 'subscription'] }).notNull(),
    status: text('status', { enum: ['confirmed', 'cancelled', 'completed', 'no_show'] })
      .notNull()
      .default('confirmed'),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    subTotal: money('sub_total').notNull(),
    discount: money('discount').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    bookingAmount: money('booking_amount').notNull(),
    paidAmount: money('paid_amount').notNull().default('0'),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('booking_org_code_key').on(t.organisationId, t.code),
    index('booking_org_date_idx').on(t.organisationId, t.date),
    index('booking_org_facility_date_idx').on(t.organisationId, t.facilityId, t.date),
    index('booking_org_client_idx').on(t.organisationId, t.clientId),
    check(
      'booking_amounts_valid',
      sql`${t.discount} >= 0 and ${t.discount} <= ${t.subTotal} and ${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.bookingAmount}`,
    ),
  ],
);

/**
 * One booked slot on one date. The partial unique index is the guarantee against double
 * booking: whatever the code does, PostgreSQL refuses a second active row for the same slot.
 */
export const bookedTimeSlot = pgTable(
  'booked_time_slot',
  {
    id: id(),
    organisationId: orgId(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    facilityId: bigint('facility_id', { mode: 'number' })
      .notNull()
      .references(() => facility.id),
    timeSlotId: bigint('time_slot_id', { mode: 'number' })
      .notNull()
      .references(() => timeSlot.id),
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    price: money('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('booked_time_slot_active_key')
      .on(t.organisationId, t.facilityId, t.date, t.timeSlotId)
      .where(sql`${t.isActive}`),
    index('booked_time_slot_booking_idx').on(t.organisationId, t.bookingId),
  ],
);

export const bookingPayment = pgTable(
  'booking_payment',
  {
    id: id(),
    organisationId: orgId(),
    bookingId: bigint('booking_id', { mode: 'number' })
      .notNull()
      .references(() => booking.id),
    amount: money('amount').notNull(),
    paymentModeId: bigint('payment_mode_id', { mode: 'number' }).notNull(),
    reference: text('reference').notNull().default(''),
    paidOn: date('paid_on').notNull(),
    receivedBy: bigint('received_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('booking_payment_org_paid_on_idx').on(t.organisationId, t.paidOn),
    check('booking_payment_amount_positive', sql`${t.amount} > 0`),
  ],
);

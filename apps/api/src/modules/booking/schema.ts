import type { GstRatePeriod } from '@arena/contracts';
import { referencesStaff } from '../staff/index.js';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  text,
  time,
  timestamp,
  uniqueIndex,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { centre, sport } from '../administrator/index.js';

export const facility = tenantTable(
  'facility',
  {
    centreId: ref('centre_id').notNull(),
    sportId: ref('sport_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    capacity: integer('capacity').notNull().default(1),
    enableOnlineBooking: boolean('enable_online_booking').notNull().default(false),
    /** The portal takes the booking's price online first (issue 23): the slots are held while the visitor pays. */
    paymentRequired: boolean('payment_required').notNull().default(false),
    /** How many days after today a date may be booked (0 = today only). */
    advanceBookingDays: integer('advance_booking_days').notNull().default(30),
    /** GST on renting the facility: rate periods (`[{rate, from}]`, the latest `from` on or before a date applies) and SAC. */
    gstRates: jsonb('gst_rates')
      .$type<GstRatePeriod[]>()
      .notNull()
      .default(sql`'[{"rate":18,"from":"2017-07-01"}]'::jsonb`),
    sacCode: text('sac_code').notNull().default('999652'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.sportId, () => sport),
    uniqueIndex('facility_org_centre_name_key').on(t.organisationId, t.centreId, sql`lower(${t.name})`),
    check('facility_capacity_positive', sql`${t.capacity} >= 1`),
    check('facility_advance_days_range', sql`${t.advanceBookingDays} between 0 and 365`),
  ],
);

export const slotGroup = tenantTable(
  'slot_group',
  {
    facilityId: ref('facility_id').notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    tenantRef(t, t.facilityId, () => facility, { onDelete: 'cascade' }),
    index('slot_group_facility_idx').on(t.organisationId, t.facilityId),
  ],
);

/** A slot of a group's template; a date's availability is computed from these and the bookings. */
export const timeSlot = tenantTable(
  'time_slot',
  {
    facilityId: ref('facility_id').notNull(),
    slotGroupId: ref('slot_group_id').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    price: money('price').notNull(),
    weekendPrice: money('weekend_price'),
    isActive: boolean('is_active').notNull().default(true),
    /** Removed from the template after it was booked: kept for the bookings, hidden everywhere else. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    tenantRef(t, t.facilityId, () => facility, { onDelete: 'cascade' }),
    tenantRef(t, t.slotGroupId, () => slotGroup, { onDelete: 'cascade' }),
    index('time_slot_facility_idx').on(t.organisationId, t.facilityId),
    check('time_slot_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('time_slot_price_non_negative', sql`${t.price} >= 0 and (${t.weekendPrice} is null or ${t.weekendPrice} >= 0)`),
  ],
);

export const bookingClient = tenantTable(
  'booking_client',
  {
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Billing details for GST invoices (`checkBilling`): a GSTIN makes the client's invoices B2B. */
    gstin: text('gstin').notNull().default(''),
    billingName: text('billing_name').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    billingState: text('billing_state').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('booking_client_org_mobile_key')
      .on(t.organisationId, t.mobile)
      .where(sql`${t.mobile} <> ''`),
    index('booking_client_org_email_idx').on(t.organisationId, sql`lower(${t.email})`),
  ],
);

export const bookingSubscription = tenantTable(
  'booking_subscription',
  {
    clientId: ref('client_id').notNull(),
    facilityId: ref('facility_id').notNull(),
    /** Slots of the facility's template; checked by the service (an array cannot carry a foreign key). */
    timeSlotIds: ref('time_slot_ids').array().notNull(),
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    weekdays: integer('weekdays').array().notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    cancelledFrom: date('cancelled_from'),
    notes: text('notes').notNull().default(''),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [tenantRef(t, t.clientId, () => bookingClient), tenantRef(t, t.facilityId, () => facility)],
);

/** A column in a trigram GIN index (`ilike '%…%'` searches); the extra-config columns carry `.op` at run time. */
const trigram = (column: unknown) => (column as ExtraConfigColumn).op('gin_trgm_ops');

export const booking = tenantTable(
  'booking',
  {
    code: text('code').notNull(),
    centreId: ref('centre_id').notNull(),
    facilityId: ref('facility_id').notNull(),
    clientId: ref('client_id').notNull(),
    subscriptionId: ref('subscription_id'),
    date: date('date').notNull(),
    source: text('source', { enum: ['online', 'desk', 'subscription'] }).notNull(),
    /** `awaiting_payment`: a portal hold (issue 23), its slots active until `hold_expires_at`, confirmed when paid online. */
    status: text('status', { enum: ['confirmed', 'cancelled', 'completed', 'no_show', 'awaiting_payment'] })
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
    /** Money paid on this booking that it no longer uses (a cancelled slot or booking) and was not refunded: the client's credit. */
    creditAmount: money('credit_amount').notNull().default('0'),
    notes: text('notes').notNull().default(''),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A hold's end: unpaid by then, its payment order expires and the slots are freed. Null once paid. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The online payment order (`ord_…` of the payments module) a portal hold is paid through. */
    paymentOrderId: text('payment_order_id'),
    /** The staff member the booking is credited to (commission). */
    soldBy: ref('sold_by'),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.centreId, () => centre),
    tenantRef(t, t.facilityId, () => facility),
    tenantRef(t, t.clientId, () => bookingClient),
    referencesStaff(t, t.soldBy),
    tenantRef(t, t.subscriptionId, () => bookingSubscription),
    uniqueIndex('booking_org_code_key').on(t.organisationId, t.code),
    index('booking_org_date_idx').on(t.organisationId, t.date),
    index('booking_org_facility_date_idx').on(t.organisationId, t.facilityId, t.date),
    index('booking_org_client_idx').on(t.organisationId, t.clientId),
    uniqueIndex('booking_org_payment_order_key')
      .on(t.organisationId, t.paymentOrderId)
      .where(sql`${t.paymentOrderId} is not null`),
    index('booking_hold_expires_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'awaiting_payment'`),
    // The list's search (code, name, mobile, e-mail, any substring) without reading every row.
    // One index per column: the planner costs a multi-column GIN index as if each arm of the OR
    // read all of it, and falls back to reading the table. No fast-update pending list: every
    // search would scan it until vacuum merges it, and bookings are read far more than written.
    index('booking_code_trgm_idx').using('gin', trigram(t.code)).with({ fastupdate: false }),
    index('booking_name_trgm_idx').using('gin', trigram(t.name)).with({ fastupdate: false }),
    index('booking_mobile_trgm_idx').using('gin', trigram(t.mobile)).with({ fastupdate: false }),
    index('booking_email_trgm_idx').using('gin', trigram(t.email)).with({ fastupdate: false }),
    check(
      'booking_amounts_valid',
      sql`${t.discount} >= 0 and ${t.discount} <= ${t.subTotal} and ${t.paidAmount} >= 0 and ${t.creditAmount} >= 0 and ${t.creditAmount} <= ${t.paidAmount} and ${t.paidAmount} <= ${t.bookingAmount} + ${t.creditAmount}`,
    ),
  ],
);

/**
 * One booked slot on one date. The partial unique index is the guarantee against double
 * booking: whatever the code does, PostgreSQL refuses a second active row for the same slot.
 */
export const bookedTimeSlot = tenantTable(
  'booked_time_slot',
  {
    bookingId: ref('booking_id').notNull(),
    facilityId: ref('facility_id').notNull(),
    timeSlotId: ref('time_slot_id').notNull(),
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    price: money('price').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    tenantRef(t, t.bookingId, () => booking, { onDelete: 'cascade' }),
    tenantRef(t, t.facilityId, () => facility),
    tenantRef(t, t.timeSlotId, () => timeSlot),
    uniqueIndex('booked_time_slot_active_key')
      .on(t.organisationId, t.facilityId, t.date, t.timeSlotId)
      .where(sql`${t.isActive}`),
    index('booked_time_slot_booking_idx').on(t.organisationId, t.bookingId),
  ],
);

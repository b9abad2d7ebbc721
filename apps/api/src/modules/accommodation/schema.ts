/**
 * Accommodation Management (issue 26): room types, rooms (beds 1..n of the type), residents,
 * stays and their bills. Two stays of one bed never overlap: the exclusion constraint
 * `accommodation_stay_no_overlap` (custom migration, btree_gist) refuses it in the database,
 * whatever races happen. A bill is a `accommodation_charge` row (the sale source the money module
 * invoices): one per nightly stay, one per monthly stay and month — the unique key is what makes
 * the monthly job safe to run twice or on two instances.
 */
import type { GstRatePeriod } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ref, tenantRef, tenantTable, timestamps } from '../../platform/db/columns.js';
import { centre } from '../administrator/index.js';
import { referencesMember } from '../membership/index.js';

export const roomType = tenantTable(
  'accommodation_room_type',
  {
    name: text('name').notNull(),
    bedsPerRoom: integer('beds_per_room').notNull(),
    ratePerNight: money('rate_per_night').notNull(),
    ratePerMonth: money('rate_per_month').notNull(),
    deposit: money('deposit').notNull().default('0'),
    amenities: jsonb('amenities').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    gstRates: jsonb('gst_rates').$type<GstRatePeriod[]>().notNull(),
    sacCode: text('sac_code').notNull().default('996311'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('accommodation_room_type_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('accommodation_room_type_beds', sql`${t.bedsPerRoom} between 1 and 20`),
  ],
);

export const room = tenantTable(
  'accommodation_room',
  {
    number: text('number').notNull(),
    roomTypeId: ref('room_type_id').notNull(),
    centreId: ref('centre_id').notNull(),
    floor: text('floor').notNull().default(''),
    status: text('status', { enum: ['available', 'maintenance', 'closed'] })
      .notNull()
      .default('available'),
    notes: text('notes').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.roomTypeId, () => roomType),
    tenantRef(t, t.centreId, () => centre),
    uniqueIndex('accommodation_room_org_number_key').on(t.organisationId, t.centreId, sql`lower(${t.number})`),
    index('accommodation_room_org_type_idx').on(t.organisationId, t.roomTypeId),
  ],
);

export const client = tenantTable(
  'accommodation_client',
  {
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    dateOfBirth: date('date_of_birth'),
    gender: text('gender').notNull().default(''),
    address: text('address').notNull().default(''),
    guardianName: text('guardian_name').notNull().default(''),
    guardianPhone: text('guardian_phone').notNull().default(''),
    guardianRelation: text('guardian_relation').notNull().default(''),
    idProofType: text('id_proof_type').notNull().default(''),
    idProofNumber: text('id_proof_number').notNull().default(''),
    /** The private file (`private/org-{id}/id-proofs/…`) and its name as uploaded. */
    idProofFile: text('id_proof_file'),
    idProofName: text('id_proof_name').notNull().default(''),
    memberId: ref('member_id'),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [referencesMember(t, t.memberId), index('accommodation_client_org_phone_idx').on(t.organisationId, t.phone)],
);

export const stay = tenantTable(
  'accommodation_stay',
  {
    clientId: ref('client_id').notNull(),
    roomId: ref('room_id').notNull(),
    bed: integer('bed').notNull(),
    checkIn: date('check_in').notNull(),
    /** Exclusive: the day the resident leaves. */
    checkOut: date('check_out').notNull(),
    rateBasis: text('rate_basis', { enum: ['nightly', 'monthly'] }).notNull(),
    rate: money('rate').notNull(),
    deposit: money('deposit').notNull().default('0'),
    depositStatus: text('deposit_status', { enum: ['none', 'held', 'refunded', 'adjusted'] })
      .notNull()
      .default('none'),
    depositDeducted: money('deposit_deducted').notNull().default('0'),
    /** The payment mode the deposit came by (what an adjustment moves it with). */
    depositModeId: ref('deposit_mode_id'),
    status: text('status', { enum: ['reserved', 'checked_in', 'checked_out', 'cancelled'] })
      .notNull()
      .default('reserved'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    previousStayId: ref('previous_stay_id'),
    notes: text('notes').notNull().default(''),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.clientId, () => client),
    tenantRef(t, t.roomId, () => room),
    tenantRef(t, t.previousStayId, () => t),
    index('accommodation_stay_org_client_idx').on(t.organisationId, t.clientId),
    index('accommodation_stay_org_dates_idx').on(t.organisationId, t.checkIn, t.checkOut),
    check('accommodation_stay_dates', sql`${t.checkOut} > ${t.checkIn}`),
    check('accommodation_stay_bed', sql`${t.bed} between 1 and 20`),
    check('accommodation_stay_amounts', sql`${t.rate} >= 0 and ${t.deposit} >= 0 and ${t.depositDeducted} between 0 and ${t.deposit}`),
  ],
);

/** A stay's bill: the sale the money module invoices (one per nightly stay, one per monthly stay and month). */
export const charge = tenantTable(
  'accommodation_charge',
  {
    stayId: ref('stay_id').notNull(),
    /** `YYYY-MM` of a monthly stay's month; '' for a nightly stay's one bill. */
    month: text('month').notNull(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    date: date('date').notNull(),
    label: text('label').notNull(),
    party: text('party').notNull(),
    centreId: ref('centre_id').notNull(),
    total: money('total').notNull(),
    /** Given back by credit notes (an early check-out). */
    credited: money('credited').notNull().default('0'),
    paid: money('paid').notNull().default('0'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.stayId, () => stay),
    tenantRef(t, t.centreId, () => centre),
    uniqueIndex('accommodation_charge_stay_month_key').on(t.organisationId, t.stayId, t.month),
    check('accommodation_charge_amounts', sql`${t.paid} >= 0 and ${t.credited} >= 0 and ${t.credited} <= ${t.total}`),
  ],
);

/** The organisation's settings of the module (one row, made when first read or written). */
export const settings = tenantTable(
  'accommodation_settings',
  {
    checkInTime: time('check_in_time').notNull().default('12:00:00'),
    checkOutTime: time('check_out_time').notNull().default('11:00:00'),
    depositRequired: boolean('deposit_required').notNull().default(true),
    depositForNightly: boolean('deposit_for_nightly').notNull().default(false),
    rentDueDays: integer('rent_due_days').notNull().default(5),
    ...timestamps(),
  },
  (t) => [uniqueIndex('accommodation_settings_org_key').on(t.organisationId)],
);

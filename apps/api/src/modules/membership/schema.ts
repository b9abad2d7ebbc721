/**
 * Membership Management: members, plans and the memberships that put a member on a plan (sales
 * on the ledger), freezes, batches, services and member services (sales too), attendance and
 * performance. Statuses of memberships and members are stored so lists filter on them; every
 * write that touches a member refreshes them (status.ts) and a daily job moves them with time.
 */
import type { GstRatePeriod } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money, ref, tenantRef, tenantTable, timestamps, type TenantColumns } from '../../platform/db/columns.js';
import { centre, sport } from '../administrator/index.js';
import { referencesStaff } from '../staff/index.js';

/** The fitness-service rates of the demo and the default of new plans: 18 % until 21 Sep 2025, 5 % from 22 Sep 2025 (SAC 999723). */
const FITNESS_RATES = sql`'[{"rate":18,"from":"2017-07-01"},{"rate":5,"from":"2025-09-22"}]'::jsonb`;

/** One row per organisation: its membership settings and the last day the status job ran for it. */
export const membershipSetting = tenantTable(
  'membership_setting',
  {
    /** A membership is "expiring" when it ends within this many days. */
    reminderDays: integer('reminder_days').notNull().default(7),
    /**
     * Days a batch seat stays held after the member's membership ends or is cancelled ("lapsed",
     * for the desk to renew); the seat is freed after them (0: freed the day after).
     */
    batchSeatGraceDays: integer('batch_seat_grace_days').notNull().default(7),
    refreshedOn: date('refreshed_on'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('membership_setting_org_key').on(t.organisationId),
    check('membership_setting_reminder_range', sql`${t.reminderDays} between 1 and 60`),
    check('membership_setting_batch_grace_range', sql`${t.batchSeatGraceDays} between 0 and 60`),
  ],
);

export const member = tenantTable(
  'member',
  {
    /** MEM-00042: the organisation's counter, consecutive. */
    memberCode: text('member_code').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    dateOfBirth: date('date_of_birth'),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    centreId: ref('centre_id').notNull(),
    photo: text('photo'),
    emergencyContactName: text('emergency_contact_name').notNull().default(''),
    emergencyContactPhone: text('emergency_contact_phone').notNull().default(''),
    bloodGroup: text('blood_group').notNull().default(''),
    healthNotes: text('health_notes').notNull().default(''),
    source: text('source').notNull().default('walk-in'),
    joinedOn: date('joined_on').notNull(),
    /** Their trainer: a staff member of the organisation (Staff Management). */
    trainerId: ref('trainer_id'),
    notes: text('notes').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Billing details for GST invoices (`checkBilling`): a GSTIN makes the member's invoices B2B. */
    gstin: text('gstin').notNull().default(''),
    billingName: text('billing_name').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    billingState: text('billing_state').notNull().default(''),
    /** Derived from the memberships (status.ts): active, expiring, expired, frozen, inactive. */
    status: text('status', { enum: ['active', 'expiring', 'expired', 'frozen', 'inactive'] })
      .notNull()
      .default('inactive'),
    /** The running membership (derived with the status). */
    currentMembershipId: ref('current_membership_id'),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.centreId, () => centre),
    referencesStaff(t, t.trainerId),
    uniqueIndex('member_org_code_key').on(t.organisationId, t.memberCode),
    uniqueIndex('member_org_phone_key')
      .on(t.organisationId, t.phone)
      .where(sql`${t.isActive}`),
    index('member_org_status_idx').on(t.organisationId, t.status),
    index('member_org_name_idx').on(t.organisationId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
  ],
);

export const plan = tenantTable(
  'membership_plan',
  {
    name: text('name').notNull(),
    sportId: ref('sport_id'),
    description: text('description').notNull().default(''),
    durationValue: integer('duration_value').notNull(),
    durationUnit: text('duration_unit', { enum: ['day', 'month'] }).notNull(),
    /** A pack of N visits: each check-in counts one down; the membership expires at 0. */
    sessions: integer('sessions'),
    price: money('price').notNull(),
    gstRates: jsonb('gst_rates').$type<GstRatePeriod[]>().notNull().default(FITNESS_RATES),
    sacCode: text('sac_code').notNull().default('999723'),
    joiningFee: money('joining_fee').notNull().default('0'),
    freezeMaxTimes: integer('freeze_max_times').notNull().default(0),
    freezeMaxDays: integer('freeze_max_days').notNull().default(0),
    /** Freezes per membership year (counted from the membership's start); null: no limit. */
    maxFreezesPerYear: integer('max_freezes_per_year'),
    /** Days frozen per membership year (the freezes that start in it); null: no limit. */
    maxFreezeDaysPerYear: integer('max_freeze_days_per_year'),
    /** The shortest freeze, in days. */
    minFreezeDays: integer('min_freeze_days').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.sportId, () => sport),
    uniqueIndex('membership_plan_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('membership_plan_duration_positive', sql`${t.durationValue} >= 1`),
    check('membership_plan_amounts', sql`${t.price} >= 0 and ${t.joiningFee} >= 0`),
    check('membership_plan_freeze_limits', sql`${t.freezeMaxTimes} >= 0 and ${t.freezeMaxDays} >= 0`),
    check(
      'membership_plan_freeze_year_limits',
      sql`(${t.maxFreezesPerYear} is null or ${t.maxFreezesPerYear} between 0 and 365)
        and (${t.maxFreezeDaysPerYear} is null or ${t.maxFreezeDaysPerYear} between 0 and 3650)
        and ${t.minFreezeDays} between 1 and 365`,
    ),
    check('membership_plan_sessions_positive', sql`${t.sessions} is null or ${t.sessions} >= 1`),
  ],
);

const SALE_STATUSES = ['upcoming', 'active', 'expiring', 'expired', 'frozen', 'cancelled'] as const;

/** A member on a plan: a sale on the ledger (registered as `membership`). */
export const membership = tenantTable(
  'membership',
  {
    memberId: ref('member_id').notNull(),
    planId: ref('plan_id').notNull(),
    centreId: ref('centre_id').notNull(),
    /** How the ledger and the invoice name it: "Monthly · MEM-00042". */
    label: text('label').notNull(),
    /** The member's name when sold (the ledger's party). */
    party: text('party').notNull(),
    startDate: date('start_date').notNull(),
    /** The plan's end before any freeze. */
    baseEndDate: date('base_end_date').notNull(),
    /** The end after freezes (base end + frozen days). */
    endDate: date('end_date').notNull(),
    price: money('price').notNull(),
    discount: money('discount').notNull().default('0'),
    joiningFee: money('joining_fee').notNull().default('0'),
    total: money('total').notNull(),
    paid: money('paid').notNull().default('0'),
    status: text('status', { enum: SALE_STATUSES }).notNull(),
    sessionsTotal: integer('sessions_total'),
    sessionsLeft: integer('sessions_left'),
    renewedFromId: ref('renewed_from_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The staff member the sale is credited to (commission). */
    soldBy: ref('sold_by'),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.memberId, () => member),
    tenantRef(t, t.planId, () => plan),
    referencesStaff(t, t.soldBy),
    tenantRef(t, t.centreId, () => centre),
    // A self-reference: its target is this table's own columns.
    tenantRef(t, t.renewedFromId, (): TenantColumns => t),
    // A membership is renewed once (a cancelled renewal frees it again).
    uniqueIndex('membership_renewed_from_key')
      .on(t.organisationId, t.renewedFromId)
      .where(sql`${t.renewedFromId} is not null and ${t.cancelledAt} is null`),
    index('membership_org_member_idx').on(t.organisationId, t.memberId),
    index('membership_org_status_end_idx').on(t.organisationId, t.status, t.endDate),
    check('membership_dates', sql`${t.endDate} >= ${t.startDate} and ${t.baseEndDate} >= ${t.startDate}`),
    check('membership_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= ${t.price}`),
    check('membership_total', sql`${t.total} = ${t.price} - ${t.discount} + ${t.joiningFee}`),
    check('membership_paid_range', sql`${t.paid} >= 0 and ${t.paid} <= ${t.total}`),
    check('membership_sessions', sql`${t.sessionsLeft} is null or (${t.sessionsLeft} >= 0 and ${t.sessionsLeft} <= ${t.sessionsTotal})`),
  ],
);

export const membershipFreeze = tenantTable(
  'membership_freeze',
  {
    membershipId: ref('membership_id').notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    /** Days the end date moved out by (inclusive count; fewer after an early unfreeze). */
    days: integer('days').notNull(),
    reason: text('reason').notNull().default(''),
    /** The day the member came back early (`unfreeze`), or null. */
    endedOn: date('ended_on'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.membershipId, () => membership, { onDelete: 'cascade' }),
    index('membership_freeze_membership_idx').on(t.organisationId, t.membershipId),
    check('membership_freeze_days', sql`${t.days} >= 0 and ${t.toDate} >= ${t.fromDate} - 1`),
  ],
);

/** The owner's list of reasons a member may freeze for (Travel, Medical, Exams); a freeze keeps the reason's words. */
export const freezeReason = tenantTable(
  'freeze_reason',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('freeze_reason_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

export const batch = tenantTable(
  'batch',
  {
    name: text('name').notNull(),
    sportId: ref('sport_id'),
    centreId: ref('centre_id').notNull(),
    /** Its coach: a staff member of the organisation (Staff Management). */
    coachId: ref('coach_id'),
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    weekdays: integer('weekdays').array().notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    capacity: integer('capacity').notNull(),
    /** Members in the batch, kept by the join/leave statements; the check holds the capacity under races. */
    memberCount: integer('member_count').notNull().default(0),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.sportId, () => sport),
    tenantRef(t, t.centreId, () => centre),
    referencesStaff(t, t.coachId),
    uniqueIndex('batch_org_centre_name_key').on(t.organisationId, t.centreId, sql`lower(${t.name})`),
    check('batch_capacity', sql`${t.capacity} >= 1 and ${t.memberCount} >= 0 and ${t.memberCount} <= ${t.capacity}`),
    check('batch_times', sql`${t.endTime} > ${t.startTime}`),
  ],
);

export const batchMember = tenantTable(
  'batch_member',
  {
    batchId: ref('batch_id').notNull(),
    memberId: ref('member_id').notNull(),
    joinedOn: date('joined_on').notNull(),
    /**
     * The day the seat was given up because the member's membership lapsed past the grace days
     * (seats.ts); null while the row holds a seat. `batch.member_count` counts the rows without it.
     */
    freedOn: date('freed_on'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.batchId, () => batch, { onDelete: 'cascade' }),
    tenantRef(t, t.memberId, () => member, { onDelete: 'cascade' }),
    uniqueIndex('batch_member_key').on(t.organisationId, t.batchId, t.memberId),
    index('batch_member_member_idx').on(t.organisationId, t.memberId),
  ],
);

/**
 * A full batch's waiting list: members in the order they asked (`id`). When a seat frees, the
 * first waiting entries are offered it (one per free seat, `offered_at`), and an offered seat is
 * kept for them until the desk confirms (the member joins: accepted) or declines it.
 */
export const batchWaitlist = tenantTable(
  'batch_waitlist',
  {
    batchId: ref('batch_id').notNull(),
    memberId: ref('member_id').notNull(),
    status: text('status', { enum: ['waiting', 'offered', 'accepted', 'declined', 'removed'] })
      .notNull()
      .default('waiting'),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** When it was accepted, declined or removed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.batchId, () => batch, { onDelete: 'cascade' }),
    tenantRef(t, t.memberId, () => member, { onDelete: 'cascade' }),
    // A member waits once per batch.
    uniqueIndex('batch_waitlist_open_key')
      .on(t.organisationId, t.batchId, t.memberId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('batch_waitlist_batch_idx').on(t.organisationId, t.batchId, t.status, t.id),
    check('batch_waitlist_status', sql`${t.status} in ('waiting', 'offered', 'accepted', 'declined', 'removed')`),
    // Open entries (waiting, offered) have no closing time, closed ones have one: the seat counts read `closed_at is null`.
    check('batch_waitlist_closed', sql`(${t.status} in ('waiting', 'offered')) = (${t.closedAt} is null)`),
  ],
);

/**
 * A roll call's marks: one per batch, member and session date. Present writes (or finds) the
 * member's attendance of the day (`attendance_id`, source `batch`); absent records the absence.
 */
export const batchAttendance = tenantTable(
  'batch_attendance',
  {
    batchId: ref('batch_id').notNull(),
    memberId: ref('member_id').notNull(),
    date: date('date').notNull(),
    status: text('status', { enum: ['present', 'absent'] }).notNull(),
    /**
     * The visit the roll call wrote for a present mark (null for absent, or when the member came
     * through the door that day). No foreign key: the visit's own history decides its life.
     */
    attendanceId: ref('attendance_id'),
    markedBy: ref('marked_by'),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    tenantRef(t, t.batchId, () => batch, { onDelete: 'cascade' }),
    tenantRef(t, t.memberId, () => member, { onDelete: 'cascade' }),
    uniqueIndex('batch_attendance_key').on(t.organisationId, t.batchId, t.date, t.memberId),
    check('batch_attendance_status', sql`${t.status} in ('present', 'absent')`),
  ],
);

export const service = tenantTable(
  'membership_service',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    durationDays: integer('duration_days').notNull(),
    sessions: integer('sessions'),
    gstRates: jsonb('gst_rates').$type<GstRatePeriod[]>().notNull().default(FITNESS_RATES),
    sacCode: text('sac_code').notNull().default('999723'),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('membership_service_org_name_key').on(t.organisationId, sql`lower(${t.name})`),
    check('membership_service_duration', sql`${t.durationDays} >= 1`),
    check('membership_service_price', sql`${t.price} >= 0`),
    check('membership_service_sessions', sql`${t.sessions} is null or ${t.sessions} >= 1`),
  ],
);

/** A member's purchase of a service: a sale on the ledger (registered as `member_service`). */
export const memberService = tenantTable(
  'member_service',
  {
    memberId: ref('member_id').notNull(),
    serviceId: ref('service_id').notNull(),
    centreId: ref('centre_id').notNull(),
    staffId: ref('staff_id'),
    label: text('label').notNull(),
    party: text('party').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    price: money('price').notNull(),
    discount: money('discount').notNull().default('0'),
    total: money('total').notNull(),
    paid: money('paid').notNull().default('0'),
    status: text('status', { enum: SALE_STATUSES }).notNull(),
    sessionsTotal: integer('sessions_total'),
    sessionsLeft: integer('sessions_left'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdBy: ref('created_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.memberId, () => member),
    tenantRef(t, t.serviceId, () => service),
    tenantRef(t, t.centreId, () => centre),
    referencesStaff(t, t.staffId),
    index('member_service_org_member_idx').on(t.organisationId, t.memberId),
    index('member_service_org_status_end_idx').on(t.organisationId, t.status, t.endDate),
    check('member_service_dates', sql`${t.endDate} >= ${t.startDate}`),
    check('member_service_discount_range', sql`${t.discount} >= 0 and ${t.discount} <= ${t.price}`),
    check('member_service_total', sql`${t.total} = ${t.price} - ${t.discount}`),
    check('member_service_paid_range', sql`${t.paid} >= 0 and ${t.paid} <= ${t.total}`),
    check(
      'member_service_sessions',
      sql`${t.sessionsLeft} is null or (${t.sessionsLeft} >= 0 and ${t.sessionsLeft} <= ${t.sessionsTotal})`,
    ),
  ],
);

export const memberAttendance = tenantTable(
  'member_attendance',
  {
    memberId: ref('member_id').notNull(),
    /** The membership the visit counted on (null for an override without one). */
    membershipId: ref('membership_id'),
    centreId: ref('centre_id').notNull(),
    /** The organisation's date of the check-in. */
    date: date('date').notNull(),
    checkIn: timestamp('check_in', { withTimezone: true }).notNull(),
    checkOut: timestamp('check_out', { withTimezone: true }),
    source: text('source', { enum: ['desk', 'qr', 'import', 'batch'] })
      .notNull()
      .default('desk'),
    override: boolean('override').notNull().default(false),
    /** Whether the visit spent a session of a pack (one a day, a second when the desk confirms it). */
    spentSession: boolean('spent_session').notNull().default(true),
    recordedBy: ref('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    tenantRef(t, t.memberId, () => member, { onDelete: 'cascade' }),
    tenantRef(t, t.membershipId, () => membership),
    tenantRef(t, t.centreId, () => centre),
    // One open visit per member and day: a second check-in while still in is a 409.
    uniqueIndex('member_attendance_open_key')
      .on(t.organisationId, t.memberId, t.date)
      .where(sql`${t.checkOut} is null`),
    index('member_attendance_org_date_idx').on(t.organisationId, t.date),
    index('member_attendance_member_idx').on(t.organisationId, t.memberId, t.date),
    check('member_attendance_out_after_in', sql`${t.checkOut} is null or ${t.checkOut} >= ${t.checkIn}`),
    check('member_attendance_source', sql`${t.source} in ('desk', 'qr', 'import', 'batch')`),
  ],
);

export const performanceCategory = tenantTable(
  'performance_category',
  {
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('performance_category_org_name_key').on(t.organisationId, sql`lower(${t.name})`)],
);

export const performanceItem = tenantTable(
  'performance_item',
  {
    name: text('name').notNull(),
    categoryId: ref('category_id').notNull(),
    unit: text('unit').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.categoryId, () => performanceCategory),
    uniqueIndex('performance_item_org_name_key').on(t.organisationId, t.categoryId, sql`lower(${t.name})`),
  ],
);

export const memberPerformance = tenantTable(
  'member_performance',
  {
    memberId: ref('member_id').notNull(),
    itemId: ref('item_id').notNull(),
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    date: date('date').notNull(),
    notes: text('notes').notNull().default(''),
    recordedBy: ref('recorded_by'),
    ...timestamps(),
  },
  (t) => [
    tenantRef(t, t.memberId, () => member, { onDelete: 'cascade' }),
    tenantRef(t, t.itemId, () => performanceItem),
    index('member_performance_member_idx').on(t.organisationId, t.memberId, t.itemId, t.date),
  ],
);

export type MemberRow = typeof member.$inferSelect;
export type PlanRow = typeof plan.$inferSelect;
export type MembershipRow = typeof membership.$inferSelect;
export type FreezeRow = typeof membershipFreeze.$inferSelect;
export type BatchRow = typeof batch.$inferSelect;
export type BatchWaitlistRow = typeof batchWaitlist.$inferSelect;
export type ServiceRow = typeof service.$inferSelect;
export type MemberServiceRow = typeof memberService.$inferSelect;
export type AttendanceRow = typeof memberAttendance.$inferSelect;

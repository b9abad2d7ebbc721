/**
 * Membership Management (`/api/member-management/`): members, plans, memberships (a member on a
 * plan: a sale with its invoice and dues), freezes, renewals, batches, services and member
 * services, attendance, performance. Field names are the API's contract (issue 11).
 */
import { billingInputFields, billingOutputFields } from '../billing.js';
import { optOutInputFields, optOutOutputFields } from '../opt-out.js';
import { z } from '../zod-config.js';
import {
  partialWithoutDefaults,
  idSchema,
  namedLookupInputSchema,
  namedLookupSchema,
  isoDateSchema,
  saleStartSchema,
  birthDateSchema,
  moneySchema,
  priceSchema,
  optionalPhoneSchema,
  phoneSchema,
  requiredSingleLineText,
  singleLine,
  singleLineText,
  text,
  timeSchema,
} from '../common.js';
import { ledgerEntrySchema } from '../money/invoice.js';
import { gstInputShape, gstOutputShape } from '../tax.js';
import type { DurationUnit, MembershipStatus } from './membership-dates.js';

export const MEMBERSHIP_MODULE = 'Membership Management';

// ---- vocabularies ----
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

export const MEMBER_SOURCES = ['walk-in', 'referral', 'online', 'enquiry', 'social-media', 'corporate', 'other'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];
export const MEMBER_SOURCE_LABELS: Record<MemberSource, string> = {
  'walk-in': 'Walk-in',
  referral: 'Referral',
  online: 'Online',
  enquiry: 'Enquiry',
  'social-media': 'Social media',
  corporate: 'Corporate',
  other: 'Other',
};

export const MEMBER_STATUSES = ['active', 'expiring', 'expired', 'frozen', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  expiring: 'Expiring',
  expired: 'Expired',
  frozen: 'Frozen',
  inactive: 'Inactive',
};

export const MEMBERSHIP_STATUSES = [
  'upcoming',
  'active',
  'expiring',
  'expired',
  'frozen',
  'cancelled',
] as const satisfies readonly MembershipStatus[];
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Active',
  expiring: 'Expiring',
  expired: 'Expired',
  frozen: 'Frozen',
  cancelled: 'Cancelled',
};

export const DURATION_UNITS = ['day', 'month'] as const satisfies readonly DurationUnit[];

export const PERFORMANCE_UNITS = ['kg', 'cm', 'reps', '%', 'min', 'sec', 'km', 'm', 'bpm', 'kcal'] as const;

/** Where a visit was recorded: the desk, the member card's QR code, an import, or a batch's roll call. */
export const ATTENDANCE_SOURCES = ['desk', 'qr', 'import', 'batch'] as const;
/** The sources a check-in may name (a roll call writes `batch` itself). */
export const CHECK_IN_SOURCES = ['desk', 'qr', 'import'] as const;

const optionalEmail = z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]);
const nonNegativeInt = (max: number) => z.coerce.number().int('Enter a whole number.').min(0).max(max);
const positiveInt = (max: number) => z.coerce.number().int('Enter a whole number.').min(1).max(max);
const amountAboveZero = moneySchema.refine((v) => v !== '0.00', 'Amount must be greater than 0.');

/** A payment taken with a sale or on its own (`payment-history/`). */
export const salePaymentSchema = z.object({
  amount: amountAboveZero,
  payment_mode: idSchema,
  reference: singleLineText(100).default(''),
  date: isoDateSchema.optional(),
  notes: text(500).default(''),
});
export type SalePaymentInput = z.infer<typeof salePaymentSchema>;

// ---- settings ----
export const DEFAULT_BATCH_SEAT_GRACE_DAYS = 7;
export const membershipSettingsSchema = z.object({ reminder_days: z.number(), batch_seat_grace_days: z.number() });
export const membershipSettingsInputSchema = z.object({
  reminder_days: positiveInt(60),
  /** Days a lapsed member keeps a batch seat (0–60); unchanged when left out. */
  batch_seat_grace_days: nonNegativeInt(60).optional(),
});
export type MembershipSettingsInput = z.infer<typeof membershipSettingsInputSchema>;

// ---- plan ----
export const planInputSchema = z
  .object({
    name: requiredSingleLineText(100, 'Name is required'),
    sport: idSchema.nullable().default(null),
    description: text(1000).default(''),
    duration_value: positiveInt(3650),
    duration_unit: z.enum(DURATION_UNITS, { error: 'Duration unit must be day or month.' }),
    sessions: positiveInt(1000).nullable().default(null),
    price: priceSchema,
    ...gstInputShape,
    joining_fee: priceSchema.default('0.00'),
    freeze_max_times: nonNegativeInt(12).default(0),
    freeze_max_days: nonNegativeInt(365).default(0),
    /** Freezes in one membership year (counted from the membership's start); null: no limit. */
    max_freezes_per_year: nonNegativeInt(365).nullable().default(null),
    /** Days frozen in one membership year (the days of the freezes that start in it); null: no limit. */
    max_freeze_days_per_year: nonNegativeInt(3650).nullable().default(null),
    /** The shortest freeze, in days (1: any freeze). */
    min_freeze_days: positiveInt(365).default(1),
    is_active: z.boolean().default(true),
  })
  .refine((v) => v.duration_unit === 'day' || v.duration_value <= 120, {
    path: ['duration_value'],
    message: 'A plan lasts at most 120 months.',
  });
export type PlanInput = z.infer<typeof planInputSchema>;

export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  sport: z.number().nullable(),
  sport_name: z.string(),
  description: z.string(),
  duration_value: z.number(),
  duration_unit: z.enum(DURATION_UNITS),
  /** "1 month", "90 days", "12 sessions in 2 months". */
  duration_label: z.string(),
  sessions: z.number().nullable(),
  price: z.string(),
  ...gstOutputShape,
  joining_fee: z.string(),
  freeze_max_times: z.number(),
  freeze_max_days: z.number(),
  max_freezes_per_year: z.number().nullable(),
  max_freeze_days_per_year: z.number().nullable(),
  min_freeze_days: z.number(),
  is_active: z.boolean(),
  /** Memberships on the plan that are running now (active, expiring or frozen). */
  active_members: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

// ---- service ----
export const serviceInputSchema = z.object({
  name: requiredSingleLineText(100, 'Name is required'),
  description: text(1000).default(''),
  price: priceSchema,
  duration_days: positiveInt(3650),
  sessions: positiveInt(1000).nullable().default(null),
  ...gstInputShape,
  is_active: z.boolean().default(true),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;
export const serviceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  duration_days: z.number(),
  sessions: z.number().nullable(),
  ...gstOutputShape,
  is_active: z.boolean(),
  active_members: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

// ---- membership ----
export const invoiceRefSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.string(),
  /** The credit notes against the invoice (a cancellation, a lower price), oldest first. */
  credit_notes: z.array(z.object({ id: z.number(), number: z.string(), date: z.string(), total: z.string() })),
});

export const freezeSchema = z.object({
  id: z.number(),
  from_date: z.string(),
  to_date: z.string(),
  days: z.number(),
  reason: z.string(),
  ended_on: z.string().nullable(),
  created_at: z.string(),
});
export type Freeze = z.infer<typeof freezeSchema>;

export const membershipInputSchema = z.object({
  member: idSchema,
  plan: idSchema,
  /** Today when left out. */
  start_date: saleStartSchema.optional(),
  discount: moneySchema.default('0.00'),
  payment: salePaymentSchema.nullable().default(null),
  notes: text(500).default(''),
  /** The staff member the sale is credited to (commission): an active staff member of the organisation. */
  sold_by: idSchema.nullable().default(null),
});
export type MembershipInput = z.infer<typeof membershipInputSchema>;

/** A membership sold together with a new member (Add Member's one step). */
export const newMemberMembershipSchema = membershipInputSchema.omit({ member: true });

export const renewInputSchema = z.object({
  plan: idSchema.optional(),
  start_date: saleStartSchema.optional(),
  discount: moneySchema.default('0.00'),
  payment: salePaymentSchema.nullable().default(null),
  notes: text(500).default(''),
  /** The staff member the sale is credited to (commission): an active staff member of the organisation. */
  sold_by: idSchema.nullable().default(null),
});
export type RenewInput = z.infer<typeof renewInputSchema>;

export const freezeInputSchema = z
  .object({
    from_date: isoDateSchema,
    to_date: isoDateSchema,
    reason: text(500).default(''),
  })
  .refine((v) => v.to_date >= v.from_date, { path: ['to_date'], message: 'The freeze must end on or after its first day.' });
export type FreezeInput = z.infer<typeof freezeInputSchema>;

/**
 * A change to a freeze: a scheduled one (not started) may move both days, a running one only its
 * last day (longer, or shorter down to yesterday: it ends early), and any may change its reason.
 */
export const freezeUpdateSchema = z
  .object({
    from_date: isoDateSchema.optional(),
    to_date: isoDateSchema.optional(),
    reason: text(500).optional(),
  })
  .refine((v) => !(v.from_date && v.to_date) || v.to_date >= v.from_date, {
    path: ['to_date'],
    message: 'The freeze must end on or after its first day.',
  });
export type FreezeUpdate = z.infer<typeof freezeUpdateSchema>;

/** Why members freeze (Travel, Medical, Exams): a list the owner keeps; a freeze picks one when the list has any. */
export const freezeReasonInputSchema = namedLookupInputSchema('Reason is required');
export const freezeReasonSchema = namedLookupSchema;
export type FreezeReason = z.infer<typeof freezeReasonSchema>;

export const unfreezeInputSchema = z.object({
  /** The day the member is back (today when left out). */
  date: isoDateSchema.optional(),
});

export const saleCancelInputSchema = z.object({
  reason: requiredSingleLineText(500, 'Reason is required'),
  refund_amount: amountAboveZero.optional(),
  /** The refund's mode (the last receipt's when left out) and reference. */
  payment_mode: idSchema.optional(),
  reference: singleLineText(100).default(''),
  /** False gives money back without a credit note (the invoice keeps its tax): after the section 34(2) deadline, when a note is refused. */
  tax_adjustment: z.boolean().default(true),
});
export type SaleCancelInput = z.infer<typeof saleCancelInputSchema>;

/** What every sale of the module answers with: money, dues (nothing once cancelled), status, invoice, sessions. */
const saleShape = {
  price: z.string(),
  discount: z.string(),
  total: z.string(),
  paid: z.string(),
  due: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  invoice: invoiceRefSchema.nullable(),
  sessions_total: z.number().nullable(),
  sessions_left: z.number().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string(),
  notes: z.string(),
  created_at: z.string(),
};

export const membershipSchema = z.object({
  id: z.number(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  plan: z.number(),
  plan_name: z.string(),
  centre: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  /** The plan's end before freezes. */
  base_end_date: z.string(),
  joining_fee: z.string(),
  renewed_from: z.number().nullable(),
  renewed_by: z.number().nullable(),
  freezes: z.array(freezeSchema),
  frozen_days: z.number(),
  /** The plan's limits on freezes (what the freeze service enforces). */
  freeze_limits: z.object({
    /** Per membership: 0 = the plan cannot be frozen. */
    max_times: z.number(),
    max_days: z.number(),
    /** Per membership year; null = no limit. */
    max_freezes_per_year: z.number().nullable(),
    max_freeze_days_per_year: z.number().nullable(),
    min_freeze_days: z.number(),
  }),
  /**
   * This membership year (today's, or the first before the start): its days, and the number and
   * days of the freezes that start in it (what the yearly limits count).
   */
  freeze_year: z.object({ from: z.string(), to: z.string(), freezes: z.number(), days: z.number() }),
  ...saleShape,
});
export type Membership = z.infer<typeof membershipSchema>;

// ---- member ----
const memberFields = {
  first_name: requiredSingleLineText(60, 'First name is required'),
  last_name: singleLineText(60).default(''),
  gender: z.enum(GENDERS, { error: 'Gender must be male, female or other.' }),
  date_of_birth: birthDateSchema.nullable().default(null),
  phone: phoneSchema,
  email: optionalEmail.default(''),
  address: text(500).default(''),
  centre: idSchema,
  emergency_contact_name: singleLineText(120).default(''),
  emergency_contact_phone: optionalPhoneSchema.default(''),
  blood_group: z.union([z.literal(''), z.enum(BLOOD_GROUPS)]).default(''),
  health_notes: text(1000).default(''),
  source: z.enum(MEMBER_SOURCES, { error: `Source must be one of ${MEMBER_SOURCES.join(', ')}.` }).default('walk-in'),
  /** Today when left out. */
  joined_on: isoDateSchema.optional(),
  trainer: idSchema.nullable().default(null),
  notes: text(1000).default(''),
  is_active: z.boolean().default(true),
  ...billingInputFields,
  ...optOutInputFields,
};

/**
 * `POST member/` (JSON, or multipart with the same fields and a `photo` file ≤ 2 MB). With
 * `membership` the member joins a plan in the same step (and pays with `membership.payment`).
 */
export const memberInputSchema = z.object({ ...memberFields, membership: newMemberMembershipSchema.nullable().default(null) });
export type MemberInput = z.infer<typeof memberInputSchema>;
/** `PATCH member/:id/`: only the fields sent change (no defaults fill the rest in). */
export const memberUpdateSchema = partialWithoutDefaults(z.object(memberFields));
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

export const currentMembershipSchema = z.object({
  id: z.number(),
  plan: z.number(),
  plan_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  sessions_left: z.number().nullable(),
});

/** A member's last membership (when no membership is running): its plan and end date. */
export const lastMembershipSchema = z.object({
  id: z.number(),
  plan: z.number(),
  plan_name: z.string(),
  end_date: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
});

export const memberSchema = z.object({
  id: z.number(),
  member_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  gender: z.enum(GENDERS),
  date_of_birth: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  photo: z.string().nullable(),
  emergency_contact_name: z.string(),
  emergency_contact_phone: z.string(),
  blood_group: z.string(),
  health_notes: z.string(),
  source: z.string(),
  joined_on: z.string(),
  trainer: z.number().nullable(),
  trainer_name: z.string(),
  notes: z.string(),
  is_active: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  current_membership: currentMembershipSchema.nullable(),
  /**
   * With no current membership (an expired member): the latest one by end date, not cancelled,
   * so a list can still show the plan and when it ended. Null when there is a current one or none.
   */
  last_membership: lastMembershipSchema.nullable(),
  /** Sum of the dues of all the member's sales (memberships and services, not cancelled). */
  due: z.string(),
  batches: z.array(z.object({ id: z.number(), name: z.string() })),
  /** For GST invoices: a GSTIN makes them B2B. */
  ...billingOutputFields,
  /** The channels the member opted out of (by their phone and e-mail). */
  ...optOutOutputFields,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * A member as a picker shows one (`member/lookup/`): what other modules' screens need to choose a
 * member — a trainer assigning a diet, a CRM user filing a complaint — without the member record.
 */
export const memberLookupSchema = memberSchema.pick({
  id: true,
  member_code: true,
  full_name: true,
  phone: true,
  photo: true,
  status: true,
});
export type MemberLookup = z.infer<typeof memberLookupSchema>;
export const MEMBER_LOOKUP_MAX = 20;
export const memberLookupQuerySchema = z.object({
  search: z.string().trim().min(2, 'Type at least 2 characters.').max(100, 'Ensure this field has no more than 100 characters.'),
  limit: z.coerce.number().int().min(1).max(MEMBER_LOOKUP_MAX).default(8),
});

/** The answer to `POST member/`: the member, and the membership sold with it. */
export const memberCreatedSchema = memberSchema.extend({ membership: membershipSchema.nullable() });

// ---- payments ----
/** `POST payment-history/`: a payment against one membership or one member service. */
export const memberPaymentInputSchema = salePaymentSchema
  .extend({ membership: idSchema.optional(), member_service: idSchema.optional() })
  .refine((v) => (v.membership === undefined) !== (v.member_service === undefined), {
    path: ['membership'],
    message: 'Give either a membership or a member service.',
  });
export type MemberPaymentInput = z.infer<typeof memberPaymentInputSchema>;

/** A ledger row of the module, with the member it belongs to. */
export const memberPaymentSchema = ledgerEntrySchema.extend({
  member: z.number().nullable(),
  member_name: z.string(),
  member_code: z.string(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/**
 * `GET payment-history/totals/`: the rows the same filters select. `receipts` and `refunds` net
 * of reversals; `income`/`expense` repeat them in the shape of the ledger's totals.
 */
export const memberPaymentTotalsSchema = z.object({
  count: z.number(),
  receipts: z.string(),
  refunds: z.string(),
  net: z.string(),
  income: z.string(),
  expense: z.string(),
});
export type MemberPaymentTotals = z.infer<typeof memberPaymentTotalsSchema>;

// ---- batch ----
export const SEAT_STATUSES = ['held', 'lapsed', 'freed'] as const;
export type SeatStatus = (typeof SEAT_STATUSES)[number];
export const batchInputSchema = z
  .object({
    name: requiredSingleLineText(100, 'Name is required'),
    sport: idSchema.nullable().default(null),
    centre: idSchema,
    coach: idSchema.nullable().default(null),
    weekdays: z
      .array(z.coerce.number().int().min(1, 'Weekdays are 1 (Monday) to 7 (Sunday).').max(7, 'Weekdays are 1 (Monday) to 7 (Sunday).'))
      .min(1, 'Pick at least one weekday.')
      .max(7)
      .transform((days) => [...new Set(days)].sort()),
    start_time: timeSchema,
    end_time: timeSchema,
    capacity: positiveInt(1000),
    description: text(1000).default(''),
    is_active: z.boolean().default(true),
  })
  .refine((v) => v.end_time > v.start_time, { path: ['end_time'], message: 'End time must be after start time.' });
export type BatchInput = z.infer<typeof batchInputSchema>;

export const batchSchema = z.object({
  id: z.number(),
  name: z.string(),
  sport: z.number().nullable(),
  sport_name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  coach: z.number().nullable(),
  coach_name: z.string(),
  weekdays: z.array(z.number()),
  start_time: z.string(),
  end_time: z.string(),
  capacity: z.number(),
  /** Seats held: members with a running membership, and lapsed ones within the grace days. */
  members_count: z.number(),
  /** Seats a member can be added to now: none while the waiting list has someone (or an offer is open). */
  seats_left: z.number(),
  /** Of the seats held, those of lapsed members (membership ended or cancelled, within the grace days). */
  lapsed_count: z.number(),
  /** Members on the waiting list (waiting or offered a seat). */
  waitlist_count: z.number(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

export const batchMemberInputSchema = z.object({ member: idSchema });
export const batchMemberSchema = z.object({
  batch: z.number(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  phone: z.string(),
  status: z.enum(MEMBER_STATUSES),
  joined_on: z.string(),
  /**
   * held: a running (or frozen, or upcoming) membership; lapsed: it ended or was cancelled and the
   * seat is kept for the grace days (renew to keep it); freed: the grace days are over and the
   * seat is given up (add the member again to take one).
   */
  seat_status: z.enum(SEAT_STATUSES),
  /** The first day the member had no membership (lapsed and freed), else null. */
  lapsed_on: z.string().nullable(),
  /** The last day a lapsed seat is kept, else null. */
  seat_until: z.string().nullable(),
  /** Days a lapsed seat is kept from today (today counts), else null. */
  seat_days_left: z.number().nullable(),
});
export type BatchMember = z.infer<typeof batchMemberSchema>;

// ---- batch waiting list ----
export const WAITLIST_STATUSES = ['waiting', 'offered', 'accepted', 'declined', 'removed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const batchWaitlistInputSchema = z.object({ member: idSchema, note: singleLineText(200).default('') });
export const batchWaitlistEntrySchema = z.object({
  id: z.number(),
  batch: z.number(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  phone: z.string(),
  /** 1 for the first in line (open entries only), else null. */
  position: z.number().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  offered_at: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type BatchWaitlistEntry = z.infer<typeof batchWaitlistEntrySchema>;

// ---- roll call ----
export const ROLL_CALL_STATUSES = ['present', 'absent', 'unmarked'] as const;
export type RollCallStatus = (typeof ROLL_CALL_STATUSES)[number];
/** How many days ahead a roll call may be opened, and how far back it may be read or marked. */
export const ROLL_CALL_DAYS_AHEAD = 7;
export const ROLL_CALL_DAYS_BACK = 31;
export const rollCallQuerySchema = z.object({ date: isoDateSchema.optional() });
export const rollCallMarkInputSchema = z.object({
  date: isoDateSchema,
  status: z.enum(ROLL_CALL_STATUSES, { error: 'Status must be present, absent or unmarked.' }),
});
export type RollCallMarkInput = z.infer<typeof rollCallMarkInputSchema>;
export const rollCallEntrySchema = z.object({
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  phone: z.string(),
  photo: z.string().nullable(),
  seat_status: z.enum(SEAT_STATUSES),
  /** Days a lapsed seat is kept from today, else null. */
  seat_days_left: z.number().nullable(),
  status: z.enum(ROLL_CALL_STATUSES),
  /** roll_call: marked by the trainer; door: a check-in of the day (desk or QR) made them present. */
  marked_by: z.enum(['roll_call', 'door']).nullable(),
  /** The check-in of the day's visit, when present. */
  check_in: z.string().nullable(),
});
export type RollCallEntry = z.infer<typeof rollCallEntrySchema>;
export const rollCallSchema = z.object({
  batch: z.number(),
  batch_name: z.string(),
  centre_name: z.string(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  weekdays: z.array(z.number()),
  /** Marks are taken for today's and past sessions only. */
  can_mark: z.boolean(),
  /** The batch's session days around the date, for the date picker's previous and next. */
  previous_date: z.string().nullable(),
  next_date: z.string().nullable(),
  present: z.number(),
  absent: z.number(),
  unmarked: z.number(),
  results: z.array(rollCallEntrySchema),
});
export type RollCall = z.infer<typeof rollCallSchema>;

// ---- member service ----
export const memberServiceInputSchema = z.object({
  member: idSchema,
  service: idSchema,
  start_date: saleStartSchema.optional(),
  staff: idSchema.nullable().default(null),
  discount: moneySchema.default('0.00'),
  payment: salePaymentSchema.nullable().default(null),
  notes: text(500).default(''),
});
export type MemberServiceInput = z.infer<typeof memberServiceInputSchema>;

export const memberServiceSchema = z.object({
  id: z.number(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  service: z.number(),
  service_name: z.string(),
  centre: z.number(),
  staff: z.number().nullable(),
  staff_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  ...saleShape,
});
export type MemberService = z.infer<typeof memberServiceSchema>;

// ---- attendance ----
export const checkInInputSchema = z
  .object({
    member: idSchema.optional(),
    /** A member card's code (typed, or read from its QR code), or the signed check-in code of the member app (`AC1.…`). */
    member_code: singleLineText(200).optional(),
    /** Now when left out. */
    check_in: z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601).' }).optional(),
    /** Let a member without a running membership in (a user with the module). */
    override: z.boolean().default(false),
    /**
     * A session pack spends one session a day. For a member who already spent one today: `true`
     * spends another (the desk confirms a second session), `false` lets them in without spending
     * one (back the same day); left out, the check-in is refused with a 400 on `second_session`
     * saying so, for the desk to choose.
     */
    second_session: z.boolean().optional(),
    source: z.enum(CHECK_IN_SOURCES).default('desk'),
  })
  .refine((v) => v.member !== undefined || !!v.member_code, { path: ['member'], message: 'This field is required.' });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

export const checkOutInputSchema = z.object({
  check_out: z.iso.datetime({ offset: true, error: 'Enter a date and time (ISO 8601).' }).optional(),
});

export const attendanceSchema = z.object({
  id: z.number(),
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
  photo: z.string().nullable(),
  membership: z.number().nullable(),
  plan_name: z.string(),
  sessions_left: z.number().nullable(),
  centre: z.number(),
  date: z.string(),
  check_in: z.string(),
  check_out: z.string().nullable(),
  source: z.enum(ATTENDANCE_SOURCES),
  override: z.boolean(),
  /** Whether the visit spent a session of a pack (false on a time membership, a visit back the same day, an override). */
  spent_session: z.boolean(),
  created_at: z.string(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** `GET member-attendance-list?date=`: a day's register. */
export const attendanceRegisterSchema = z.object({
  date: z.string(),
  in_now: z.number(),
  visits: z.number(),
  members: z.number(),
  results: z.array(attendanceSchema),
});
export type AttendanceRegister = z.infer<typeof attendanceRegisterSchema>;

// ---- performance ----
export const performanceCategoryInputSchema = namedLookupInputSchema('Name is required');
export const performanceCategorySchema = namedLookupSchema;
export type PerformanceCategory = z.infer<typeof performanceCategorySchema>;

export const performanceItemInputSchema = z.object({
  name: requiredSingleLineText(100, 'Name is required'),
  category: idSchema,
  unit: z.enum(PERFORMANCE_UNITS, { error: `Unit must be one of ${PERFORMANCE_UNITS.join(', ')}.` }),
  description: text(500).default(''),
  is_active: z.boolean().default(true),
});
export const performanceItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.number(),
  category_name: z.string(),
  unit: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PerformanceItem = z.infer<typeof performanceItemSchema>;

export const memberPerformanceInputSchema = z.object({
  member: idSchema,
  item: idSchema,
  value: z.coerce
    .number({ error: 'Enter a number.' })
    .min(-99_999_999)
    .max(99_999_999)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most 2 decimals.'),
  /** Today when left out. */
  date: isoDateSchema.optional(),
  notes: text(500).default(''),
});
export const memberPerformanceSchema = z.object({
  id: z.number(),
  member: z.number(),
  member_name: z.string(),
  item: z.number(),
  item_name: z.string(),
  category: z.number(),
  category_name: z.string(),
  unit: z.string(),
  value: z.string(),
  date: z.string(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MemberPerformance = z.infer<typeof memberPerformanceSchema>;

// ---- dashboard ----
export const membershipDashboardSchema = z.object({
  active_members: z.number(),
  new_this_month: z.number(),
  expiring_7_days: z.number(),
  expired_last_30_days: z.number(),
  /** The days `expired_last_30_days` counts (today − 30 … today − 1): the member list's `ended_after`/`ended_before` that open it. */
  expired_window: z.object({ from: z.string(), to: z.string() }),
  todays_checkins: z.number(),
  in_now: z.number(),
  dues_outstanding: z.string(),
  collections_this_month: z.string(),
  joins_vs_lapses: z.array(z.object({ month: z.string(), joins: z.number(), lapses: z.number() })),
});
export type MembershipDashboard = z.infer<typeof membershipDashboardSchema>;

/** "1 month", "3 months", "90 days" (+ " · 12 sessions"). */
export function durationLabel(value: number, unit: DurationUnit, sessions?: number | null): string {
  const base = `${value} ${unit}${value === 1 ? '' : 's'}`;
  return sessions ? `${sessions} sessions in ${base}` : base;
}

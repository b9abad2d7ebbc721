/**
 * Accommodation Management (issue 26, `/api/accommodation/`): room types, rooms and their beds,
 * residents (clients), stays (bookings) that never overlap on one bed, their bills (nightly at
 * check-out, monthly on each month's start), deposits, the occupancy board, the dashboard and
 * the settings.
 */
import { z } from '../zod-config.js';
import {
  birthDateSchema,
  dateNearTodaySchema,
  idSchema,
  isoDateSchema,
  moneySchema,
  optionalPhoneSchema,
  priceSchema,
  requiredPhoneSchema,
  requiredSingleLineText,
  singleLine,
  singleLineText,
  text,
  timeSchema,
} from '../common.js';
import { toPaise } from '../money.js';
import { gstInputShape, gstOutputShape } from '../tax.js';

/** SAC of accommodation services (hotels, hostels, lodging). */
export const ACCOMMODATION_SAC = '996311';
/** The GST rate a new room type starts with (accommodation up to ₹7,500 a night). */
export const ACCOMMODATION_DEFAULT_GST_RATE = 5;
/** The most beds of one room (a dormitory). */
export const BEDS_PER_ROOM_MAX = 20;
/** The longest stay: three years. */
export const STAY_DAYS_MAX = 1096;
/** The most days the occupancy board shows at once (a fortnight by default). */
export const BOARD_DAYS_DEFAULT = 14;
export const BOARD_DAYS_MAX = 31;
/** The most rooms of one board page. */
export const BOARD_ROOMS_MAX = 200;

export const ROOM_STATUSES = ['available', 'maintenance', 'closed'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];
export const RATE_BASES = ['nightly', 'monthly'] as const;
export type RateBasis = (typeof RATE_BASES)[number];
export const STAY_STATUSES = ['reserved', 'checked_in', 'checked_out', 'cancelled'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];
/** What became of a stay's deposit: none taken, held (a liability), refunded, or adjusted against the bill. */
export const DEPOSIT_STATUSES = ['none', 'held', 'refunded', 'adjusted'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const ID_PROOF_TYPES = ['', 'aadhaar', 'passport', 'driving_licence', 'voter_id', 'pan', 'student_id', 'other'] as const;
export type IdProofType = (typeof ID_PROOF_TYPES)[number];

const optionalEmail = z.union([z.literal(''), singleLine(z.string()).trim().toLowerCase().max(254).pipe(z.email('Invalid email format'))]);
const count = (max: number, message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(max, message);

// ---- room types ----
export const roomTypeInputSchema = z.object({
  name: requiredSingleLineText(100, 'Name is required'),
  beds_per_room: count(BEDS_PER_ROOM_MAX, `Enter 1 to ${BEDS_PER_ROOM_MAX} beds.`),
  rate_per_night: priceSchema,
  rate_per_month: priceSchema,
  /** The deposit a stay in this type takes by default. */
  deposit: priceSchema.default('0.00'),
  /** "AC", "Attached bath", "Study table" … */
  amenities: z.array(requiredSingleLineText(60)).max(30, 'At most 30 amenities.').default([]),
  description: text(500).default(''),
  is_active: z.boolean().default(true),
  ...gstInputShape,
});
export type RoomTypeInput = z.input<typeof roomTypeInputSchema>;
export const roomTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  beds_per_room: z.number(),
  rate_per_night: z.string(),
  rate_per_month: z.string(),
  deposit: z.string(),
  amenities: z.array(z.string()),
  description: z.string(),
  is_active: z.boolean(),
  ...gstOutputShape,
  rooms: z.number(),
  beds: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoomType = z.infer<typeof roomTypeSchema>;

// ---- rooms ----
export const roomInputSchema = z.object({
  number: requiredSingleLineText(20, 'Room number is required'),
  room_type: idSchema,
  centre: idSchema,
  floor: singleLineText(40).default(''),
  status: z.enum(ROOM_STATUSES, { error: `Status must be one of ${ROOM_STATUSES.join(', ')}.` }).default('available'),
  notes: text(500).default(''),
});
export type RoomInput = z.input<typeof roomInputSchema>;
export const roomSchema = z.object({
  id: z.number(),
  number: z.string(),
  room_type: z.number(),
  room_type_name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  floor: z.string(),
  status: z.enum(ROOM_STATUSES),
  notes: z.string(),
  /** Beds 1..beds_per_room of its type. */
  beds: z.number(),
  /** Beds with a stay (reserved or checked in) today. */
  occupied_today: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

// ---- residents ----
export const GUARDIAN_MESSAGE = 'A resident under 18 needs a guardian: enter their name and phone.';
export const clientInputSchema = z.object({
  name: requiredSingleLineText(120, 'Name is required'),
  phone: requiredPhoneSchema('Phone is required'),
  email: optionalEmail.default(''),
  date_of_birth: birthDateSchema.nullable().default(null),
  gender: z.enum(['', 'male', 'female', 'other']).default(''),
  address: text(500).default(''),
  guardian_name: singleLineText(120).default(''),
  guardian_phone: optionalPhoneSchema.default(''),
  guardian_relation: singleLineText(60).default(''),
  id_proof_type: z.enum(ID_PROOF_TYPES).default(''),
  id_proof_number: singleLineText(40).default(''),
  /** The member this resident is, if any (membership's members). */
  member: idSchema.nullable().default(null),
  notes: text(1000).default(''),
  is_active: z.boolean().default(true),
});
export type ClientInput = z.input<typeof clientInputSchema>;
export const clientSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  date_of_birth: z.string().nullable(),
  /** Under 18 today (a guardian is required). */
  is_minor: z.boolean(),
  gender: z.string(),
  address: z.string(),
  guardian_name: z.string(),
  guardian_phone: z.string(),
  guardian_relation: z.string(),
  id_proof_type: z.string(),
  id_proof_number: z.string(),
  /** Whether an ID proof file was uploaded (`client/{id}/id-proof/`). */
  has_id_proof: z.boolean(),
  id_proof_name: z.string(),
  /** The linked member (membership's), with their name and code as membership shows them. */
  member: z.number().nullable(),
  member_name: z.string(),
  member_code: z.string(),
  notes: z.string(),
  is_active: z.boolean(),
  stays: z.number(),
  /** The stay checked in or reserved today, if any: "A-101 bed 2". */
  current_room: z.string(),
  /** What the resident still owes on their stays' invoices. */
  due: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AccommodationClient = z.infer<typeof clientSchema>;

// ---- stays ----
const stayDate = dateNearTodaySchema(730, 730, 'Enter a date within two years of today.');
const stayDays = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
export const CHECK_OUT_MESSAGE = 'Check-out must be after check-in.';
export const STAY_LENGTH_MESSAGE = `A stay can be at most ${STAY_DAYS_MAX} days.`;
/** The bed is taken for some of these dates (the database's exclusion constraint). */
export const BED_TAKEN_MESSAGE = 'This bed is already booked for some of these dates.';

export const bookingInputSchema = z
  .object({
    client: idSchema,
    room: idSchema,
    bed: count(BEDS_PER_ROOM_MAX, 'Choose a bed of the room.'),
    check_in: stayDate,
    /** Exclusive: the day the resident leaves (the next stay may start that day). */
    check_out: stayDate,
    rate_basis: z.enum(RATE_BASES, { error: 'Rate basis must be nightly or monthly.' }),
    /** Per night or per month; the room type's when left out. Tax-inclusive. */
    rate: priceSchema.optional(),
    /** The deposit; the room type's (as the settings say) when left out. */
    deposit: priceSchema.optional(),
    notes: text(1000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.check_out <= v.check_in) ctx.addIssue({ code: 'custom', path: ['check_out'], message: CHECK_OUT_MESSAGE });
    else if (stayDays(v.check_in, v.check_out) > STAY_DAYS_MAX)
      ctx.addIssue({ code: 'custom', path: ['check_out'], message: STAY_LENGTH_MESSAGE });
  });
export type BookingInput = z.input<typeof bookingInputSchema>;

/** `PATCH booking/{id}/`: a reserved stay's dates, bed, rate and deposit; any stay's notes. */
export const bookingUpdateSchema = z.object({
  bed: count(BEDS_PER_ROOM_MAX, 'Choose a bed of the room.').optional(),
  check_in: stayDate.optional(),
  check_out: stayDate.optional(),
  rate: priceSchema.optional(),
  deposit: priceSchema.optional(),
  notes: text(1000).optional(),
});

const paymentShape = {
  amount: moneySchema
    .refine((v) => toPaise(v)! > 0, 'Amount must be greater than 0.')
    .refine((v) => toPaise(v)! <= toPaise('10000000.00')!, 'Enter an amount up to ₹1,00,00,000.00.'),
  payment_mode: idSchema,
  reference: singleLineText(100).default(''),
  notes: text(500).default(''),
};
/** A payment against a stay's due (its invoices, oldest first). */
export const stayPaymentInputSchema = z.object(paymentShape);
export type StayPaymentInput = z.input<typeof stayPaymentInputSchema>;

/** `POST booking/{id}/check-in/`: on or after the check-in date (not before it); the deposit is taken now. */
export const checkInInputSchema = z.object({
  /** How the deposit is paid (required when the stay has a deposit). */
  deposit_payment_mode: idSchema.nullable().default(null),
  reference: singleLineText(100).default(''),
});

export const DEPOSIT_ACTIONS = ['refund', 'adjust'] as const;
/**
 * `POST booking/{id}/check-out/`: today (an early check-out when before the stay's check-out; the
 * bill counts the nights stayed). Nightly stays are invoiced now; the deposit is refunded or
 * adjusted against what is due (less `deductions` for damage); `payment` settles the rest.
 */
export const checkOutInputSchema = z.object({
  deposit_action: z.enum(DEPOSIT_ACTIONS).default('refund'),
  /** Kept from the deposit (damage, lost keys); at most the deposit. */
  deductions: priceSchema.default('0.00'),
  deduction_reason: singleLineText(200).default(''),
  /** How the deposit's balance is refunded. */
  refund_payment_mode: idSchema.nullable().default(null),
  payment: stayPaymentInputSchema.nullable().default(null),
});
export type CheckOutInput = z.input<typeof checkOutInputSchema>;

/** `POST booking/{id}/change-room/`: the stay ends today and a new one on the new bed starts today, to the old check-out. */
export const changeRoomInputSchema = z.object({
  room: idSchema,
  bed: count(BEDS_PER_ROOM_MAX, 'Choose a bed of the room.'),
  /** The new stay's rate; the old one's when left out. */
  rate: priceSchema.optional(),
  notes: text(500).default(''),
});
export const cancelInputSchema = z.object({ reason: singleLineText(500).default('') });

export const stayInvoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  /** The month billed (`YYYY-MM`) of a monthly stay; '' for a nightly stay's bill. */
  month: z.string(),
  /** The days the invoice bills. */
  period_start: z.string(),
  period_end: z.string(),
  total: z.string(),
  paid: z.string(),
  due: z.string(),
  status: z.string(),
});
export type StayInvoice = z.infer<typeof stayInvoiceSchema>;

export const bookingSchema = z.object({
  id: z.number(),
  client: z.number(),
  client_name: z.string(),
  client_phone: z.string(),
  room: z.number(),
  room_number: z.string(),
  room_type: z.number(),
  room_type_name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  bed: z.number(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number(),
  rate_basis: z.enum(RATE_BASES),
  rate: z.string(),
  deposit: z.string(),
  deposit_status: z.enum(DEPOSIT_STATUSES),
  /** What was kept from the deposit at check-out. */
  deposit_deducted: z.string(),
  status: z.enum(STAY_STATUSES),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string(),
  /** The stay this one continues after a room change, and the one that continued it. */
  previous_stay: z.number().nullable(),
  next_stay: z.number().nullable(),
  /** Invoiced, paid and due so far. */
  billed: z.string(),
  paid: z.string(),
  due: z.string(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Stay = z.infer<typeof bookingSchema>;
/** One stay with its invoices. */
export const bookingDetailSchema = bookingSchema.extend({ invoices: z.array(stayInvoiceSchema) });
export type StayDetail = z.infer<typeof bookingDetailSchema>;

/** `GET booking/{id}/check-out-quote/?date=`: what checking out on that day would bill (writes nothing). */
export const checkOutQuoteSchema = z.object({
  date: z.string(),
  early: z.boolean(),
  nights: z.number(),
  /** What the stay's invoices come to after the check-out (a nightly stay's bill, a monthly one's adjusted last month). */
  charges: z.string(),
  billed: z.string(),
  paid: z.string(),
  deposit: z.string(),
  /** What the resident owes after the check-out, before the deposit. */
  due: z.string(),
});
export type CheckOutQuote = z.infer<typeof checkOutQuoteSchema>;

// ---- occupancy board ----
export const boardQuerySchema = z.object({
  centre: idSchema.optional(),
  room_type: idSchema.optional(),
  /** The first day (today when left out). */
  from: isoDateSchema.optional(),
  days: z.coerce
    .number()
    .int()
    .min(1, `Enter 1 to ${BOARD_DAYS_MAX} days.`)
    .max(BOARD_DAYS_MAX, `Enter 1 to ${BOARD_DAYS_MAX} days.`)
    .default(BOARD_DAYS_DEFAULT),
});
export const boardStaySchema = z.object({
  id: z.number(),
  client: z.number(),
  client_name: z.string(),
  check_in: z.string(),
  check_out: z.string(),
  status: z.enum(STAY_STATUSES),
  rate_basis: z.enum(RATE_BASES),
});
export const boardRoomSchema = z.object({
  id: z.number(),
  number: z.string(),
  floor: z.string(),
  room_type: z.number(),
  room_type_name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  status: z.enum(ROOM_STATUSES),
  /** Beds 1..n, each with the stays that touch the window (not cancelled). */
  beds: z.array(z.object({ bed: z.number(), stays: z.array(boardStaySchema) })),
});
export const boardSchema = z.object({
  from: z.string(),
  /** Exclusive. */
  to: z.string(),
  days: z.array(z.string()),
  rooms: z.array(boardRoomSchema),
  /** More rooms than one board shows (narrow by centre or room type). */
  truncated: z.boolean(),
});
export type OccupancyBoard = z.infer<typeof boardSchema>;

// ---- dashboard ----
export const accommodationDashboardSchema = z.object({
  today: z.string(),
  rooms: z.number(),
  beds: z.number(),
  occupied_beds: z.number(),
  /** Occupied beds ÷ beds of available rooms, in percent (one decimal). */
  occupancy: z.number(),
  in_house: z.number(),
  arrivals_today: z.array(bookingSchema),
  departures_today: z.array(bookingSchema),
  /** Due on stays' invoices (rent due) and the stays that owe it. */
  rent_due: z.string(),
  rent_due_stays: z.number(),
  deposits_held: z.string(),
  revenue_month: z.string(),
  /** The last 12 months, oldest first: occupancy (bed-nights ÷ available bed-nights) and revenue. */
  monthly: z.array(z.object({ month: z.string(), occupancy: z.number(), revenue: z.string() })),
});
export type AccommodationDashboard = z.infer<typeof accommodationDashboardSchema>;

// ---- settings ----
export const accommodationSettingsInputSchema = z.object({
  check_in_time: timeSchema.default('12:00:00'),
  check_out_time: timeSchema.default('11:00:00'),
  /** A stay takes the room type's deposit by default. */
  deposit_required: z.boolean().default(true),
  /** Nightly guests pay a deposit too. */
  deposit_for_nightly: z.boolean().default(false),
  /** Days after a month's start its rent is due (the "rent due" message). */
  rent_due_days: z.coerce.number().int().min(0, 'Enter 0 to 28 days.').max(28, 'Enter 0 to 28 days.').default(5),
});
export const accommodationSettingsSchema = z.object({
  check_in_time: z.string(),
  check_out_time: z.string(),
  deposit_required: z.boolean(),
  deposit_for_nightly: z.boolean(),
  rent_due_days: z.number(),
});
export type AccommodationSettings = z.infer<typeof accommodationSettingsSchema>;

/**
 * Staff Management › Attendance (issue 21): one row per staff member and day, marked one at a time
 * or for a whole day at once, read back as a day's register or a month's grid.
 */
import { z } from '../zod-config.js';
import { idParamsSchema, idSchema, isoDateSchema, partialWithoutDefaults, singleLine, text } from '../common.js';
import { endpoint, listEndpoint } from '../endpoint.js';

export const STAFF_ATTENDANCE_STATUSES = ['present', 'absent', 'half_day', 'leave'] as const;
export type StaffAttendanceStatus = (typeof STAFF_ATTENDANCE_STATUSES)[number];
export const STAFF_ATTENDANCE_LABELS: Record<StaffAttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  half_day: 'Half day',
  leave: 'Leave',
};

/** The earliest day attendance may be marked for (the service also refuses days after today and before joining). */
export const STAFF_ATTENDANCE_DATE_MIN = '2000-01-01';

/** A day to mark: 2000-01-01 … (today, checked by the server in the organisation's zone). */
export const staffAttendanceDateSchema = isoDateSchema.refine((v) => v >= STAFF_ATTENDANCE_DATE_MIN, 'Enter a date from the year 2000.');

/** "09:30" (or "09:30:00"), answered as "09:30". */
export const clockTimeSchema = singleLine(z.string())
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'Enter a time as HH:MM.')
  .transform((v) => v.slice(0, 5));

const statusSchema = z.enum(STAFF_ATTENDANCE_STATUSES, { error: 'Status must be present, absent, half_day or leave.' });

/**
 * `POST staff-attendance/`: marks a staff member's day. One row per staff member and day: a POST
 * for a day already marked replaces that row (an upsert; the answer is the row, 201 either way).
 * Field errors: `date` in the future or before the staff member's joining date, `staff` inactive
 * (another organisation's staff: 404), `check_out` before `check_in`. Check-in/out are kept only
 * for present and half-day rows (hourly pay counts them).
 */
export const staffAttendanceInputSchema = z.object({
  staff: idSchema,
  date: staffAttendanceDateSchema,
  status: statusSchema,
  check_in: clockTimeSchema.nullable().default(null),
  check_out: clockTimeSchema.nullable().default(null),
  notes: text(500).default(''),
});
export type StaffAttendanceInput = z.infer<typeof staffAttendanceInputSchema>;
/** `PATCH staff-attendance/:id/`: status, times, notes (the staff member and the day stay). */
export const staffAttendanceUpdateSchema = partialWithoutDefaults(staffAttendanceInputSchema.omit({ staff: true, date: true }));

export const staffAttendanceSchema = z.object({
  id: z.number(),
  staff: z.number(),
  staff_code: z.string(),
  staff_name: z.string(),
  date: z.string(),
  status: z.enum(STAFF_ATTENDANCE_STATUSES),
  /** "HH:MM" or null. */
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  /** Hours between check-in and check-out, "7.50"; null without both. */
  hours: z.string().nullable(),
  notes: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffAttendance = z.infer<typeof staffAttendanceSchema>;

/** The most rows one bulk mark may carry. */
export const STAFF_ATTENDANCE_BULK_MAX = 1000;

/**
 * `POST staff-attendance/bulk/`: a day's register in one go. Every row is checked first (active
 * staff of the organisation, the day not before their joining date) and then written in one
 * statement, all or nothing; a staff member's existing row for the day takes the new status (its
 * times and notes stay). A staff id twice is a field error on `rows`.
 */
export const staffAttendanceBulkInputSchema = z.object({
  date: staffAttendanceDateSchema,
  rows: z
    .array(z.object({ staff: idSchema, status: statusSchema }))
    .min(1, 'Mark at least one staff member.')
    .max(STAFF_ATTENDANCE_BULK_MAX, `At most ${STAFF_ATTENDANCE_BULK_MAX} rows at once.`),
});
export type StaffAttendanceBulkInput = z.infer<typeof staffAttendanceBulkInputSchema>;
export const staffAttendanceBulkSchema = z.object({ date: z.string(), saved: z.number() });

/** Counts of a day or a month by status. */
const statusCountsSchema = z.object({ present: z.number(), absent: z.number(), half_day: z.number(), leave: z.number() });

const registerStaffSchema = z.object({
  staff: z.number(),
  staff_code: z.string(),
  staff_name: z.string(),
  category: z.number(),
  category_name: z.string(),
  joining_date: z.string(),
});

/** A day's register: every active staff member (of `centre`, when given) with their row or null. */
export const staffAttendanceDaySchema = z.object({
  kind: z.literal('day'),
  date: z.string(),
  rows: z.array(registerStaffSchema.extend({ attendance: staffAttendanceSchema.nullable() })),
  /** Of the rows: how many are marked each way, and `unmarked`. */
  totals: statusCountsSchema.extend({ unmarked: z.number() }),
});
export type StaffAttendanceDay = z.infer<typeof staffAttendanceDaySchema>;

/** A month's grid: per staff member, each day's status (null: not marked) and the month's totals. */
export const staffAttendanceMonthSchema = z.object({
  kind: z.literal('month'),
  month: z.string(),
  /** Every day of the month, yyyy-MM-dd; each row's `days` follows this order. */
  days: z.array(z.string()),
  rows: z.array(registerStaffSchema.extend({ days: z.array(z.enum(STAFF_ATTENDANCE_STATUSES).nullable()), totals: statusCountsSchema })),
});
export type StaffAttendanceMonth = z.infer<typeof staffAttendanceMonthSchema>;

/**
 * `GET staff-attendance-list/?date=yyyy-MM-dd` (a day's register; today when neither is sent) or
 * `?month=yyyy-MM` (a month's grid); `centre` keeps the staff who work there.
 */
export const staffAttendanceRegisterQuerySchema = z.object({
  date: staffAttendanceDateSchema.optional(),
  month: singleLine(z.string())
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .refine((v) => v >= '2000-01', 'Enter a month from the year 2000.')
    .optional(),
  centre: idSchema.optional(),
});
export const staffAttendanceRegisterSchema = z.discriminatedUnion('kind', [staffAttendanceDaySchema, staffAttendanceMonthSchema]);
export type StaffAttendanceRegister = z.infer<typeof staffAttendanceRegisterSchema>;

const ATTENDANCE = '/api/staff-management/staff-attendance/' as const;
/**
 * Staff attendance. The list's filters: `staff`, `status`, `date`, `date_after`, `date_before`,
 * `centre`; ordering `date`, `staff_name`, `status`; `format=csv|xlsx`.
 */
export const staffAttendanceEndpoints = {
  list: listEndpoint(ATTENDANCE, staffAttendanceSchema),
  /** Creates the day's row, or replaces it when the staff member's day is already marked (201 either way). */
  create: endpoint({ method: 'POST', path: ATTENDANCE, body: staffAttendanceInputSchema, response: staffAttendanceSchema, status: 201 }),
  retrieve: endpoint({ method: 'GET', path: `${ATTENDANCE}:id/`, params: idParamsSchema, response: staffAttendanceSchema }),
  partialUpdate: endpoint({
    method: 'PATCH',
    path: `${ATTENDANCE}:id/`,
    params: idParamsSchema,
    body: staffAttendanceUpdateSchema,
    response: staffAttendanceSchema,
  }),
  remove: endpoint({ method: 'DELETE', path: `${ATTENDANCE}:id/`, params: idParamsSchema, status: 204 }),
  bulk: endpoint({ method: 'POST', path: `${ATTENDANCE}bulk/`, body: staffAttendanceBulkInputSchema, response: staffAttendanceBulkSchema }),
  register: endpoint({
    method: 'GET',
    path: '/api/staff-management/staff-attendance-list/',
    query: staffAttendanceRegisterQuerySchema,
    response: staffAttendanceRegisterSchema,
  }),
};

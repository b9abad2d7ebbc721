/**
 * The member app's desk features (issue 27): the signed check-in code the phone shows as a QR, the
 * member's attendance by month, freeze and cancellation requests (the desk approves or rejects
 * them), the diet and workout plans assigned to the member with their workout log, and the few
 * things of their record a member may change themselves (photo, emergency contact; phone and
 * e-mail only once the new one is verified).
 */
import { z } from '../zod-config.js';
import {
  detailSchema,
  emailSchema,
  idParamsSchema,
  idSchema,
  isoDateSchema,
  phoneSchema,
  requiredSingleLineText,
  singleLineText,
  text,
} from '../common.js';
import { endpoint, listEndpoint } from '../endpoint.js';

// ---- check-in ----

/** How long a signed check-in code is accepted, and how often the phone asks for a new one. */
export const CHECK_IN_CODE_SECONDS = 60;
export const CHECK_IN_REFRESH_SECONDS = 30;
/** What the desk answers for a signed code that is too old, and for one that is forged or another organisation's. */
export const CHECK_IN_EXPIRED = 'This check-in code has expired. Ask the member to refresh it.';
export const CHECK_IN_INVALID = 'This check-in code is not valid.';
/** The prefix of a signed check-in code (the card's bare member code has none). */
export const CHECK_IN_PREFIX = 'AC1.';

export const meCheckInSchema = z.object({
  /** The signed code (`AC1.<organisation>.<member>.<expiry>.<signature>`): what the QR holds and the desk accepts. */
  payload: z.string(),
  /** The QR of the payload as an SVG document. */
  svg: z.string(),
  expires_at: z.string(),
  /** Seconds until the phone should ask for a fresh code. */
  refresh_in: z.number(),
  member_code: z.string(),
  full_name: z.string(),
});
export type MeCheckIn = z.infer<typeof meCheckInSchema>;

// ---- attendance ----

export const meAttendanceQuerySchema = z.object({
  /** The month, `YYYY-MM` (this month when left out): within the last 3 years, not after this month. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.')
    .optional(),
});
export const meAttendanceSchema = z.object({
  month: z.string(),
  /** The days visited in the month (ISO dates, ascending, each once). */
  days: z.array(z.string()),
  /** How many days visited. */
  count: z.number(),
  /** How many visits (a day may have more than one). */
  visits: z.number(),
});
export type MeAttendance = z.infer<typeof meAttendanceSchema>;

// ---- requests ----

export const MEMBER_REQUEST_KINDS = ['freeze', 'cancel'] as const;
export type MemberRequestKind = (typeof MEMBER_REQUEST_KINDS)[number];
export const MEMBER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MemberRequestStatus = (typeof MEMBER_REQUEST_STATUSES)[number];
/** The longest freeze a member may ask for (the plan's own rules apply on top). */
export const MAX_FREEZE_REQUEST_DAYS = 365;

export const memberRequestInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('freeze'),
      membership: idSchema,
      /** The first day frozen. */
      from: isoDateSchema,
      days: z.coerce
        .number()
        .int('Enter a whole number of days.')
        .min(1, 'Ask for at least 1 day.')
        .max(MAX_FREEZE_REQUEST_DAYS, `Ask for at most ${MAX_FREEZE_REQUEST_DAYS} days.`),
      reason: text(500).default(''),
    }),
    z.object({
      kind: z.literal('cancel'),
      membership: idSchema,
      reason: requiredSingleLineText(500, 'Tell us why you want to cancel.'),
    }),
  ],
  { error: 'Choose freeze or cancel.' },
);
export type MemberRequestInput = z.infer<typeof memberRequestInputSchema>;

export const memberRequestSchema = z.object({
  id: z.number(),
  kind: z.enum(MEMBER_REQUEST_KINDS),
  membership: z.number(),
  plan_name: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  days: z.number().nullable(),
  reason: z.string(),
  status: z.enum(MEMBER_REQUEST_STATUSES),
  /** The desk's reason when rejected. */
  decision_note: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type MemberRequest = z.infer<typeof memberRequestSchema>;

export const meRequestsSchema = z.object({
  results: z.array(memberRequestSchema),
  memberships: z.array(z.object({ id: z.number(), plan_name: z.string(), start_date: z.string(), end_date: z.string() })),
});
export type MeRequests = z.infer<typeof meRequestsSchema>;

/** A request as the desk lists it: with its member. */
export const deskMemberRequestSchema = memberRequestSchema.extend({
  member: z.number(),
  member_name: z.string(),
  member_code: z.string(),
});
export type DeskMemberRequest = z.infer<typeof deskMemberRequestSchema>;
export const rejectRequestInputSchema = z.object({ reason: requiredSingleLineText(500, 'Give the member a reason.') });

// ---- plans and the workout log ----

export const mePlanSchema = z.object({
  kind: z.enum(['diet', 'workout']),
  id: z.number(),
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The plan's content in plain lines (meals, or exercises with sets and reps). */
  lines: z.array(z.string()),
});
export type MePlan = z.infer<typeof mePlanSchema>;
export const mePlansSchema = z.object({ enabled: z.boolean(), results: z.array(mePlanSchema) });
export type MePlans = z.infer<typeof mePlansSchema>;

export const workoutLogInputSchema = z.object({
  date: isoDateSchema,
  exercise: requiredSingleLineText(120, 'Name the exercise.'),
  sets: z.coerce.number().int('Enter a whole number.').min(1, 'At least 1 set.').max(50, 'At most 50 sets.'),
  reps: z.coerce.number().int('Enter a whole number.').min(1, 'At least 1 rep.').max(1000, 'At most 1000 reps.'),
  /** Kilograms; 0 for body weight. */
  weight: z.coerce.number().min(0, 'Enter 0 or more.').max(1000, 'Enter at most 1000 kg.').default(0),
});
export const workoutLogSchema = z.object({
  id: z.number(),
  date: z.string(),
  exercise: z.string(),
  sets: z.number(),
  reps: z.number(),
  weight: z.number(),
  created_at: z.string(),
});
export type WorkoutLog = z.infer<typeof workoutLogSchema>;

// ---- profile ----

export const meProfileSchema = z.object({
  photo: z.string().nullable(),
  emergency_name: z.string(),
  emergency_phone: z.string(),
  phone: z.string(),
  email: z.string(),
  /** A change of phone or e-mail waiting for its code. */
  pending: z.object({ channel: z.enum(['sms', 'email']), address: z.string(), expires_at: z.string() }).nullable(),
});
export type MeProfile = z.infer<typeof meProfileSchema>;
/** What a member may change directly (a photo is a multipart upload of `photo`); anything else is refused. */
export const meProfileInputSchema = z
  .object({
    emergency_name: singleLineText(100).optional(),
    emergency_phone: z.union([phoneSchema, z.literal('')]).optional(),
  })
  .strict();
export const PROFILE_CODE_SENT = 'We sent a code to the new address. Enter it to confirm the change.';
export const PROFILE_CODE_WRONG = 'The code is wrong or has expired.';
export const profileVerifyRequestSchema = z.union([z.object({ phone: phoneSchema }).strict(), z.object({ email: emailSchema }).strict()]);
export const profileVerifyConfirmSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});

// ---- endpoints ----

const ME = '/api/me/' as const;
const DESK = '/api/end-user/member-request/' as const;

export const meDeskEndpoints = {
  checkIn: endpoint({ method: 'GET', path: `${ME}check-in/`, response: meCheckInSchema }),
  attendance: endpoint({ method: 'GET', path: `${ME}attendance/`, query: meAttendanceQuerySchema, response: meAttendanceSchema }),
  /** The member's requests, and the memberships they may ask about (not cancelled, not ended). */
  requests: endpoint({ method: 'GET', path: `${ME}requests/`, response: meRequestsSchema }),
  createRequest: endpoint({
    method: 'POST',
    path: `${ME}requests/`,
    body: memberRequestInputSchema,
    response: memberRequestSchema,
    status: 201,
  }),
  plans: endpoint({ method: 'GET', path: `${ME}plans/`, response: mePlansSchema }),
  workoutLog: endpoint({ method: 'GET', path: `${ME}workout-log/`, response: z.object({ results: z.array(workoutLogSchema) }) }),
  addWorkoutLog: endpoint({
    method: 'POST',
    path: `${ME}workout-log/`,
    body: workoutLogInputSchema,
    response: workoutLogSchema,
    status: 201,
  }),
  profile: endpoint({ method: 'GET', path: `${ME}profile/`, response: meProfileSchema }),
  /** Emergency contact as JSON, or a multipart form with `photo` (and the same fields). */
  updateProfile: endpoint({ method: 'PATCH', path: `${ME}profile/`, body: meProfileInputSchema, response: meProfileSchema, form: true }),
  /** Sends a code to the new phone (SMS) or e-mail; the change applies when `verify/confirm/` gets it. */
  verifyProfile: endpoint({
    method: 'POST',
    path: `${ME}profile/verify/`,
    body: profileVerifyRequestSchema,
    response: detailSchema,
    status: 202,
  }),
  confirmProfile: endpoint({
    method: 'POST',
    path: `${ME}profile/verify/confirm/`,
    body: profileVerifyConfirmSchema,
    response: meProfileSchema,
  }),
};

/** The desk's side of member requests (module Membership Management). Filter `status`, `kind`. */
export const memberRequestEndpoints = {
  list: listEndpoint(DESK, deskMemberRequestSchema),
  approve: endpoint({ method: 'POST', path: `${DESK}:id/approve/`, params: idParamsSchema, response: deskMemberRequestSchema }),
  reject: endpoint({
    method: 'POST',
    path: `${DESK}:id/reject/`,
    params: idParamsSchema,
    body: rejectRequestInputSchema,
    response: deskMemberRequestSchema,
  }),
};

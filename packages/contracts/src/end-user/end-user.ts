/**
 * End User Login (issue 27): members' own accounts on the organisation's host — the admin side
 * (`/api/end-user/`: end users, block, unblock, invite, settings) and the member side (`/api/me/`:
 * sign-in by a one-time code or an e-mailed link, sessions, home).
 */
import { z } from '../zod-config.js';
import { emailSchema, idSchema, phoneSchema } from '../common.js';

export const END_USER_STATUSES = ['active', 'blocked'] as const;
export type EndUserStatus = (typeof END_USER_STATUSES)[number];

export const LOGIN_MODES = ['off', 'everyone', 'invited'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];
export const LOGIN_MODE_LABELS: Record<LoginMode, string> = {
  off: 'Off: members cannot sign in',
  everyone: 'Every member with a phone or e-mail',
  invited: 'Only members invited one by one',
};

/** The member app's features, each switchable in the settings (all on until switched off). */
export const MEMBER_FEATURES = [
  'pay_dues',
  'renew',
  'invoices',
  'check_in',
  'freeze_request',
  'cancel_request',
  'book',
  'plans',
  'edit_profile',
  'announcements',
] as const;
export type MemberFeature = (typeof MEMBER_FEATURES)[number];

const featureShape = Object.fromEntries(MEMBER_FEATURES.map((f) => [f, z.boolean()])) as Record<MemberFeature, z.ZodBoolean>;
const featureInputShape = Object.fromEntries(MEMBER_FEATURES.map((f) => [f, z.boolean().default(true)])) as Record<
  MemberFeature,
  z.ZodDefault<z.ZodBoolean>
>;

export const endUserSettingsSchema = z.object({ login_mode: z.enum(LOGIN_MODES), ...featureShape });
export type EndUserSettings = z.infer<typeof endUserSettingsSchema>;
export const endUserSettingsInputSchema = z.object({ login_mode: z.enum(LOGIN_MODES), ...featureInputShape });

/** The texts a member sees (the same answer whoever asks, so none tells whether a number or address is a member's). */
export const OTP_SENT_DETAIL = 'If this number belongs to a member, a code has been sent.';
export const LINK_SENT_DETAIL = 'If this address belongs to a member, a sign-in link has been sent.';
export const CODE_WRONG = 'The code is wrong or has expired.';
export const CODE_DEAD = 'Too many wrong codes. Ask for a new code.';
export const LINK_WRONG = 'The link is wrong or has expired. Ask for a new one.';
export const BLOCKED_DETAIL = 'Your access to the member app has been blocked. Please contact the front desk.';

/** Codes: 6 digits, 10 minutes, 5 tries; links: 15 minutes; per phone or address 5 an hour, per address of the device 20 an hour. */
export const OTP_LIFETIME_MINUTES = 10;
export const LINK_LIFETIME_MINUTES = 15;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PER_ADDRESS_PER_HOUR = 5;
export const OTP_PER_IP_PER_HOUR = 20;

export const endUserMemberSchema = z.object({
  id: z.number(),
  member_code: z.string(),
  full_name: z.string(),
  phone: z.string(),
  photo: z.string().nullable(),
});

export const endUserSchema = z.object({
  id: z.number(),
  member: endUserMemberSchema,
  status: z.enum(END_USER_STATUSES),
  last_login_at: z.string().nullable(),
  /** Live sessions (devices signed in). */
  devices: z.number(),
  invited_at: z.string().nullable(),
  blocked_at: z.string().nullable(),
  created_at: z.string(),
});
export type EndUser = z.infer<typeof endUserSchema>;

export const memberSessionSchema = z.object({
  id: z.number(),
  user_agent: z.string(),
  ip: z.string(),
  remember: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session of this request (member side only). */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

export const endUserDetailSchema = endUserSchema.extend({ sessions: z.array(memberSessionSchema) });
export type EndUserDetail = z.infer<typeof endUserDetailSchema>;

export const inviteInputSchema = z.object({ member: idSchema });

// ---- member side ----
export const otpRequestSchema = z.object({ phone: phoneSchema });
export const otpVerifySchema = z.object({
  phone: phoneSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
  remember: z.boolean().default(false),
});
export const linkRequestSchema = z.object({ email: emailSchema });
export const linkVerifySchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, LINK_WRONG),
  remember: z.boolean().default(false),
});

export const meMemberSchema = z.object({
  id: z.number(),
  member_code: z.string(),
  full_name: z.string(),
  phone: z.string(),
  email: z.string(),
  photo: z.string().nullable(),
});
export type MeMember = z.infer<typeof meMemberSchema>;

export const signInResponseSchema = z.object({ key: z.string(), member: meMemberSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const meHomeSchema = z.object({
  member: meMemberSchema,
  /** The running membership, or the latest one. */
  membership: z
    .object({
      plan_name: z.string(),
      status: z.string(),
      start_date: z.string().nullable(),
      end_date: z.string(),
      days_left: z.number(),
    })
    .nullable(),
  due: z.string(),
  next_session: z.object({ batch: z.string(), date: z.string(), start_time: z.string(), end_time: z.string() }).nullable(),
  features: z.object(featureShape),
});
export type MeHome = z.infer<typeof meHomeSchema>;

/**
 * The member app's desk features (issue 27), each the signed-in member's own: the signed check-in
 * code, attendance by month, and freeze or cancellation requests that the desk approves (through
 * membership's own freeze and cancel, so the plan's rules and the audit are theirs) or rejects.
 */
import {
  CHECK_IN_REFRESH_SECONDS,
  PROFILE_CODE_WRONG,
  type DeskMemberRequest,
  type MeAttendance,
  type MeCheckIn,
  type MemberFeature,
  type MemberRequest,
  type MemberRequestInput,
  type MePlan,
  type MePlans,
  type MeProfile,
  type MeRequests,
  type WorkoutLog,
  type workoutLogInputSchema,
} from '@arena/contracts/end-user';
import { shiftDays } from '@arena/contracts';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { planModules } from '../../platform/permissions.js';
import { derivedSecret } from '../../platform/secrets.js';
import { memberDiets } from '../diet/index.js';
import { queueMessages } from '../messaging/index.js';
import { memberWorkouts } from '../training-workout/index.js';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { ApiError, badRequest, fieldError, notFound, onUnique, permissionDenied, tooManyRequests } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import {
  cancelMembership,
  freezeMembership,
  liveMemberships,
  memberMembership,
  memberProfiles,
  membershipPlanNames,
  memberSelf,
  memberVisitDays,
  phoneFreeFor,
  signCheckInCode,
  updateMemberSelf,
  type MemberSelfChange,
} from '../membership/index.js';
import { MODULE } from './constants.js';
import { endUserContactChange, endUserRequest, endUserWorkoutLog } from './schema.js';
import { readSettings } from './settings.service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A feature of the member app switched off in the settings answers 403. */
export async function requireFeature(tx: Tx, ctx: Ctx, feature: MemberFeature): Promise<void> {
  const settings = await readSettings(tx, ctx);
  if (!settings[feature]) throw permissionDenied('This feature is switched off for members.');
}

// ---- check-in ----

/** The QR of a text as a small SVG document (one path; dark modules on a white quiet zone). */
export function qrSvg(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  let d = '';
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) d += `M${x + 2} ${y + 2}h1v1h-1z`;
  const size = n + 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`;
}

export async function meCheckIn(tx: Tx, ctx: Ctx, memberId: number): Promise<MeCheckIn> {
  await requireFeature(tx, ctx, 'check_in');
  const profile = (await memberProfiles(tx, ctx, [memberId])).get(memberId);
  if (!profile) throw notFound();
  const { payload, expiresAt } = signCheckInCode(ctx.config, ctx.organisationId, memberId, ctx.now.instant);
  return {
    payload,
    svg: qrSvg(payload),
    expires_at: expiresAt.toISOString(),
    refresh_in: CHECK_IN_REFRESH_SECONDS,
    member_code: profile.member_code,
    full_name: profile.full_name,
  };
}

// ---- attendance ----

const monthOf = (date: string) => date.slice(0, 7);
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const total = y * 12 + (m - 1) + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The days the member came in a month: this month by default, never after it, nor more than 3 years back. */
export async function meAttendance(tx: Tx, ctx: Ctx, memberId: number, month?: string): Promise<MeAttendance> {
  const current = monthOf(ctx.now.today);
  const asked = month ?? current;
  if (asked > current) throw fieldError('month', 'Choose this month or an earlier one.');
  if (asked < shiftMonth(current, -36)) throw fieldError('month', 'Attendance goes back 3 years.');
  const first = `${asked}-01`;
  const next = `${shiftMonth(asked, 1)}-01`;
  const rows = await memberVisitDays(tx, ctx, memberId, first, next);
  return { month: asked, days: rows.map((r) => r.date), count: rows.length, visits: rows.reduce((n, r) => n + r.n, 0) };
}

// ---- requests ----

type RequestRow = typeof endUserRequest.$inferSelect;

const requestsFrom = (tx: Tx) => tx.select().from(endUserRequest).$dynamic();

/** Rows with their memberships' plan names (one read). */
async function withPlans(tx: Tx, ctx: Ctx, rows: RequestRow[]): Promise<{ r: RequestRow; planName: string }[]> {
  const names = await membershipPlanNames(
    tx,
    ctx,
    rows.map((r) => r.membershipId),
  );
  return rows.map((r) => ({ r, planName: names.get(r.membershipId) ?? '' }));
}

function requestJson(row: { r: RequestRow; planName: string }): MemberRequest {
  const { r } = row;
  return {
    id: r.id,
    kind: r.kind,
    membership: r.membershipId,
    plan_name: row.planName,
    from: r.fromDate,
    to: r.fromDate && r.days ? shiftDays(r.fromDate, r.days - 1) : null,
    days: r.days,
    reason: r.reason,
    status: r.status,
    decision_note: r.decisionNote,
    decided_at: iso(r.decidedAt),
    created_at: r.createdAt.toISOString(),
  };
}

export async function deskRequestsJson(tx: Tx, ctx: Ctx, page: RequestRow[]): Promise<DeskMemberRequest[]> {
  const rows = await withPlans(tx, ctx, page);
  const profiles = await memberProfiles(
    tx,
    ctx,
    rows.map((x) => x.r.memberId),
  );
  return rows.map((x) => {
    const p = profiles.get(x.r.memberId);
    return { ...requestJson(x), member: x.r.memberId, member_name: p?.full_name ?? '', member_code: p?.member_code ?? '' };
  });
}

export async function myRequests(tx: Tx, ctx: Ctx, memberId: number): Promise<MeRequests> {
  const rows = await requestsFrom(tx)
    .where(and(eq(endUserRequest.organisationId, ctx.organisationId), eq(endUserRequest.memberId, memberId)))
    .orderBy(desc(endUserRequest.createdAt), desc(endUserRequest.id))
    .limit(100);
  const memberships = await liveMemberships(tx, ctx, memberId);
  return { results: (await withPlans(tx, ctx, rows)).map(requestJson), memberships };
}

/** The freeze a request asks for, in membership's words. */
const freezeOf = (r: { from: string; days: number; reason: string }) => ({
  from_date: r.from,
  to_date: shiftDays(r.from, r.days - 1),
  reason: r.reason,
});

/** Membership's field errors named as the request's fields (`from_date` → `from`, `to_date` → `days`). */
function asRequestError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.statusCode !== 400) return error;
  const body = error.body as Record<string, unknown>;
  if ('detail' in body) return error;
  const rename: Record<string, string> = { from_date: 'from', to_date: 'days' };
  return badRequest(Object.fromEntries(Object.entries(body).map(([k, v]) => [rename[k] ?? k, v as string[]])));
}

const ROLLBACK = Symbol('dry run');

/** Runs membership's freeze in a savepoint that is always rolled back: the plan's rules decide, nothing is written. */
async function checkFreeze(tx: Tx, ctx: Ctx, membershipId: number, input: { from: string; days: number; reason: string }) {
  try {
    await tx.transaction(async (sp) => {
      await freezeMembership(sp as unknown as Tx, ctx, membershipId, freezeOf(input));
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw asRequestError(error);
  }
}

/**
 * A member's request: the membership must be theirs (another's is a 404), running or not yet
 * cancelled, a freeze within the plan's freeze rules now. One pending request per membership and
 * kind (the unique index settles parallel ones: the rest are a 400).
 */
export async function createRequest(tx: Tx, ctx: Ctx, memberId: number, input: MemberRequestInput): Promise<MemberRequest> {
  await requireFeature(tx, ctx, input.kind === 'freeze' ? 'freeze_request' : 'cancel_request');
  const m = await memberMembership(tx, ctx, memberId, input.membership);
  if (!m) throw notFound();
  if (m.cancelledAt) throw fieldError('membership', 'This membership is already cancelled.');
  if (input.kind === 'freeze') {
    if (input.from < ctx.now.today) throw fieldError('from', 'A freeze you ask for starts today or later.');
    await checkFreeze(tx, ctx, m.id, input);
  } else if (m.endDate < ctx.now.today) throw fieldError('membership', 'This membership has already ended.');

  const what = input.kind === 'freeze' ? 'freeze' : 'cancel';
  const [row] = await tx
    .insert(endUserRequest)
    .values({
      organisationId: ctx.organisationId,
      memberId,
      membershipId: m.id,
      kind: input.kind,
      fromDate: input.kind === 'freeze' ? input.from : null,
      days: input.kind === 'freeze' ? input.days : null,
      reason: input.reason.trim(),
    })
    .returning()
    .catch(
      onUnique({
        end_user_request_pending_key: {
          field: 'membership',
          message: `You have already asked to ${what} this membership; the desk has not answered yet.`,
        },
      }),
    );
  const [json] = (await withPlans(tx, ctx, [row])).map(requestJson);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'end_user_request',
    objectId: row.id,
    label: `${input.kind} request, membership ${m.id}`,
    action: 'create',
    after: json,
  });
  return json;
}

async function lockRequest(tx: Tx, ctx: Ctx, id: number): Promise<RequestRow> {
  const [row] = await tx
    .select()
    .from(endUserRequest)
    .where(and(eq(endUserRequest.organisationId, ctx.organisationId), eq(endUserRequest.id, id)))
    .for('update');
  if (!row) throw notFound();
  if (row.status !== 'pending') throw badRequest(`This request has already been ${row.status}.`);
  return row;
}

async function deskJson(tx: Tx, ctx: Ctx, id: number): Promise<DeskMemberRequest> {
  const [json] = await deskRequestsJson(tx, ctx, await requestsFrom(tx).where(eq(endUserRequest.id, id)));
  return json;
}

/**
 * The desk decides a request, once: approving makes the freeze or the cancellation through the
 * membership module (its rules, its audit row; its refusal refuses the approval and writes
 * nothing), rejecting keeps the reason for the member. Each decision is audited here too.
 */
export async function decideRequest(
  tx: Tx,
  ctx: Ctx,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<DeskMemberRequest> {
  const row = await lockRequest(tx, ctx, id);
  if (decision.approve) {
    if (row.kind === 'freeze')
      await freezeMembership(tx, ctx, row.membershipId, freezeOf({ from: row.fromDate!, days: row.days!, reason: row.reason }));
    else
      await cancelMembership(tx, ctx, row.membershipId, {
        reason: row.reason || 'Asked by the member in the app',
        reference: '',
        tax_adjustment: true,
      });
  }
  const status = decision.approve ? 'approved' : 'rejected';
  await tx
    .update(endUserRequest)
    .set({
      status,
      decisionNote: decision.approve ? '' : decision.reason.trim(),
      decidedAt: ctx.now.instant,
      decidedBy: ctx.actor.actorId,
      updatedAt: new Date(),
    })
    .where(eq(endUserRequest.id, row.id));
  const after = await deskJson(tx, ctx, row.id);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'end_user_request',
    objectId: row.id,
    label: `${after.member_name} (${after.member_code}): ${row.kind} request`,
    action: 'action',
    before: { status: row.status },
    after: { status, decision_note: after.decision_note },
  });
  return after;
}

// ---- plans and the workout log ----

/** The diets and workout plans assigned to the member; `enabled: false` and none when neither module is in the organisation's plan. */
export async function mePlans(tx: Tx, ctx: Ctx, memberId: number): Promise<MePlans> {
  const modules = await planModules(tx, ctx.organisation);
  const diet = modules.includes('Diet Management');
  const workout = modules.includes('Training/Workouts');
  const settings = await readSettings(tx, ctx);
  if (!settings.plans || (!diet && !workout)) return { enabled: false, results: [] };
  const results: MePlan[] = [
    ...(diet ? (await memberDiets(tx, ctx, memberId)).map((d) => ({ kind: 'diet' as const, ...d })) : []),
    ...(workout ? (await memberWorkouts(tx, ctx, memberId)).map((w) => ({ kind: 'workout' as const, ...w })) : []),
  ];
  return { enabled: true, results };
}

/** The plans feature: switched on and one of the plan modules in the organisation's plan (403 otherwise). */
export async function requirePlans(tx: Tx, ctx: Ctx): Promise<void> {
  await requireFeature(tx, ctx, 'plans');
  const modules = await planModules(tx, ctx.organisation);
  if (!modules.includes('Training/Workouts') && !modules.includes('Diet Management'))
    throw permissionDenied('This feature is switched off for members.');
}

const logJson = (r: typeof endUserWorkoutLog.$inferSelect): WorkoutLog => ({
  id: r.id,
  date: r.date,
  exercise: r.exercise,
  sets: r.sets,
  reps: r.reps,
  weight: r.weightTenths / 10,
  created_at: r.createdAt.toISOString(),
});

export async function myWorkoutLog(tx: Tx, ctx: Ctx, memberId: number): Promise<WorkoutLog[]> {
  await requirePlans(tx, ctx);
  const rows = await tx
    .select()
    .from(endUserWorkoutLog)
    .where(and(eq(endUserWorkoutLog.organisationId, ctx.organisationId), eq(endUserWorkoutLog.memberId, memberId)))
    .orderBy(desc(endUserWorkoutLog.date), desc(endUserWorkoutLog.id))
    .limit(200);
  return rows.map(logJson);
}

/** A line of the member's workout log: a day within the last 30 days (not ahead of today). */
export async function addWorkoutLog(
  tx: Tx,
  ctx: Ctx,
  memberId: number,
  input: z.output<typeof workoutLogInputSchema>,
): Promise<WorkoutLog> {
  await requirePlans(tx, ctx);
  if (input.date > ctx.now.today) throw fieldError('date', 'A workout cannot be logged ahead of today.');
  if (input.date < shiftDays(ctx.now.today, -30)) throw fieldError('date', 'Log a workout of the last 30 days.');
  const [row] = await tx
    .insert(endUserWorkoutLog)
    .values({
      organisationId: ctx.organisationId,
      memberId,
      date: input.date,
      exercise: input.exercise.trim(),
      sets: input.sets,
      reps: input.reps,
      weightTenths: Math.round(input.weight * 10),
    })
    .returning();
  return logJson(row);
}

// ---- profile ----

const PROFILE_CODE_MINUTES = 10;
const PROFILE_CODE_TRIES = 5;
const PROFILE_CODES_PER_HOUR = 5;

const changeHashOf = (ctx: Ctx, memberId: number, address: string, code: string) =>
  createHmac('sha256', derivedSecret(ctx.config, 'end-user contact change'))
    .update(`${ctx.organisationId}:${memberId}:${address}:${code}`)
    .digest('hex');

async function pendingChange(tx: Tx, ctx: Ctx, memberId: number) {
  const [row] = await tx
    .select()
    .from(endUserContactChange)
    .where(
      and(
        eq(endUserContactChange.organisationId, ctx.organisationId),
        eq(endUserContactChange.memberId, memberId),
        isNull(endUserContactChange.usedAt),
        gt(endUserContactChange.expiresAt, ctx.now.instant),
        lt(endUserContactChange.attempts, PROFILE_CODE_TRIES),
      ),
    )
    .orderBy(desc(endUserContactChange.id))
    .limit(1);
  return row;
}

export async function meProfile(tx: Tx, ctx: Ctx, memberId: number): Promise<MeProfile> {
  await requireFeature(tx, ctx, 'edit_profile');
  const self = await memberSelf(tx, ctx, memberId);
  const pending = await pendingChange(tx, ctx, memberId);
  return {
    photo: self.photo,
    emergency_name: self.emergency_name,
    emergency_phone: self.emergency_phone,
    phone: self.phone,
    email: self.email,
    pending: pending ? { channel: pending.channel, address: pending.address, expires_at: pending.expiresAt.toISOString() } : null,
  };
}

/** The emergency contact or the photo (the file's path), changed by the member; answers the photo file it replaced. */
export async function updateProfile(
  tx: Tx,
  ctx: Ctx,
  memberId: number,
  change: MemberSelfChange,
): Promise<{ out: MeProfile; replaced: string | null }> {
  await requireFeature(tx, ctx, 'edit_profile');
  const before = await updateMemberSelf(tx, ctx, memberId, change);
  return { out: await meProfile(tx, ctx, memberId), replaced: change.photo !== undefined ? before.photoPath : null };
}

/**
 * Sends a 6-digit code to the new phone (SMS, as sign-in codes are) or e-mail: at most 5 an hour
 * per member (under a lock, so parallel asks count). A phone another member has is refused.
 */
export async function requestContactChange(
  tx: Tx,
  ctx: Ctx,
  memberId: number,
  input: { phone: string } | { email: string },
): Promise<void> {
  await requireFeature(tx, ctx, 'edit_profile');
  const self = await memberSelf(tx, ctx, memberId, true);
  const channel = 'phone' in input ? 'sms' : 'email';
  const address = 'phone' in input ? input.phone : input.email;
  const field = 'phone' in input ? 'phone' : 'email';
  if (address === ('phone' in input ? self.phone : self.email))
    throw fieldError(field, `This is already your ${field === 'phone' ? 'phone number' : 'e-mail'}.`);
  if ('phone' in input && !(await phoneFreeFor(tx, ctx, memberId, input.phone)))
    throw fieldError('phone', 'This phone number cannot be used for your account. Please contact the front desk.');
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(endUserContactChange)
    .where(
      and(
        eq(endUserContactChange.organisationId, ctx.organisationId),
        eq(endUserContactChange.memberId, memberId),
        gt(endUserContactChange.createdAt, new Date(ctx.now.instant.getTime() - 3600_000)),
      ),
    );
  if (n >= PROFILE_CODES_PER_HOUR) throw tooManyRequests('Too many codes asked for. Try again in an hour.', 3600);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await tx
    .insert(endUserContactChange)
    .values({
      organisationId: ctx.organisationId,
      memberId,
      channel,
      address,
      codeHash: changeHashOf(ctx, memberId, address, code),
      expiresAt: new Date(ctx.now.instant.getTime() + PROFILE_CODE_MINUTES * 60_000),
    })
    .returning({ id: endUserContactChange.id });
  const org = ctx.organisation.displayName;
  const profile = (await memberProfiles(tx, ctx, [memberId])).get(memberId)!;
  await queueMessages(tx, ctx, {
    channel,
    module: 'membership',
    ...(channel === 'email' ? { subject: `Confirm your new e-mail for ${org}` } : {}),
    text: `${code} is your ${org} code to confirm your new ${channel === 'sms' ? 'phone number' : 'e-mail'}. It expires in ${PROFILE_CODE_MINUTES} minutes. Do not share it with anyone.`,
    recipients: [
      {
        kind: 'member',
        id: memberId,
        name: profile.full_name,
        phone: channel === 'sms' ? address : '',
        email: channel === 'email' ? address : '',
        values: {},
      },
    ],
    // Filed with the sign-in codes; like them, masked in the log and sealed for the provider alone.
    source: 'sign_in',
    sourceId: row.id,
    system: true,
    transactional: true,
    secrets: [code],
  });
}

/** The code sent to the new address: right, the phone or e-mail changes (audited by membership); wrong, a try is spent. */
export async function confirmContactChange(
  tx: Tx,
  ctx: Ctx,
  memberId: number,
  code: string,
): Promise<{ ok: MeProfile } | { error: ApiError }> {
  await requireFeature(tx, ctx, 'edit_profile');
  await memberSelf(tx, ctx, memberId, true);
  const row = await pendingChange(tx, ctx, memberId);
  if (!row) throw fieldError('code', PROFILE_CODE_WRONG);
  const expected = changeHashOf(ctx, memberId, row.address, code);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(row.codeHash))) {
    await tx
      .update(endUserContactChange)
      .set({ attempts: row.attempts + 1 })
      .where(eq(endUserContactChange.id, row.id));
    // Answered, not thrown: the spent try must commit.
    return { error: fieldError('code', PROFILE_CODE_WRONG) };
  }
  await tx.update(endUserContactChange).set({ usedAt: ctx.now.instant }).where(eq(endUserContactChange.id, row.id));
  await updateMemberSelf(tx, ctx, memberId, row.channel === 'sms' ? { phone: row.address } : { email: row.address });
  return { ok: await meProfile(tx, ctx, memberId) };
}

/** The admin side of End User Login: end users as JSON, their detail, block, unblock and invite — each audited. */
import type { EndUser, EndUserDetail } from '@arena/contracts/end-user';
import { and, eq } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { memberProfiles } from '../membership/index.js';
import { MODULE } from './constants.js';
import { endUser } from './schema.js';
import { deviceCounts, liveSessions, revokeSessions } from './sessions.js';

export type EndUserRow = typeof endUser.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A page of end users as API JSON (one query for their members, one for their devices). */
export async function endUsersJson(tx: Tx, ctx: Ctx, rows: EndUserRow[]): Promise<EndUser[]> {
  const [profiles, devices] = await Promise.all([
    memberProfiles(
      tx,
      ctx,
      rows.map((r) => r.memberId),
    ),
    deviceCounts(
      tx,
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => {
    const p = profiles.get(r.memberId);
    return {
      id: r.id,
      member: p
        ? { id: p.id, member_code: p.member_code, full_name: p.full_name, phone: p.phone, photo: p.photo }
        : { id: r.memberId, member_code: '', full_name: '', phone: '', photo: null },
      status: r.status,
      last_login_at: iso(r.lastLoginAt),
      devices: devices.get(r.id) ?? 0,
      invited_at: iso(r.invitedAt),
      blocked_at: iso(r.blockedAt),
      created_at: r.createdAt.toISOString(),
    };
  });
}

async function loadEndUser(tx: Tx, ctx: Ctx, id: number, lock = false): Promise<EndUserRow> {
  const query = tx
    .select()
    .from(endUser)
    .where(and(eq(endUser.organisationId, ctx.organisationId), eq(endUser.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function endUserDetail(tx: Tx, ctx: Ctx, id: number | EndUserRow): Promise<EndUserDetail> {
  const row = typeof id === 'number' ? await loadEndUser(tx, ctx, id) : id;
  const [json] = await endUsersJson(tx, ctx, [row]);
  return { ...json, sessions: await liveSessions(tx, ctx, row.id) };
}

const labelOf = (e: EndUser) => `${e.member.full_name} (${e.member.member_code})`;

/**
 * Blocks or unblocks an end user. Blocking revokes every session in the same transaction (each is
 * refused at its next request, on every instance: sessions are not cached) and refuses sign-in
 * until unblocked.
 */
export async function setEndUserStatus(tx: Tx, ctx: Ctx, id: number, status: EndUserRow['status']): Promise<EndUserDetail> {
  const before = await loadEndUser(tx, ctx, id, true);
  const revoked = status === 'blocked' ? await revokeSessions(tx, ctx, id) : 0;
  const [row] = await tx
    .update(endUser)
    .set({ status, blockedAt: status === 'blocked' ? (before.blockedAt ?? ctx.now.instant) : null, updatedAt: new Date() })
    .where(and(eq(endUser.organisationId, ctx.organisationId), eq(endUser.id, id)))
    .returning();
  const detail = await endUserDetail(tx, ctx, row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'end_user',
    objectId: id,
    label: labelOf(detail),
    action: 'action',
    before: { status: before.status },
    after: status === 'blocked' ? { status, sessions_revoked: revoked } : { status },
  });
  return detail;
}

/**
 * Gives a member app access (the "invited" mode; in "everyone" it only marks them invited): the
 * end user made, or marked invited. Inviting again changes nothing and writes no audit row.
 */
export async function inviteMember(tx: Tx, ctx: Ctx, memberId: number): Promise<EndUserDetail> {
  const profile = (await memberProfiles(tx, ctx, [memberId])).get(memberId);
  if (!profile) throw fieldError('member', invalidPk(memberId));
  if (!profile.isActive)
    throw fieldError('member', `${profile.full_name} (${profile.member_code}) is inactive; activate the member first.`);
  const [made] = await tx
    .insert(endUser)
    .values({ organisationId: ctx.organisationId, memberId, invitedAt: ctx.now.instant })
    .onConflictDoNothing({ target: [endUser.organisationId, endUser.memberId] })
    .returning();
  let row = made;
  if (!row) {
    const [existing] = await tx
      .select()
      .from(endUser)
      .where(and(eq(endUser.organisationId, ctx.organisationId), eq(endUser.memberId, memberId)))
      .for('update');
    if (existing.invitedAt) return endUserDetail(tx, ctx, existing);
    [row] = await tx
      .update(endUser)
      .set({ invitedAt: ctx.now.instant, updatedAt: new Date() })
      .where(eq(endUser.id, existing.id))
      .returning();
  }
  const detail = await endUserDetail(tx, ctx, row);
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'end_user',
    objectId: row.id,
    label: labelOf(detail),
    action: made ? 'create' : 'update',
    after: { invited_at: detail.invited_at },
  });
  return detail;
}

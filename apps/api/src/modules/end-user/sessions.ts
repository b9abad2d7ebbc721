/**
 * Member sessions (issue 27): keys of their own kind (`m_` and 64 hex digits), only their SHA-256
 * stored. A key is good while it is not revoked, its end user is not blocked, it was used within
 * its idle lifetime (90 days remembered on the device, else 12 hours) and it is younger than 90
 * days. Not cached: each member request is one indexed lookup, so a block or a revocation counts
 * on every instance at the very next request.
 */
import type { MemberAuth } from '../../platform/context.js';
import type { MemberSession } from '@arena/contracts/end-user';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { withTenant, type Tx } from '../../platform/db/client.js';
import { systemCtx, type Ctx } from '../../platform/request-context.js';
import { hashSecret, newMemberKey } from '../../platform/tokens.js';
import { memberProfiles } from '../membership/index.js';
import { endUser, endUserSession } from './schema.js';

export const MEMBER_IDLE_MS = { remembered: 90 * 24 * 3600_000, session: 12 * 3600_000 } as const;
export const MEMBER_ABSOLUTE_MS = 90 * 24 * 3600_000;
const LAST_USED_RESOLUTION_MS = 60_000;
const MEMBER_KEY = /^m_[0-9a-f]{64}$/;

type SessionRow = typeof endUserSession.$inferSelect;

export function memberKeyExpired(s: Pick<SessionRow, 'lastUsedAt' | 'createdAt' | 'remember'>, now = new Date()): boolean {
  const idle = s.remember ? MEMBER_IDLE_MS.remembered : MEMBER_IDLE_MS.session;
  return now.getTime() - s.lastUsedAt.getTime() > idle || now.getTime() - s.createdAt.getTime() > MEMBER_ABSOLUTE_MS;
}

/** The manifest's `authenticateMember`: the member behind a key on its organisation's host, or null. */
export async function authenticateMember(request: FastifyRequest, key: string): Promise<MemberAuth | null> {
  const org = request.organisation;
  if (!org || !MEMBER_KEY.test(key)) return null;
  const hash = hashSecret(key);
  const ctx = systemCtx(request.server.config, org, 'member');
  return withTenant(request.server.db, org.id, async (tx) => {
    const [row] = await tx
      .select({ session: endUserSession, status: endUser.status, memberId: endUser.memberId })
      .from(endUserSession)
      .innerJoin(endUser, and(eq(endUser.organisationId, endUserSession.organisationId), eq(endUser.id, endUserSession.endUserId)))
      .where(and(eq(endUserSession.organisationId, org.id), eq(endUserSession.keyHash, hash), isNull(endUserSession.revokedAt)))
      .limit(1);
    if (!row || row.status !== 'active' || memberKeyExpired(row.session)) return null;
    const profile = (await memberProfiles(tx, ctx, [row.memberId])).get(row.memberId);
    if (!profile?.isActive) return null;
    if (Date.now() - row.session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)
      await tx
        .update(endUserSession)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(endUserSession.id, row.session.id));
    return { endUserId: row.session.endUserId, memberId: row.memberId, sessionId: row.session.id, memberCode: profile.member_code };
  });
}

/** A new session of an end user: answers the key (shown once) and its row. */
export async function openSession(tx: Tx, ctx: Ctx, endUserId: number, remember: boolean): Promise<{ key: string; session: SessionRow }> {
  const key = newMemberKey();
  const [session] = await tx
    .insert(endUserSession)
    .values({
      organisationId: ctx.organisationId,
      endUserId,
      keyHash: hashSecret(key),
      remember,
      userAgent: ctx.actor.userAgent,
      ip: ctx.actor.ip,
    })
    .returning();
  return { key, session };
}

/** Revokes the end user's live sessions (all, or the one given); answers how many. */
export async function revokeSessions(tx: Tx, ctx: Ctx, endUserId: number, sessionId?: number): Promise<number> {
  const rows = await tx
    .update(endUserSession)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(endUserSession.organisationId, ctx.organisationId),
        eq(endUserSession.endUserId, endUserId),
        isNull(endUserSession.revokedAt),
        ...(sessionId === undefined ? [] : [eq(endUserSession.id, sessionId)]),
      ),
    )
    .returning({ id: endUserSession.id });
  return rows.length;
}

/** The end user's live sessions (not revoked, not expired), newest use first. */
export async function liveSessions(tx: Tx, ctx: Ctx, endUserId: number, currentId: number | null = null): Promise<MemberSession[]> {
  const rows = await tx
    .select()
    .from(endUserSession)
    .where(
      and(eq(endUserSession.organisationId, ctx.organisationId), eq(endUserSession.endUserId, endUserId), isNull(endUserSession.revokedAt)),
    )
    .orderBy(desc(endUserSession.lastUsedAt), desc(endUserSession.id))
    .limit(100);
  const now = ctx.now.instant;
  return rows
    .filter((s) => !memberKeyExpired(s, now))
    .map((s) => ({
      id: s.id,
      user_agent: s.userAgent,
      ip: s.ip,
      remember: s.remember,
      created_at: s.createdAt.toISOString(),
      last_used_at: s.lastUsedAt.toISOString(),
      current: s.id === currentId,
    }));
}

/** Live sessions per end user (the list's devices column): not revoked and within their lifetimes. */
export async function deviceCounts(tx: Tx, ctx: Ctx, endUserIds: number[]): Promise<Map<number, number>> {
  if (!endUserIds.length) return new Map();
  const rows = await tx
    .select({ endUserId: endUserSession.endUserId, n: sql<number>`count(*)::int` })
    .from(endUserSession)
    .where(
      and(
        eq(endUserSession.organisationId, ctx.organisationId),
        sql`${endUserSession.endUserId} = any(${sql.raw(`'{${endUserIds.map(Number).join(',')}}'::bigint[]`)})`,
        isNull(endUserSession.revokedAt),
        sql`${endUserSession.createdAt} > now() - make_interval(secs => ${MEMBER_ABSOLUTE_MS / 1000})`,
        sql`${endUserSession.lastUsedAt} > now() - case when ${endUserSession.remember} then make_interval(secs => ${MEMBER_IDLE_MS.remembered / 1000}) else make_interval(secs => ${MEMBER_IDLE_MS.session / 1000}) end`,
      ),
    )
    .groupBy(endUserSession.endUserId);
  return new Map(rows.map((r) => [Number(r.endUserId), Number(r.n)]));
}

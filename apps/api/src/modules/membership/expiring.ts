/**
 * "Membership expiring today" notifications (issue 22): an hourly task raises one per membership
 * ending on the organisation's today. Hourly, because each organisation's day starts at its own
 * hour; the dedupe key (membership and day) makes every later run, and a second instance, add nothing.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import type { Ctx } from '../../platform/request-context.js';
import { notify } from '../notifications/index.js';
import { membership } from './schema.js';

export const EXPIRING_TASK = 'membership.notify-expiring-today';

/** Raises the organisation's "expiring today" notifications; returns how many in-app rows were new. */
export async function notifyExpiringToday(tx: Tx, ctx: Ctx): Promise<number> {
  const today = ctx.now.today;
  const rows = await tx
    .select({
      id: membership.id,
      memberId: membership.memberId,
      label: membership.label,
      party: membership.party,
      centreId: membership.centreId,
    })
    .from(membership)
    .where(
      and(
        eq(membership.organisationId, ctx.organisationId),
        eq(membership.endDate, today),
        isNull(membership.cancelledAt),
        ne(membership.status, 'cancelled'),
      ),
    )
    .limit(1000);
  let added = 0;
  for (const m of rows) {
    const { inApp } = await notify(tx, ctx, {
      event: 'membership_expiring_today',
      title: `Membership expires today: ${m.party}`,
      body: `${m.party}'s membership ${m.label} ends today.`,
      link: `/membership/members/${m.memberId}`,
      centre: m.centreId,
      subject: { type: 'membership', id: m.id },
      dedupeKey: `membership-expiring:${m.id}:${today}`,
    });
    added += inApp;
  }
  return added;
}

export const expiringTask: Task = {
  name: EXPIRING_TASK,
  run: (_payload, task) => forEachOrganisation(task, 'membership-expiring', notifyExpiringToday),
};

/**
 * "Maintenance due" notifications: an hourly task raises one per scheduled entry due within
 * MAINTENANCE_NOTICE_DAYS of the organisation's today (the dashboard's "due this week" shows them
 * in any case). The dedupe key (the entry and its date) makes later runs, and a second instance,
 * add nothing; an entry moved to another date is announced again.
 */
import { MAINTENANCE_NOTICE_DAYS } from '@arena/contracts/asset';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import type { Ctx } from '../../platform/request-context.js';
import { displayDate } from '../../platform/time.js';
import { notify } from '../notifications/index.js';
import { addDays } from './asset.service.js';

export const DUE_TASK = 'asset.notify-maintenance-due';

/** Raises the organisation's due notifications; returns how many in-app rows were new. */
export async function notifyMaintenanceDue(tx: Tx, ctx: Ctx): Promise<number> {
  const today = ctx.now.today;
  const rows = await queryRows<{
    id: number;
    asset_id: number;
    code: string | null;
    name: string;
    centre_id: number;
    date: string;
    kind: string;
  }>(
    tx,
    sql`select m.id, m.asset_id, a.code, a.name, a.centre_id, m.date::text, m.kind
          from asset_maintenance m join asset a on a.organisation_id = m.organisation_id and a.id = m.asset_id
         where m.organisation_id = ${ctx.organisationId} and m.status = 'scheduled'
           and m.date between ${today}::date and ${addDays(today, MAINTENANCE_NOTICE_DAYS)}::date
         order by m.date, m.id limit 1000`,
  );
  let added = 0;
  for (const m of rows) {
    const what = m.kind === 'repair' ? 'Repair' : 'Maintenance';
    const { inApp } = await notify(tx, ctx, {
      event: 'maintenance_due',
      title: `${what} due ${displayDate(m.date)}: ${m.code ?? ''} ${m.name}`,
      body: `${what} of ${m.code ?? ''} ${m.name} is due on ${displayDate(m.date)}.`,
      link: `/asset-management/my-assets/${m.asset_id}`,
      centre: Number(m.centre_id),
      subject: { type: 'asset_maintenance', id: Number(m.id) },
      dedupeKey: `asset-maintenance-due:${m.id}:${m.date}`,
    });
    added += inApp;
  }
  return added;
}

export const dueTask: Task = {
  name: DUE_TASK,
  run: (_payload, task) => forEachOrganisation(task, 'asset-maintenance-due', notifyMaintenanceDue),
};

/** Reports › Diet: members per plan assigned in the window, active vs ended, and by who assigned them. One statement each. */
import type { DietPlanReport } from '@arena/contracts/diet';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/client.js';
import type { ReportDefinition } from '../../../platform/report.js';

type Q = { plan?: number };
type Line = DietPlanReport['rows'][number];

export const dietPlanReport: ReportDefinition<Q, DietPlanReport, Line> = {
  summary: 'Members per diet plan: assigned in the window, active and ended, and by who assigned them',
  run: async ({ tx, ctx, q, window: { from, to } }) => {
    const org = ctx.organisationId;
    const t = ctx.now.today;
    const planFilter = q.plan ? sql`and d.plan_id = ${q.plan}` : sql``;
    const active = sql`(d.is_active and (d.end_date is null or d.end_date >= ${t}::date))`;
    const rows = await queryRows<{ plan: string; name: string; diet_type: Line['diet_type']; assigned: number; active: number }>(
      tx,
      sql`select p.id as plan, p.name, p.diet_type, count(d.id)::int as assigned, count(d.id) filter (where ${active})::int as active
            from diet_plan p join diet_member_diet d on d.organisation_id = p.organisation_id and d.plan_id = p.id
           where p.organisation_id = ${org} and d.start_date between ${from}::date and ${to}::date ${planFilter}
           group by p.id, p.name, p.diet_type order by assigned desc, p.name`,
    );
    const byTrainer = await queryRows<{ assigned_by: string; assigned: number; active: number }>(
      tx,
      sql`select d.assigned_by, count(*)::int as assigned, count(*) filter (where ${active})::int as active
            from diet_member_diet d
           where d.organisation_id = ${org} and d.start_date between ${from}::date and ${to}::date ${planFilter}
           group by d.assigned_by order by assigned desc, d.assigned_by`,
    );
    const lines = rows.map((r) => ({
      plan: Number(r.plan),
      name: r.name,
      diet_type: r.diet_type,
      assigned: Number(r.assigned),
      active: Number(r.active),
      ended: Number(r.assigned) - Number(r.active),
    }));
    const sum = (k: 'assigned' | 'active' | 'ended') => lines.reduce((n, l) => n + l[k], 0);
    return {
      from,
      to,
      rows: lines,
      by_trainer: byTrainer.map((b) => ({ assigned_by: b.assigned_by || '—', assigned: Number(b.assigned), active: Number(b.active) })),
      total: { assigned: sum('assigned'), active: sum('active'), ended: sum('ended') },
    };
  },
  file: ({ report }) => ({
    filename: 'diet-plans-report',
    title: 'Members per diet plan',
    columns: [
      { header: 'Plan', value: (l) => l.name },
      { header: 'Diet type', value: (l) => l.diet_type },
      { header: 'Assigned', value: (l) => l.assigned, type: 'number' },
      { header: 'Active', value: (l) => l.active, type: 'number' },
      { header: 'Ended', value: (l) => l.ended, type: 'number' },
    ],
    rows: [...report.rows, { plan: 0, name: 'Total', diet_type: '' as Line['diet_type'], ...report.total }],
  }),
};

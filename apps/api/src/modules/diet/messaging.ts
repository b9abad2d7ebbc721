/**
 * What Diet Management offers the messaging engine: "Members on a diet plan" (those whose own
 * copy of the chosen plan runs today), with the plan's name as `{plan}`.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import { MESSAGE_AUDIENCE_OPTIONS_MAX, type MessageAudience } from '../../platform/module.js';
import { membersIn } from '../membership/index.js';

export const dietAudiences: MessageAudience[] = [
  {
    key: 'diet_plan_members',
    label: 'Members on a diet plan',
    module: 'diet',
    kind: 'member',
    param: 'plan',
    async describe(tx, ctx, id) {
      const [row] = await queryRows<{ name: string }>(
        tx,
        sql`select name from diet_plan where organisation_id = ${ctx.organisationId} and id = ${id}`,
      );
      if (!row) throw fieldError('param', `Invalid pk "${id}" - object does not exist.`);
      return row.name;
    },
    options: (tx, ctx) =>
      queryRows<{ id: number; name: string }>(
        tx,
        sql`select id::int as id, name from diet_plan where organisation_id = ${ctx.organisationId}
            order by lower(name), id limit ${MESSAGE_AUDIENCE_OPTIONS_MAX}`,
      ),
    async resolve(tx, ctx, { param, limit }) {
      if (!param) return [];
      const name = await dietAudiences[0].describe!(tx, ctx, param);
      const today = ctx.now.today;
      return membersIn(
        tx,
        ctx,
        sql`select d.member_id from diet_member_diet d where d.organisation_id = ${ctx.organisationId} and d.plan_id = ${param}
              and d.is_active and d.start_date <= ${today}::date and (d.end_date is null or d.end_date >= ${today}::date)`,
        limit,
        { plan: name },
      );
    },
  },
];

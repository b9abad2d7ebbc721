/**
 * What Training/Workouts offers the messaging engine: "Members on a workout plan" (those with an
 * active copy of the chosen plan), with the plan's name as `{plan}`.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client.js';
import { fieldError } from '../../platform/errors.js';
import { MESSAGE_AUDIENCE_OPTIONS_MAX, type MessageAudience } from '../../platform/module.js';
import { membersIn } from '../membership/index.js';

export const trainingAudiences: MessageAudience[] = [
  {
    key: 'workout_plan_members',
    label: 'Members on a workout plan',
    module: 'training',
    kind: 'member',
    param: 'plan',
    async describe(tx, ctx, id) {
      const [row] = await queryRows<{ name: string }>(
        tx,
        sql`select name from training_plan where organisation_id = ${ctx.organisationId} and id = ${id} and member_id is null`,
      );
      if (!row) throw fieldError('param', `Invalid pk "${id}" - object does not exist.`);
      return row.name;
    },
    options: (tx, ctx) =>
      queryRows<{ id: number; name: string }>(
        tx,
        sql`select id::int as id, name from training_plan where organisation_id = ${ctx.organisationId} and member_id is null
            order by lower(name), id limit ${MESSAGE_AUDIENCE_OPTIONS_MAX}`,
      ),
    async resolve(tx, ctx, { param, limit }) {
      if (!param) return [];
      const name = await trainingAudiences[0].describe!(tx, ctx, param);
      return membersIn(
        tx,
        ctx,
        sql`select c.member_id from training_plan c where c.organisation_id = ${ctx.organisationId} and c.template_id = ${param}
              and c.status = 'active'`,
        limit,
        { plan: name },
      );
    },
  },
];

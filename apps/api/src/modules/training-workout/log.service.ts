/** The workout log: sessions the trainer records for a member's copy, and their adherence per week. */
import type { z } from 'zod';
import type { logInputSchema } from '@arena/contracts/training-workout';
import { and, eq, sql } from 'drizzle-orm';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { fieldError, invalidPk, notFound } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays } from '../../platform/time.js';
import { weeklyAdherence } from './adherence.js';
import { actorName } from './assign.service.js';
import { MODULE } from './constants.js';
import { allExercises, exerciseColumns, knownExercises } from './exercise.routes.js';
import { plan, workoutLog } from './schema.js';

async function copyOf(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.id, id), sql`${plan.memberId} is not null`));
  if (!row) throw notFound();
  return row;
}

type LogRow = {
  id: string;
  member_plan_id: string;
  date: string;
  exercise: string;
  exercise_name: string;
  sets: { reps: number; seconds: number; load_kg: number }[];
  notes: string;
  recorded_by: string;
  created_at: Date | string;
};

const logOut = (r: LogRow) => ({
  id: Number(r.id),
  member_plan: Number(r.member_plan_id),
  date: String(r.date).slice(0, 10),
  exercise: Number(r.exercise),
  exercise_name: r.exercise_name,
  sets: r.sets,
  notes: r.notes,
  recorded_by: r.recorded_by,
  created_at: new Date(r.created_at).toISOString(),
});

const logRows = (ctx: Ctx, where: ReturnType<typeof sql>) => sql`
  select l.id, l.member_plan_id, to_char(l.date, 'YYYY-MM-DD') as date, coalesce(l.exercise_id, l.library_exercise_id) as exercise,
         e.name as exercise_name, l.sets, l.notes, l.recorded_by, l.created_at
    from training_workout_log l join ${allExercises(ctx)} e on e.id = coalesce(l.exercise_id, l.library_exercise_id)
   where l.organisation_id = ${ctx.organisationId} and ${where}`;

export async function logSession(tx: Tx, ctx: Ctx, id: number, input: z.output<typeof logInputSchema>) {
  const copy = await copyOf(tx, ctx, id);
  const today = ctx.now.today;
  if (input.date > today) throw fieldError('date', 'A session cannot be logged in the future.');
  if (input.date < copy.startDate!) throw fieldError('date', `The plan starts on ${copy.startDate}.`);
  if (copy.endDate && input.date > copy.endDate) throw fieldError('date', `The plan ended on ${copy.endDate}.`);
  if (!(await knownExercises(tx, ctx, [input.exercise])).size) throw fieldError('exercise', invalidPk(input.exercise));
  const [row] = await tx
    .insert(workoutLog)
    .values({
      organisationId: ctx.organisationId,
      memberPlanId: id,
      memberId: copy.memberId!,
      date: input.date,
      ...exerciseColumns(input.exercise),
      sets: input.sets,
      notes: input.notes,
      recordedBy: actorName(ctx),
    })
    .returning({ id: workoutLog.id });
  const [out] = await queryRows<LogRow>(tx, logRows(ctx, sql`l.id = ${row.id}`));
  await record(tx, ctx.actor, {
    module: MODULE,
    resource: 'training_workout_log',
    objectId: row.id,
    label: `${copy.name} · ${input.date}`,
    action: 'create',
    after: logOut(out),
  });
  return logOut(out);
}

/** The copy's sessions (newest first, at most 500) and its adherence per week from its start to today (or its end). */
export async function sessionsOf(tx: Tx, ctx: Ctx, id: number) {
  const copy = await copyOf(tx, ctx, id);
  const rows = await queryRows<LogRow>(tx, sql`${logRows(ctx, sql`l.member_plan_id = ${id}`)} order by l.date desc, l.id desc limit 500`);
  const dates = await queryRows<{ d: string }>(
    tx,
    sql`select distinct to_char(date, 'YYYY-MM-DD') as d from training_workout_log where organisation_id = ${ctx.organisationId} and member_plan_id = ${id}`,
  );
  const today = ctx.now.today;
  const end = copy.endDate && copy.endDate < today ? copy.endDate : today;
  const from = copy.startDate! > addDays(end, -7 * 52) ? copy.startDate! : addDays(end, -7 * 52);
  return {
    results: rows.map(logOut),
    adherence: weeklyAdherence(
      dates.map((r) => r.d),
      copy.daysPerWeek,
      from,
      end,
    ),
  };
}

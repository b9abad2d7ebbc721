/** End User Login's read (issue 27): the workout plans assigned to a member that are running, each exercise a plain line. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { exercise, exerciseLibrary, plan, planItem } from './schema.js';

export interface MemberAppWorkout {
  id: number;
  name: string;
  start_date: string | null;
  end_date: string | null;
  lines: string[];
}

export async function memberWorkouts(tx: Tx, ctx: Ctx, memberId: number): Promise<MemberAppWorkout[]> {
  const plans = await tx
    .select()
    .from(plan)
    .where(and(eq(plan.organisationId, ctx.organisationId), eq(plan.memberId, memberId), eq(plan.status, 'active')))
    .orderBy(asc(plan.startDate), asc(plan.id))
    .limit(20);
  if (!plans.length) return [];
  const items = await tx
    .select({
      planId: planItem.planId,
      day: planItem.day,
      sets: planItem.sets,
      reps: planItem.reps,
      library: exerciseLibrary.name,
      own: exercise.name,
    })
    .from(planItem)
    .leftJoin(exerciseLibrary, eq(exerciseLibrary.id, planItem.libraryExerciseId))
    .leftJoin(exercise, eq(exercise.id, planItem.exerciseId))
    .where(
      and(
        eq(planItem.organisationId, ctx.organisationId),
        inArray(
          planItem.planId,
          plans.map((p) => p.id),
        ),
      ),
    )
    .orderBy(planItem.planId, planItem.day, planItem.position);
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    start_date: p.startDate,
    end_date: p.endDate,
    lines: items
      .filter((i) => i.planId === p.id)
      .map((i) => `${p.days[i.day - 1]?.name || `Day ${i.day}`}: ${i.library ?? i.own ?? 'Exercise'} — ${i.sets} × ${i.reps}`),
  }));
}

/** End User Login's read (issue 27): the diets assigned to a member that are running or upcoming, summed up in plain lines. */
import { and, asc, eq, gte, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { dietMemberDiet } from './schema.js';

const MEAL_WORDS: Record<string, string> = { early_morning: 'Early morning', mid_morning: 'Mid-morning', evening_snack: 'Evening snack' };
const mealName = (m: string) => MEAL_WORDS[m] ?? m.charAt(0).toUpperCase() + m.slice(1).replaceAll('_', ' ');

export interface MemberAppDiet {
  id: number;
  name: string;
  start_date: string;
  end_date: string | null;
  lines: string[];
}

export async function memberDiets(tx: Tx, ctx: Ctx, memberId: number): Promise<MemberAppDiet[]> {
  const rows = await tx
    .select()
    .from(dietMemberDiet)
    .where(
      and(
        eq(dietMemberDiet.organisationId, ctx.organisationId),
        eq(dietMemberDiet.memberId, memberId),
        eq(dietMemberDiet.isActive, true),
        or(isNull(dietMemberDiet.endDate), gte(dietMemberDiet.endDate, ctx.now.today)),
      ),
    )
    .orderBy(asc(dietMemberDiet.startDate), asc(dietMemberDiet.id))
    .limit(20);
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    start_date: d.startDate,
    end_date: d.endDate,
    lines: [
      ...(d.goal ? [`Goal: ${d.goal}`] : []),
      ...(d.targetKcal ? [`Target: ${d.targetKcal} kcal a day`] : []),
      ...d.meals.map(
        (m) => `${mealName(m.meal)}${m.time ? ` (${m.time.slice(0, 5)})` : ''}: ${m.items.length} item${m.items.length === 1 ? '' : 's'}`,
      ),
      ...(d.notes ? [d.notes] : []),
    ],
  }));
}

/** Diet plans (templates): create, edit, delete, duplicate; read with their computed totals. */
import type { DietPlan, dietPlanInputSchema } from '@arena/contracts/diet';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { conflict, notFound, onUnique } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { MODULE } from './constants.js';
import { contentOf, foodIdsOf, storedMeals } from './content.js';
import { checkDietType, checkFoods } from './foods.js';
import { dietCategory, dietMemberDiet, dietPlan } from './schema.js';

type PlanInput = z.output<typeof dietPlanInputSchema>;

export const planFields = {
  plan: dietPlan,
  categoryName: dietCategory.name,
  members: sql<number>`(select count(*)::int from diet_member_diet d where d.organisation_id = diet_plan.organisation_id
    and d.plan_id = diet_plan.id and d.is_active)`.mapWith(Number),
};
export const planFrom = (tx: Tx) =>
  tx
    .select(planFields)
    .from(dietPlan)
    .leftJoin(dietCategory, and(eq(dietCategory.organisationId, dietPlan.organisationId), eq(dietCategory.id, dietPlan.categoryId)))
    .$dynamic();

/** Plans as API JSON, their foods read once for all. */
export async function plansJson(
  tx: Tx,
  ctx: Ctx,
  rows: { plan: typeof dietPlan.$inferSelect; categoryName: string | null; members: number }[],
): Promise<DietPlan[]> {
  const contents = await contentOf(
    tx,
    ctx,
    rows.map((r) => ({ ...r.plan, categoryName: r.categoryName })),
  );
  return rows.map((r, i) => ({
    id: r.plan.id,
    ...contents[i],
    description: r.plan.description,
    is_active: r.plan.isActive,
    members: r.members,
    created_at: r.plan.createdAt.toISOString(),
    updated_at: r.plan.updatedAt.toISOString(),
  }));
}

export async function getPlan(tx: Tx, ctx: Ctx, id: number): Promise<DietPlan> {
  const rows = await planFrom(tx).where(and(eq(dietPlan.organisationId, ctx.organisationId), eq(dietPlan.id, id)));
  if (!rows.length) throw notFound();
  return (await plansJson(tx, ctx, rows))[0];
}

const uniqueName = onUnique({ diet_plan_org_name_key: { field: 'name', message: 'A diet plan with this name already exists.' } });

function valuesOf(input: Partial<PlanInput>): Partial<typeof dietPlan.$inferInsert> {
  const v: Partial<typeof dietPlan.$inferInsert> = {};
  if (input.name !== undefined) v.name = input.name;
  if (input.category !== undefined) v.categoryId = input.category;
  if (input.goal !== undefined) v.goal = input.goal;
  if (input.diet_type !== undefined) v.dietType = input.diet_type;
  if (input.target_kcal !== undefined) v.targetKcal = input.target_kcal;
  if (input.target_protein !== undefined) v.targetProtein = input.target_protein;
  if (input.target_carbohydrate !== undefined) v.targetCarbohydrate = input.target_carbohydrate;
  if (input.target_fat !== undefined) v.targetFat = input.target_fat;
  if (input.target_fibre !== undefined) v.targetFibre = input.target_fibre;
  if (input.description !== undefined) v.description = input.description;
  if (input.meals !== undefined) v.meals = storedMeals(input.meals);
  if (input.is_active !== undefined) v.isActive = input.is_active;
  return v;
}

async function checkInput(tx: Tx, ctx: Ctx, input: Partial<PlanInput>, before?: DietPlan) {
  await checkReferences(tx, ctx.organisationId, { category: { table: dietCategory, id: input.category ?? null } });
  const meals = input.meals ? storedMeals(input.meals) : input.diet_type && before ? before.meals : null;
  if (meals) checkDietType(await checkFoods(tx, ctx, 'meals', foodIdsOf(meals)), input.diet_type ?? before?.diet_type ?? 'veg');
}

export async function createPlan(tx: Tx, ctx: Ctx, input: PlanInput): Promise<DietPlan> {
  await checkInput(tx, ctx, input);
  const [row] = await tx
    .insert(dietPlan)
    .values({ organisationId: ctx.organisationId, ...valuesOf(input) } as typeof dietPlan.$inferInsert)
    .returning({ id: dietPlan.id })
    .catch(uniqueName);
  const after = await getPlan(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_plan', objectId: row.id, label: after.name, action: 'create', after });
  return after;
}

const byId = (ctx: Ctx, id: number): SQL => and(eq(dietPlan.organisationId, ctx.organisationId), eq(dietPlan.id, id))!;

async function lockPlan(tx: Tx, ctx: Ctx, id: number) {
  const [row] = await tx.select({ id: dietPlan.id }).from(dietPlan).where(byId(ctx, id)).for('update');
  if (!row) throw notFound();
}

export async function updatePlan(tx: Tx, ctx: Ctx, id: number, input: Partial<PlanInput>): Promise<DietPlan> {
  await lockPlan(tx, ctx, id);
  const before = await getPlan(tx, ctx, id);
  await checkInput(tx, ctx, input, before);
  await tx
    .update(dietPlan)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(byId(ctx, id))
    .catch(uniqueName);
  const after = await getPlan(tx, ctx, id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_plan', objectId: id, label: after.name, action: 'update', before, after });
  return after;
}

export async function deletePlan(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  await lockPlan(tx, ctx, id);
  const before = await getPlan(tx, ctx, id);
  const used = await tx
    .select({ id: dietMemberDiet.id })
    .from(dietMemberDiet)
    .where(and(eq(dietMemberDiet.organisationId, ctx.organisationId), eq(dietMemberDiet.planId, id)))
    .limit(1);
  if (used.length) throw conflict('Members have been given this plan: deactivate it instead.');
  await tx.delete(dietPlan).where(byId(ctx, id));
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_plan', objectId: id, label: before.name, action: 'delete', before });
}

/** A copy of a plan under a new name ("… (copy)", "… (copy 2)" … unless one is given). */
export async function duplicatePlan(tx: Tx, ctx: Ctx, id: number, name?: string): Promise<DietPlan> {
  const source = await getPlan(tx, ctx, id);
  let newName = name;
  if (!newName) {
    const taken = new Set(
      (
        await queryRows<{ name: string }>(
          tx,
          sql`select lower(name) as name from diet_plan where organisation_id = ${ctx.organisationId} and lower(name) like ${`${source.name
            .toLowerCase()
            .slice(0, 80)
            .replace(/[\\%_]/g, (c) => `\\${c}`)} (copy%`}`,
        )
      ).map((r) => r.name),
    );
    const base = `${source.name.slice(0, 80)} (copy`;
    newName = `${base})`;
    for (let n = 2; taken.has(newName.toLowerCase()) && n < 1000; n++) newName = `${base} ${n})`;
  }
  const [src] = await tx.select().from(dietPlan).where(byId(ctx, id));
  const [row] = await tx
    .insert(dietPlan)
    .values({
      organisationId: ctx.organisationId,
      name: newName,
      categoryId: src.categoryId,
      goal: src.goal,
      dietType: src.dietType,
      targetKcal: src.targetKcal,
      targetProtein: src.targetProtein,
      targetCarbohydrate: src.targetCarbohydrate,
      targetFat: src.targetFat,
      targetFibre: src.targetFibre,
      meals: src.meals,
      description: src.description,
      isActive: src.isActive,
    })
    .returning({ id: dietPlan.id })
    .catch(uniqueName);
  const after = await getPlan(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_plan', objectId: row.id, label: after.name, action: 'create', after });
  return after;
}

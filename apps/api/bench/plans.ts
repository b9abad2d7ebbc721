/**
 * The plan benches (issue 25), on PostgreSQL, in a database of their own, over loopback: one
 * request assigns a plan to 500 members (each gets their own copy, its items with it).
 * - bare: the same copy as one set-based statement through postgres.js (no checks, no RLS, no
 *   audit), the floor any assignment stands on;
 * - full: `POST /api/diet/assign-members-to-diet/` with a 7-meal, 21-item diet, and
 *   `POST /api/training-workout/assign-members-to-training-workout/` with a 3-day, 15-exercise plan,
 *   through the whole stack (member checks, the unique "one active copy", the audit row).
 * Each runs BENCH_PLAN_ROUNDS times (default 5) with a fresh plan, after one unmeasured round and
 * an ANALYZE (what a live database has: statistics of tables that hold rows). Without statistics,
 * the foreign-key checks of the exercise rows plan a sequential scan of `training_plan` while it
 * holds one row, and 7,500 of them then take a second. Goal: < 2 s a request.
 * Alone: `npx tsx --conditions=source bench/plans.ts` (from apps/api).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db/client.js';
import { benchOrganisation } from './org.js';
import { shooter } from './shots.js';

const MEMBERS = 500;
const ROUNDS = Number(process.env.BENCH_PLAN_ROUNDS ?? 5);
const MEALS = ['early_morning', 'breakfast', 'mid_morning', 'lunch', 'evening', 'dinner', 'bed_time'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runPlansBench(): Promise<void> {
  const bench = await benchOrganisation('plans');
  const { request, close: closeAgent } = shooter(1);
  const bareSql = postgres(bench.dbUrl, { max: 2, onnotice: () => {} });
  try {
    const orgId = bench.org.id;
    const members = await bench.inOrg(async (tx) => {
      const [c] = await queryRows<{ id: number }>(
        tx,
        sql`insert into centre (organisation_id, name, state) values (${orgId}, 'Main Centre', 'Karnataka') returning id`,
      );
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`insert into member (organisation_id, member_code, first_name, last_name, gender, phone, centre_id, joined_on)
            select ${orgId}, 'MEM-' || lpad(g::text, 5, '0'), 'Member', 'No ' || g, 'female', '9' || lpad(g::text, 9, '0'), ${c.id}, current_date
            from generate_series(1, ${MEMBERS}) g returning id`,
      );
      return rows.map((r) => Number(r.id));
    });
    const foods = (await bareSql`select id from diet_food order by id limit 21`).map((r) => Number(r.id));
    const { port, auth } = await bench.serve(request);
    const json = { ...auth, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => {
      const started = performance.now();
      const res = await request(port, 'POST', url, json, JSON.stringify(body));
      const ms = performance.now() - started;
      if (res.status >= 400) throw new Error(`${url}: ${res.status} ${res.body.slice(0, 300)}`);
      return { ms, body: JSON.parse(res.body) as Record<string, unknown> };
    };
    const today = new Date().toISOString().slice(0, 10);

    const bare: number[] = [];
    const diet: number[] = [];
    const workout: number[] = [];
    for (let round = -1; round < ROUNDS; round++) {
      const measured = round >= 0;
      const dietPlan = await post('/api/diet/diet-plan/', {
        name: `Bench diet ${round + 1}`,
        diet_type: 'non_veg',
        target_kcal: 2200,
        meals: MEALS.map((meal, m) => ({
          meal,
          items: foods.slice(m * 3, m * 3 + 3).map((food) => ({ food, measure: 'g', amount: 100 })),
        })),
      });
      const workoutPlan = await post('/api/training-workout/training-workout-plan/', {
        name: `Bench workout ${round + 1}`,
        level: 'intermediate',
        days_per_week: 3,
        weeks: 8,
        days: ['Push', 'Pull', 'Legs'].map((name, d) => ({
          name,
          items: Array.from({ length: 5 }, (_, i) => ({ exercise: d * 5 + i + 1, sets: 4, reps: '8-12', rest_seconds: 90 })),
        })),
      });
      // The floor: the diet's copies for every member as one statement, rolled back.
      const started = performance.now();
      await bareSql
        .begin(async (q) => {
          await q`insert into diet_member_diet (organisation_id, member_id, plan_id, name, category_id, goal, diet_type, target_kcal,
                    target_protein, target_carbohydrate, target_fat, target_fibre, meals, start_date, notes, is_active)
                  select p.organisation_id, m.id, p.id, p.name, p.category_id, p.goal, p.diet_type, p.target_kcal, p.target_protein,
                         p.target_carbohydrate, p.target_fat, p.target_fibre, p.meals, current_date, '', true
                  from diet_plan p cross join unnest(${members}::bigint[]) as m(id) where p.id = ${dietPlan.body.id as number}`;
          throw new Error('rollback');
        })
        .catch((err: Error) => {
          if (err.message !== 'rollback') throw err;
        });
      if (measured) bare.push(performance.now() - started);
      const d = await post('/api/diet/assign-members-to-diet/', { plan: dietPlan.body.id, members, start_date: today });
      if (d.body.assigned !== MEMBERS) throw new Error(`diet assigned ${String(d.body.assigned)}`);
      if (measured) diet.push(d.ms);
      const w = await post('/api/training-workout/assign-members-to-training-workout/', {
        plan: workoutPlan.body.id,
        members,
        start_date: today,
      });
      if (w.body.assigned !== MEMBERS) throw new Error(`workout assigned ${String(w.body.assigned)}`);
      if (measured) workout.push(w.ms);
      else await bareSql`analyze`;
    }
    const [copies] = await bareSql<{ diets: number; workouts: number; items: number }[]>`
      select (select count(*)::int from diet_member_diet) as diets,
             (select count(*)::int from training_plan where member_id is not null) as workouts,
             (select count(*)::int from training_plan_item i join training_plan p on p.id = i.plan_id where p.member_id is not null) as items`;
    const row = (label: string, xs: number[]) =>
      `${label.padEnd(62)} median ${median(xs).toFixed(0).padStart(5)} ms  max ${Math.max(...xs)
        .toFixed(0)
        .padStart(5)} ms  × bare ${(median(xs) / median(bare)).toFixed(1).padStart(5)}`;
    console.log(`plans: ${MEMBERS} members, ${ROUNDS} measured rounds (after one round and ANALYZE), a fresh plan each`);
    console.log(
      `${'bare: 500 diet copies, one INSERT … SELECT (postgres.js)'.padEnd(62)} median ${median(bare).toFixed(0).padStart(5)} ms`,
    );
    console.log(row('full: POST assign-members-to-diet/ (7 meals, 21 items)', diet));
    console.log(row('full: POST assign-members-to-training-workout/ (3 days, 15)', workout));
    const worst = Math.max(...diet, ...workout);
    console.log(`${'goal < 2 s a request (the slowest of both)'.padEnd(62)} ${worst.toFixed(0)} ms: ${worst < 2000 ? 'met' : 'NOT met'}`);
    console.log(`copies written: ${copies.diets} diets, ${copies.workouts} workouts with ${copies.items} exercise rows`);
  } finally {
    closeAgent();
    await bareSql.end();
    await bench.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  runPlansBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });

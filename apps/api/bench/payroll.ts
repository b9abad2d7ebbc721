/**
 * The payroll bench (issue 21): 500 more staff in the demo organisation (monthly, hourly, per
 * session; 50 on commission with memberships credited to them) with a month of attendance, then
 * `POST /api/staff-management/pay-roll/generate/` for that month through the whole stack — the
 * first run (every draft made) and refreshes (every draft recomputed) — against a baseline
 * measured in the same run: the same set-based work as bare SQL on the owner's connection (the
 * month's attendance aggregated per staff member with their category, and as many rows written
 * to a scratch table of payroll's shape). Goal: generate < 2 s on PostgreSQL.
 * Alone: `npx tsx --conditions=source bench/payroll.ts` (from apps/api); also part of `npm run bench`
 * (BENCH_PAYROLL=0 skips it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/db/seed.js';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STAFF = Number(process.env.BENCH_PAYROLL_STAFF ?? 500);
const RUNS = Number(process.env.BENCH_PAYROLL_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runPayrollBench(): Promise<void> {
  const name = `arena_bench_payroll_${Date.now()}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-bench-payroll-'));
  const handle = await openDatabase({ url: dbUrl.toString(), poolSize: Number(process.env.BENCH_POOL ?? 10) });
  const owner = postgres(dbUrl.toString(), { max: 2, onnotice: () => {} });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    let started = performance.now();
    await seedDemo(handle.db);
    console.log(`Payroll bench: demo seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: dbUrl.toString() });
    app = await buildApp({ config, db: handle.db, logger: false });
    const host = 'demo.localhost:3000';
    const login = await app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { host },
      payload: { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' },
    });
    const { key, user } = login.json() as { key: string; user: { organisation: { id: number } } };
    const org = user.organisation.id;

    // The month before this one (the organisation's zone is close enough to UTC for a bench).
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const month = first.toISOString().slice(0, 7);
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);

    started = performance.now();
    await owner.begin(async (sql) => {
      const [{ category }] = await sql`select id as category from staff_category where organisation_id = ${org} order by id limit 1`;
      const centres = (await sql`select id from centre where organisation_id = ${org} order by id`).map((c) => Number(c.id));
      await sql`
        insert into staff (organisation_id, staff_code, first_name, last_name, phone, gender, category_id, joining_date, salary_type, base_pay, commission_percent)
        select ${org}, 'BEN-' || lpad(g::text, 5, '0'), 'Bench', 'Staff ' || g, '6' || lpad(g::text, 9, '0'), 'other', ${category}, '2024-01-01',
               case when g % 10 = 0 then 'hourly' when g % 10 = 1 then 'per_session' else 'monthly' end,
               case when g % 10 = 0 then 250 when g % 10 = 1 then 600 else 15000 + (g % 40) * 1000 end,
               case when g % 10 = 2 then 5 else 0 end
        from generate_series(1, ${STAFF}) g`;
      await sql`
        insert into staff_centre (organisation_id, staff_id, centre_id)
        select ${org}, s.id, (${sql.array(centres)}::bigint[])[1 + s.id % ${centres.length}] from staff s
         where s.organisation_id = ${org} and s.staff_code like 'BEN-%'`;
      await sql`
        insert into staff_attendance (organisation_id, staff_id, date, status, check_in, check_out)
        select ${org}, s.id, d::date,
               case when (s.id + extract(day from d)::int) % 29 = 0 then 'absent' when (s.id + extract(day from d)::int) % 23 = 0 then 'half_day'
                    when (s.id + extract(day from d)::int) % 31 = 0 then 'leave' else 'present' end,
               '09:00', '17:30'
          from staff s cross join generate_series(${first.toISOString().slice(0, 10)}::date, ${last}::date, interval '1 day') d
         where s.organisation_id = ${org} and s.staff_code like 'BEN-%' and extract(isodow from d) <> 7
        on conflict do nothing`;
      // The commission staff: every membership of the month credited round-robin to one of them.
      await sql`
        with sellers as (select id, row_number() over (order by id) - 1 as i, count(*) over () as n from staff
                          where organisation_id = ${org} and commission_percent > 0),
             sales as (select id, row_number() over (order by id) - 1 as i from membership
                        where organisation_id = ${org} and cancelled_at is null and start_date between ${first.toISOString().slice(0, 10)}::date and ${last}::date)
        update membership m set sold_by = sellers.id from sales, sellers
         where m.organisation_id = ${org} and m.id = sales.id and sellers.i = sales.i % sellers.n`;
    });
    const [{ staff, attendance, credited }] = await owner`
      select (select count(*)::int from staff where organisation_id = ${org} and status = 'active') as staff,
             (select count(*)::int from staff_attendance where organisation_id = ${org} and date between ${first.toISOString().slice(0, 10)}::date and ${last}::date) as attendance,
             (select count(*)::int from membership where organisation_id = ${org} and sold_by is not null) as credited`;
    console.log(
      `  ${staff} active staff, ${attendance.toLocaleString('en')} attendance rows in ${month}, ${credited} memberships credited (set up in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );

    const generate = async () => {
      const t0 = performance.now();
      const res = await app!.inject({
        method: 'POST',
        url: '/api/staff-management/pay-roll/generate/',
        headers: { host, authorization: `Token ${key}` },
        payload: { month },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`generate: ${res.statusCode} ${res.body}`);
      return { ms, result: res.json() as { created: number; refreshed: number; kept: number } };
    };
    // Baseline: the same set-based work as bare SQL on the owner's connection.
    const baseline = async () => {
      const t0 = performance.now();
      await owner.begin(async (sql) => {
        await sql`create temp table payroll_scratch (like payroll including defaults including identity including indexes) on commit drop`;
        await sql`
          with a as materialized (
              select staff_id, count(*) filter (where status = 'present') as present,
                     sum(extract(epoch from (check_out - check_in))) as seconds
                from staff_attendance where organisation_id = ${org} and date between ${first.toISOString().slice(0, 10)}::date and ${last}::date
               group by staff_id)
          insert into payroll_scratch (organisation_id, staff_id, month, salary_type, base_pay, working_days, present_days, base_amount, gross, net, computation)
          select s.organisation_id, s.id, ${month}, s.salary_type, s.base_pay, 26, coalesce(a.present, 0), s.base_pay, s.base_pay, s.base_pay,
                 jsonb_build_array(jsonb_build_object('label', 'Base pay', 'formula', c.name, 'amount', s.base_pay::text))
            from staff s join staff_category c on c.organisation_id = s.organisation_id and c.id = s.category_id
            left join a on a.staff_id = s.id
           where s.organisation_id = ${org} and s.status = 'active'`;
      });
      return performance.now() - t0;
    };

    const firstRun = await generate();
    const refreshes: number[] = [];
    const bases: number[] = [];
    await baseline();
    for (let i = 0; i < RUNS; i++) {
      bases.push(await baseline());
      const r = await generate();
      refreshes.push(r.ms);
      if (r.result.refreshed !== firstRun.result.created)
        throw new Error(`refresh touched ${r.result.refreshed} of ${firstRun.result.created}`);
    }
    const base = median(bases);
    const refresh = median(refreshes);
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(
      `POST pay-roll/generate/ (${firstRun.result.created} drafts made)`.padEnd(58) +
        ` ${firstRun.ms.toFixed(0).padStart(6)} ms   goal < 2000 ms: ${verdict(firstRun.ms < 2000)}`,
    );
    console.log(
      `POST pay-roll/generate/ again (${firstRun.result.created} refreshed, median of ${RUNS})`.padEnd(58) +
        ` ${refresh.toFixed(0).padStart(6)} ms   goal < 2000 ms: ${verdict(refresh < 2000)}`,
    );
    console.log(`bare: the month's facts aggregated and as many rows written`.padEnd(58) + ` ${base.toFixed(0).padStart(6)} ms`);
    console.log(`  generate / bare = ${(firstRun.ms / base).toFixed(1)} (first), ${(refresh / base).toFixed(1)} (refresh)`);
  } finally {
    await app?.close();
    await owner.end();
    await handle.close();
    if (!process.env.BENCH_KEEP) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    else console.log(`kept database ${name}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run directly (not imported by bench/run.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  runPayrollBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });

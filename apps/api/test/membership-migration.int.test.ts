import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, migrationsFolder } from '../src/platform/db/client.js';
import { migrationsUpTo } from './helpers.js';

/**
 * The migration that records whether a visit spent a session (0014): visits from before it are
 * read as the check-in service now writes them — the first visit of a day on a pack spent one; a
 * visit back the same day, a visit on a time membership and an override spent none. Plans keep
 * their freezes with no yearly limit and a shortest freeze of one day.
 */
describe('visits from before spent_session', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-migration-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('marks the first visit of a day on a pack as spent and every other visit as not', async () => {
    const client = await createPglite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo(dir, '0013_books_lock_credit_kept') });
    await client.exec(`
      insert into organisation (subdomain, display_name, account_number, time_zone) values ('old', 'Old Club', 'ARN900001', 'Asia/Kolkata');
      insert into centre (organisation_id, name) values (1, 'Main');
      insert into membership_plan (organisation_id, name, duration_value, duration_unit, sessions, price, freeze_max_times, freeze_max_days)
        values (1, 'Monthly', 1, 'month', null, 1500, 2, 15), (1, 'PT 12', 60, 'day', 12, 9000, 1, 10);
      insert into member (organisation_id, member_code, first_name, gender, phone, centre_id, joined_on)
        values (1, 'MEM-00001', 'Asha', 'female', '9845000001', 1, '2026-03-01'),
               (1, 'MEM-00002', 'Ravi', 'male', '9845000002', 1, '2026-03-01');
      insert into membership (organisation_id, member_id, plan_id, centre_id, label, party, start_date, base_end_date, end_date, price, total, status, sessions_total, sessions_left)
        values (1, 1, 2, 1, 'PT 12 · MEM-00001', 'Asha', '2026-03-01', '2026-04-29', '2026-04-29', 9000, 9000, 'active', 12, 9),
               (1, 2, 1, 1, 'Monthly · MEM-00002', 'Ravi', '2026-03-01', '2026-03-31', '2026-03-31', 1500, 1500, 'active', null, null);
      insert into member_attendance (organisation_id, member_id, membership_id, centre_id, date, check_in, check_out, override)
        values (1, 1, 1, 1, '2026-03-02', '2026-03-02 07:00+05:30', '2026-03-02 08:00+05:30', false),
               (1, 1, 1, 1, '2026-03-02', '2026-03-02 18:00+05:30', '2026-03-02 19:00+05:30', false),
               (1, 1, 1, 1, '2026-03-03', '2026-03-03 07:00+05:30', '2026-03-03 08:00+05:30', true),
               (1, 1, 1, 1, '2026-03-03', '2026-03-03 18:00+05:30', '2026-03-03 19:00+05:30', false),
               (1, 1, null, 1, '2026-03-04', '2026-03-04 07:00+05:30', null, true),
               (1, 2, 2, 1, '2026-03-02', '2026-03-02 07:00+05:30', null, false);
    `);
    await migrate(db, { migrationsFolder: migrationsFolder() });

    const visits = await client.query<{ id: number; spent_session: boolean }>(
      'select id::int, spent_session from member_attendance order by id',
    );
    expect(visits.rows).toEqual([
      { id: 1, spent_session: true }, // the day's first visit on the pack
      { id: 2, spent_session: false }, // back the same day
      { id: 3, spent_session: false }, // an override
      { id: 4, spent_session: true }, // the day's first visit that counted on the pack
      { id: 5, spent_session: false }, // an override without a membership
      { id: 6, spent_session: false }, // a time membership
    ]);
    const plans = await client.query<Record<string, unknown>>(
      'select name, max_freezes_per_year, max_freeze_days_per_year, min_freeze_days from membership_plan order by id',
    );
    expect(plans.rows).toEqual([
      { name: 'Monthly', max_freezes_per_year: null, max_freeze_days_per_year: null, min_freeze_days: 1 },
      { name: 'PT 12', max_freezes_per_year: null, max_freeze_days_per_year: null, min_freeze_days: 1 },
    ]);
    await client.close();
  });
});

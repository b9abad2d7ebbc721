import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type { FastifyInstance } from 'fastify';
import type { Sql } from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import type { Database } from '../src/platform/db/client.js';
import * as schema from '../src/platform/db/schema.js';
import { call, DEMO_HOST, freshDatabase, login, OWNER } from './helpers.js';
import { inDays, portalFacility, requestBody, slotsOn } from './booking-helpers.js';

/**
 * How many SQL statements one booking costs. Every statement is a round trip holding a pooled
 * connection, so a booking's throughput follows this number; the booking itself (checks, slots,
 * client, number, audit row, payment) is three statements. The request path's own statements
 * (the tenant setting, the key and organisation lookups) are not the booking's and are left out.
 */
let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;
const statements: string[] = [];
let owner: string;
let court: { centre: number; facility: number };

const REQUEST_PATH = /set_config\(|auth_token|app_user|"organisation"|from organisation\b/i;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
  const fresh = await freshDatabase({ seeded: true });
  drop = fresh.drop;
  // The same connection(s) as the test database, through a drizzle instance that logs each statement.
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const client = (fresh.handle.db as unknown as { $client: unknown }).$client;
  const db = (fresh.handle.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzlePostgres(client as Sql, { schema, logger })) as unknown as Database;
  app = await buildApp({ config, db, mailer: { send: async () => undefined }, logger: false });
  await app.ready();
  owner = await login(app, OWNER);
  court = await portalFacility(app);
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function counted(work: () => Promise<{ statusCode: number; body: string }>) {
  statements.length = 0;
  const res = await work();
  expect(res.statusCode, res.body).toBe(201);
  // The notification `notify()` raises reads app_user too, but it is the booking's own statement.
  return statements.filter((s) => !REQUEST_PATH.test(s) || /insert into notification/.test(s));
}

describe('statements per booking', () => {
  it('books from the portal in three statements, and raises its notifications in a fourth', async () => {
    const date = inDays(12);
    const free = (await slotsOn(app, court.facility, date)).filter((s) => s.booking_status === 'available');
    // Warm the organisation cache and the prepared paths first.
    await call(app, { method: 'POST', url: '/api/public/bookings/', payload: requestBody(court.centre, court.facility, date, [free[0]]) });
    const booking = await counted(() =>
      call(app, {
        method: 'POST',
        url: '/api/public/bookings/',
        host: DEMO_HOST,
        payload: requestBody(court.centre, court.facility, date, free.slice(1, 3), { mobile_no: '9000012121' }),
      }),
    );
    // Three for the booking, and one for its notifications (issue 22: every recipient in one statement).
    expect(booking.length, booking.join('\n\n')).toBeLessThanOrEqual(4);
    expect(booking.filter((s) => /insert into notification/.test(s))).toHaveLength(1);
  });

  it('books at the desk with a payment in three statements', async () => {
    const date = inDays(13);
    const free = (await slotsOn(app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const modes = (await call(app, { method: 'GET', url: '/api/administrator/payment-mode/dropdown/', token: owner })).json().results;
    const body = (slot: number, mobile: string) => ({
      facility: court.facility,
      date,
      time_slot_ids: [slot],
      name: 'Walk In',
      mobile_no: mobile,
      discount: '50',
      payment: { amount: '100', payment_mode: modes[0].id },
    });
    await call(app, { method: 'POST', url: '/api/booking/booking/', token: owner, payload: body(free[0].id, '9000013131') });
    const booking = await counted(() =>
      call(app, { method: 'POST', url: '/api/booking/booking/', token: owner, payload: body(free[1].id, '9000014141') }),
    );
    expect(booking.length, booking.join('\n\n')).toBeLessThanOrEqual(3);
  });

  it('finds a walk-in without a phone by e-mail, in the same three statements', async () => {
    const date = inDays(15);
    const free = (await slotsOn(app, court.facility, date)).filter((s) => s.booking_status === 'available');
    const body = (slot: number, email: string) => ({ facility: court.facility, date, time_slot_ids: [slot], name: 'Mail Only', email });
    const first = await call(app, {
      method: 'POST',
      url: '/api/booking/booking/',
      token: owner,
      payload: body(free[0].id, 'mail.only@example.com'),
    });
    expect(first.statusCode, first.body).toBe(201);
    let second: Awaited<ReturnType<typeof call>> | undefined;
    const booking = await counted(async () => {
      second = await call(app, {
        method: 'POST',
        url: '/api/booking/booking/',
        token: owner,
        payload: body(free[1].id, 'Mail.Only@example.com'),
      });
      return second;
    });
    expect(booking.length, booking.join('\n\n')).toBeLessThanOrEqual(3);
    expect(second!.json().client).toBe(first.json().client);
    expect(second!.json()).toMatchObject({ name: 'Mail Only', mobile: '', source: 'desk', payment_status: 'unpaid' });
  });
});

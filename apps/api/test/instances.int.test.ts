import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { connectPostgres, type DatabaseHandle } from '../src/platform/db/client.js';
import { PostgresJobRunner, type Task } from '../src/platform/jobs.js';
import type { Mailer } from '../src/platform/mail.js';
import { inDays, portalFacility, requestBody, slotsOn } from './booking-helpers.js';
import { call, DEMO_HOST, freshDatabase, onPostgres, OWNER } from './helpers.js';

/**
 * Two instances of the app on one PostgreSQL behave as one: caches are invalidated across them,
 * rate limits add up, a schedule fires once, and a queued job outlives the instance that queued it.
 * PostgreSQL only (CI sets TEST_DATABASE_URL): the embedded database has one process by design.
 */
describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  interface Instance {
    app: FastifyInstance;
    handle: DatabaseHandle;
    jobs: PostgresJobRunner;
  }
  let url: string;
  let drop: () => Promise<void>;
  let config: Config;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-instances-'));
  const ran: { task: string; payload: unknown }[] = [];
  const testTasks: Task[] = [
    { name: 'test.tick', run: async (payload) => void ran.push({ task: 'test.tick', payload }) },
    { name: 'test.echo', run: async (payload) => void ran.push({ task: 'test.echo', payload }) },
  ];
  const mailer: Mailer = { send: async () => undefined };
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  const configEnv = () => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    RATE_LIMIT_AUTH_PER_MINUTE: '6',
    LOGIN_MAX_FAILURES: '1000',
  });

  async function instance(): Promise<Instance> {
    const handle = connectPostgres(url, 4);
    const jobs = new PostgresJobRunner(handle.db, handle.appUrl!, { pollIntervalMs: 500 });
    const app = await buildApp({ config, db: handle.db, mailer, logger: false, jobs });
    await app.ready();
    const made = { app, handle, jobs };
    instances.push(made);
    return made;
  }

  async function stop(i: Instance) {
    await i.jobs.stop();
    await i.app.close();
    await i.handle.close();
    instances.splice(instances.indexOf(i), 1);
  }

  beforeAll(async () => {
    const db = await freshDatabase({ seeded: true, poolSize: 1 });
    url = db.url!;
    drop = db.drop;
    config = loadConfig(configEnv());
    a = await instance();
    b = await instance();
  });

  afterAll(async () => {
    for (const i of [...instances]) await stop(i);
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses on B a key that was revoked on A, on the next request, every time', async () => {
    // Twenty rounds: the logout answers only once its notification has been heard, so B's very
    // next request (issued without a pause) can never meet its cached copy of the key.
    for (let round = 0; round < 20; round++) {
      // From an address of its own: twenty logins from one address would meet the per-IP limit.
      const signedIn = await call(a.app, {
        method: 'POST',
        url: '/api/accounts/login/',
        remoteAddress: `10.7.0.${round + 1}`,
        payload: OWNER,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const key = signedIn.json().key as string;
      // B has seen (and cached) the key.
      expect((await call(b.app, { method: 'GET', url: '/api/accounts/user/', token: key })).statusCode).toBe(200);
      expect((await call(a.app, { method: 'POST', url: '/api/accounts/logout/', token: key })).statusCode).toBeLessThan(300);
      const after = await call(b.app, { method: 'GET', url: '/api/accounts/user/', token: key });
      expect(after.statusCode, `round ${round}`).toBe(401);
    }
  });

  it('shows on B the slot a visitor has just booked through A, every time', async () => {
    // Each instance has its own slot cache: only the notification can drop B's.
    const { centre, facility } = await portalFacility(a.app);
    const date = inDays(3);
    const free = (await slotsOn(b.app, facility, date)).filter((s) => s.booking_status === 'available');
    expect(free.length).toBeGreaterThanOrEqual(5);
    for (const [round, slot] of free.entries()) {
      const before = (await slotsOn(b.app, facility, date)).find((s) => s.id === slot.id)!; // cached on B now
      expect(before.booking_status).toBe('available');
      const booked = await call(a.app, {
        method: 'POST',
        url: '/api/public/bookings/',
        host: DEMO_HOST,
        remoteAddress: `10.6.0.${round + 1}`,
        payload: requestBody(centre, facility, date, [slot], { mobile_no: `98765123${String(round).padStart(2, '0')}` }),
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const seenOnB = (await slotsOn(b.app, facility, date)).find((s) => s.id === slot.id)!;
      expect(seenOnB.booking_status, `round ${round}`).not.toBe('available');
    }
  });

  it('adds failed logins from one address through A and B up to one limit', async () => {
    const attempt = (i: Instance) =>
      call(i.app, {
        method: 'POST',
        url: '/api/accounts/login/',
        remoteAddress: '10.9.8.7',
        payload: { email: OWNER.email, password: 'wrong password 1' },
      });
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++) statuses.push((await attempt(a)).statusCode, (await attempt(b)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    // The seventh from that address, on either instance, is over the limit of 6 a minute.
    expect((await attempt(a)).statusCode).toBe(429);
    expect((await attempt(b)).statusCode).toBe(429);
    // Another address is unaffected.
    const other = await call(b.app, {
      method: 'POST',
      url: '/api/accounts/login/',
      remoteAddress: '10.9.8.8',
      payload: { email: OWNER.email, password: 'wrong password 1' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('shares the per-IP limit through Redis when REDIS_URL is set', async () => {
    const redisConfig = loadConfig({ ...configEnv(), REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp({ config: redisConfig, db: a.handle.db, mailer, logger: false });
        await app.ready();
        return app;
      }),
    );
    try {
      // A fresh address each run: the counters live in Redis, not in this test's database.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const attempt = (app: FastifyInstance) =>
        call(app, {
          method: 'POST',
          url: '/api/accounts/login/',
          remoteAddress: ip,
          payload: { email: OWNER.email, password: 'wrong password 2' },
        });
      const statuses: number[] = [];
      for (let n = 0; n < 3; n++) statuses.push((await attempt(apps[0])).statusCode, (await attempt(apps[1])).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
      expect((await attempt(apps[1])).statusCode).toBe(429);
    } finally {
      for (const app of apps) await app.close();
    }
  });

  it('runs a queued job after the instance that queued it is gone', async () => {
    const queuer = await instance();
    await queuer.jobs.add('test.echo', { n: 42 }, { key: 'echo-42' });
    await stop(queuer); // never started its worker: the job is only in the database
    await b.jobs.start({ db: b.handle.db, config, log: b.app.log, mailer }, [...b.app.tasks, ...testTasks], []);
    const deadline = Date.now() + 15_000;
    while (!ran.some((r) => r.task === 'test.echo') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(ran.filter((r) => r.task === 'test.echo')).toEqual([{ task: 'test.echo', payload: { n: 42 } }]);
    await b.jobs.stop();
  });

  it('fires a schedule once per tick however many instances run it', { timeout: 100_000 }, async () => {
    for (const i of [a, b])
      await i.jobs.start(
        { db: i.handle.db, config, log: i.app.log, mailer },
        [...i.app.tasks, ...testTasks],
        [{ task: 'test.tick', cron: '* * * * *' }],
      );
    // Wait past the next minute (cron ticks on the minute), then until the tick has been worked
    // (on a loaded machine that can take a few polls), then a while more so that a second
    // instance's duplicate of that tick, if there were one, would have run too.
    const nextMinute = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    await new Promise((r) => setTimeout(r, nextMinute - Date.now() + 1_000));
    const deadline = Date.now() + 30_000;
    while (!ran.some((r) => r.task === 'test.tick') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 5_000));
    const ticks = ran.filter((r) => r.task === 'test.tick');
    const times = ticks.map((t) => (t.payload as { _cron: { ts: string } })._cron.ts);
    expect(times.length).toBeGreaterThanOrEqual(1);
    expect(new Set(times).size).toBe(times.length); // no tick ran twice
  });
});

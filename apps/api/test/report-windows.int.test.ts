import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DESK, login, onPostgres, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

/**
 * Every report and list of the OpenAPI document, sent extreme date windows (years 0001 and 9999,
 * an end before the start, 100 years) as the front desk and as the owner, answers a 400 at once or
 * a bounded answer — never a walk to year 99,999 (`date_after=9999-12-31` on the dues report
 * answered 105 MB in 10 s, and its XLSX took the process to 3.1 GB) — while another
 * organisation's list keeps answering.
 */
let t: TestContext;
let desk: string;
let owner: string;
let riverside: string;
type Operation = { path: string; params: string[] };
const operations: Operation[] = [];

/** The largest answer a bounded report or page may give here (the demo's biggest report is ~60 kB). */
const MAX_BYTES = 1_000_000;
const DATE_PARAMS = ['date_after', 'date_before', 'from', 'to', 'month'];

beforeAll(async () => {
  t = await createTestApp({}, { poolSize: 6 });
  desk = await login(t.app, DESK);
  owner = await login(t.app, OWNER);
  riverside = await login(t.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
  const doc = (await call(t.app, { method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, item] of Object.entries<Record<string, { parameters?: { name: string; in: string }[] }>>(doc.paths)) {
    const params = (item.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    if (params.some((p) => DATE_PARAMS.includes(p))) operations.push({ path, params });
  }
});
afterAll(async () => t?.close());

/** The extreme windows an operation can be asked, in the spellings it takes. */
function windows(op: Operation): string[] {
  const has = (p: string) => op.params.includes(p);
  const out: string[] = [];
  for (const [start, end] of [
    ['date_after', 'date_before'],
    ['from', 'to'],
  ] as const) {
    if (has(start)) out.push(`${start}=0001-01-01`, `${start}=9999-12-31`, `${start}=1900-01-01`);
    if (has(end)) out.push(`${end}=9999-12-31`, `${end}=2199-12-31`);
    if (has(start) && has(end))
      out.push(`${start}=2026-06-01&${end}=2026-01-01`, `${start}=1926-01-01&${end}=2025-12-31`, `${start}=0001-01-01&${end}=9999-12-31`);
  }
  if (has('month')) out.push('month=9999-12', 'month=0001-01', 'month=99999-01');
  return out;
}

const fill = (path: string) => path.replace(/\{[^}]+\}/g, '1');

describe('extreme date windows on every report and list', () => {
  it('finds the reports and date-filtered lists in the OpenAPI document', () => {
    const paths = operations.map((o) => o.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/member-management/reports/due-amount/',
        '/api/member-management/reports/transaction/',
        '/api/member-management/reports/member/',
        '/api/booking/reports/occupancy/',
        '/api/income-expense/reports/income-expense/',
        '/api/administrator/reports/accounts/gst-summary/',
        '/api/booking/booking/',
      ]),
    );
    expect(operations.length).toBeGreaterThan(25);
  });

  it('answers each with a 400 naming the field, or a bounded answer, as the desk and as the owner', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const token of [desk, owner])
      for (const op of operations)
        for (const query of windows(op))
          for (const format of ['', '&format=csv', '&format=xlsx']) {
            if (format && !op.params.includes('format')) continue;
            const url = `${fill(op.path)}?${query}${format}`;
            const started = performance.now();
            const res = await call(t.app, { method: 'GET', url, token });
            const ms = performance.now() - started;
            if (res.statusCode >= 500) failures.push(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            else if (res.statusCode === 400) {
              refused++;
              const fields = Object.keys(res.json());
              if (!fields.some((f) => DATE_PARAMS.includes(f))) failures.push(`${url}: 400 names ${fields.join(', ')}, not a date field`);
              if (ms > 1_000) failures.push(`${url}: a 400 took ${Math.round(ms)} ms`);
            } else if (res.rawPayload.length > MAX_BYTES) failures.push(`${url}: ${res.statusCode} with ${res.rawPayload.length} bytes`);
          }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(100);
  });

  it('refuses the dues report of year 9999 with the date field, in every format, and the window it may not cover', async () => {
    for (const format of ['', '&format=csv', '&format=xlsx']) {
      const res = await call(t.app, {
        method: 'GET',
        url: `/api/member-management/reports/due-amount/?date_after=9999-12-31${format}`,
        token: desk,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ date_after: ['Enter a date between 1900 and 2199.'] });
    }
    const century = await call(t.app, {
      method: 'GET',
      url: '/api/member-management/reports/due-amount/?date_after=1926-01-01&date_before=2025-12-31',
      token: desk,
    });
    expect(century.statusCode).toBe(400);
    expect(century.json()).toEqual({ date_before: ['A report covers at most 5 years. Choose a shorter date range.'] });
    const inverted = await call(t.app, {
      method: 'GET',
      url: '/api/member-management/reports/due-amount/?from=2026-06-01&to=2026-01-01',
      token: desk,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json()).toEqual({ to: ['The end date must be on or after the start date.'] });
    // A start long ago with no end runs to today only as far as the longest window allows.
    const longAgo = await call(t.app, {
      method: 'GET',
      url: '/api/member-management/reports/due-amount/?date_after=1900-01-01',
      token: desk,
    });
    expect(longAgo.statusCode).toBe(200);
    expect(longAgo.json()).toMatchObject({ from: '1900-01-01', to: '1905-01-01' });
    expect(longAgo.json().rows).toHaveLength(61);
  });

  it.runIf(onPostgres)(
    "keeps another organisation's list within 5 × its quiet p99 (at least 250 ms) while the desk sends extreme windows",
    { timeout: 120_000 },
    async () => {
      const victim = async () => {
        const started = performance.now();
        const res = await call(t.app, { method: 'GET', url: '/api/member-management/member/', host: RIVERSIDE_HOST, token: riverside });
        expect(res.statusCode).toBe(200);
        return performance.now() - started;
      };
      const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)];
      for (let i = 0; i < 10; i++) await victim();
      const quiet: number[] = [];
      for (let i = 0; i < 100; i++) quiet.push(await victim());

      let done = false;
      const heavy = [
        '/api/member-management/reports/due-amount/?date_after=1900-01-01&format=xlsx',
        '/api/member-management/reports/transaction/?date_after=2021-12-01&date_before=2026-11-30&format=csv',
        '/api/member-management/reports/member/?date_after=2021-12-01&date_before=2026-11-30',
        '/api/member-management/reports/due-amount/?date_after=9999-12-31',
      ];
      const attack = Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          for (let round = 0; round < 5; round++) {
            const res = await call(t.app, { method: 'GET', url: heavy[(i + round) % heavy.length], token: desk });
            expect(res.statusCode).toBeLessThan(500);
          }
        }),
      ).finally(() => (done = true));
      const loaded: number[] = [];
      while (!done || loaded.length < 20) loaded.push(await victim());
      await attack;
      expect(p99(loaded)).toBeLessThanOrEqual(Math.max(5 * p99(quiet), 250));
    },
  );
});

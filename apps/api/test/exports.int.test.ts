/** Server-side exports of lists and reports, and the top bar's global search, on the demo data. */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/client.js';
import { displayDate } from '../src/platform/time.js';
import { inDays, today } from './booking-helpers.js';
import { makeUser } from './factories.js';
import { call, createTestApp, DESK, login, OWNER, type TestContext } from './helpers.js';

let t: TestContext;
let owner: string;
let mainCentre: number;

const get = (url: string, token = owner) => call(t.app, { method: 'GET', url, token });

async function workbook(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, sheet: book.worksheets[0] };
}

const headerOf = (sheet: ExcelJS.Worksheet) => (sheet.getRow(2).values as unknown[]).slice(1);

beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, OWNER);
  mainCentre = (await get('/api/administrator/centre/?search=Main')).json().results[0].id;
});
afterAll(async () => t?.close());

describe('list exports', () => {
  it('exports every booking matching the filters, not one page, with names, amounts as numbers and dates as dates', async () => {
    const from = inDays(-14);
    const query = `centre=${mainCentre}&date_after=${from}&ordering=date`;
    const page = (await get(`/api/booking/booking/?${query}&page_size=5`)).json();
    expect(page.count).toBeGreaterThan(5);
    const { res, sheet } = await workbook(`/api/booking/booking/?${query}&format=xlsx`);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bookings-${today()}.xlsx"`);
    const title = String(sheet.getCell('A1').value);
    expect(title).toContain('Bookings');
    expect(title).toContain(`From: ${displayDate(from)}`);
    expect(title).toContain('Center: Main Centre');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    const header = headerOf(sheet);
    expect(header).toEqual(expect.arrayContaining(['Code', 'Date', 'Facility', 'Client', 'Amount', 'Paid', 'Due']));
    // Every matching booking, then the Total row of the money columns.
    expect(sheet.rowCount - 3).toBe(page.count);
    const total = sheet.getRow(sheet.rowCount);
    expect(total.getCell(1).value).toBe('Total');
    const col = (name: string) => header.indexOf(name) + 1;
    const first = sheet.getRow(3);
    expect(first.getCell(col('Code')).value).toBe(page.results[0].code);
    expect(first.getCell(col('Facility')).value).toBe(`${page.results[0].sport_name} - ${page.results[0].facility_name}`);
    expect(first.getCell(col('Amount')).value).toBe(Number(page.results[0].booking_amount));
    // Indian grouping (lakhs, crores) in one format for the column.
    expect(first.getCell(col('Amount')).numFmt).toBe('[>=10000000]##,##,##,##0.00;[>=100000]##,##,##0.00;##,##0.00');
    expect(first.getCell(col('Date')).value).toBeInstanceOf(Date);
    expect((first.getCell(col('Date')).value as Date).toISOString().slice(0, 10)).toBe(page.results[0].date);
    expect(sheet.getColumn(col('Facility')).width).toBeGreaterThanOrEqual(
      `${page.results[0].sport_name} - ${page.results[0].facility_name}`.length,
    );
  });

  it('exports transactions and clients as CSV with the search applied', async () => {
    // The seed's booking client Arjun Nair, by mobile (the demo member Arjun Nair books in the app too).
    const csv = await get('/api/booking/client/?search=9845012345&format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Name,Mobile,E-mail,Bookings,Total,Paid,Due,Client since');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toMatch(/^Arjun Nair,9845012345,arjun.nair@example.com,\d+,\d+\.\d{2},\d+\.\d{2},\d+\.\d{2},/);
    // The Total row repeats the one client's money.
    expect(lines[2]).toBe(`Total,,,,${lines[1].split(',').slice(4, 7).join(',')},`);
    const tx = await get('/api/booking/booking-transaction/?format=csv');
    const rows = tx.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe('Paid on,Booking,Client,Kind,Payment mode,Reference,Amount,Recorded at');
    expect(rows.length - 2).toBe((await get('/api/booking/booking-transaction/')).json().count);
    expect(rows.at(-1)).toMatch(/^Total,,,,,,-?\d+\.\d{2},$/);
  });

  it('names what the log rows are about instead of their ids', async () => {
    const facility = (await get('/api/booking/facility/?search=Turf')).json().results[0];
    const patched = await call(t.app, {
      method: 'PATCH',
      url: `/api/booking/facility/${facility.id}/`,
      token: owner,
      payload: { description: 'Floodlit 5-a-side turf.' },
    });
    expect(patched.statusCode).toBe(200);
    const { sheet } = await workbook('/api/booking/logs/?resource=facility&format=xlsx');
    const header = headerOf(sheet);
    expect(header).toEqual(['When', 'Who', 'Action', 'Record', 'Name', 'IP address']);
    expect(sheet.getRow(3).getCell(5).value).toBe(facility.name);
    expect(sheet.getRow(3).getCell(2).value).toBe(OWNER.email);
    expect(sheet.getRow(3).getCell(1).value).toBeInstanceOf(Date);
  });

  it('refuses an unknown format with a field error', async () => {
    const res = await get('/api/booking/booking/?format=pdf');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['format']);
  });
});

describe('report exports', () => {
  it('exports collections as a pivot: dates down, payment modes across, totals on both', async () => {
    const from = inDays(-7);
    const report = (await get(`/api/booking/reports/booking/transaction/?date_after=${from}`)).json();
    const csv = await get(`/api/booking/reports/booking/transaction/?date_after=${from}&format=csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const modes = report.by_mode.map((m: { payment_mode: string }) => m.payment_mode);
    expect(lines[0]).toBe(['Date', ...modes, 'Refunds', 'Total'].join(','));
    const refunds = report.total.refunded === '0.00' ? '0.00' : `-${report.total.refunded}`;
    expect(lines.at(-1)).toBe(
      ['Total', ...report.by_mode.map((m: { received: string }) => m.received), refunds, report.total.amount].join(','),
    );
    expect(lines).toHaveLength(new Set(report.rows.map((r: { date: string }) => r.date)).size + 2);
  });

  it('exports the booked report with its total row', async () => {
    const report = (await get('/api/booking/reports/booking/?group_by=sport')).json();
    const { sheet } = await workbook('/api/booking/reports/booking/?group_by=sport&format=xlsx');
    expect(String(sheet.getCell('A1').value)).toContain('Center: All Centers');
    expect(headerOf(sheet)).toEqual(['Sport', 'Bookings', 'Slots', 'Amount']);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(4).value).toBe(Number(report.total.amount));
  });
});

describe('global search', () => {
  it('finds bookings by code and clients by name or phone', async () => {
    const { code } = (await get('/api/booking/booking/?page_size=1')).json().results[0];
    const byCode = (await get(`/api/search/?q=${code}`)).json().results;
    expect(byCode[0]).toMatchObject({ kind: 'booking', title: code, path: `/booking/booking?search=${encodeURIComponent(code)}` });
    const byName = (await get('/api/search/?q=arjun')).json().results;
    expect(byName).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'booking_client', title: 'Arjun Nair' })]));
    const byPhone = (await get('/api/search/?q=98450%2012345')).json().results;
    expect(byPhone.some((h: { kind: string; title: string }) => h.kind === 'booking_client' && h.title === 'Arjun Nair')).toBe(true);
  });

  it("shows only what the user's modules allow, and asks for two characters", async () => {
    expect((await get('/api/search/?q=arjun', await login(t.app, DESK))).json().results.length).toBeGreaterThan(0);
    const [{ id }] = await queryRows<{ id: string }>(t.handle.db, sql`select id from organisation where subdomain = 'demo'`);
    const storeOnly = await login(t.app, await makeUser(t, Number(id), { modules: ['Store Management'] }));
    expect((await get('/api/search/?q=arjun', storeOnly)).json().results).toEqual([]);
    expect((await get('/api/search/?q=a')).statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/search/?q=arjun' })).statusCode).toBe(401);
  });
});

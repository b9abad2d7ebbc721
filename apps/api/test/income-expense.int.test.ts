/**
 * Income/Expenses Management: manual entries as ledger movements (JSON and multipart with a
 * bill), corrections and removals by reversal, the whole ledger with its totals, the dashboard
 * and the reports — each figure checked against the movements the test made itself, in
 * organisations of its own.
 */
import { MODULES, shiftDays, signedPaise, UTR_MESSAGE } from '@arena/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIncomeExpense } from '../src/modules/money/income-expense/seed.js';
import { incomeExpense, vendor } from '../src/modules/money/schema.js';
import { ledgerEntry } from '../src/modules/money/schema.js';
import { withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { systemCtx } from '../src/platform/request-context.js';
import { addDays } from '../src/platform/time.js';
import { inOrg, makeCentre, makeOrganisation, makeUser, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ATTACHMENT_ERROR = { attachment: ['The file must be a PDF or an image of at most 5 MB.'] };
const ENTRIES = '/api/income-expense/income-expense/';
const TX = '/api/income-expense/transactions/';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const paise = (v: string) => signedPaise(v) ?? 0;
const rupees = (p: number) => `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
const sum = (values: string[]) => rupees(values.reduce((s, v) => s + paise(v), 0));

/** A multipart/form-data body with text fields and an optional file part named `attachment`. */
function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = '----arena-income-expense';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Books {
  org: TestOrganisation;
  key: string;
  today: string;
  centre: number;
  otherCentre: number;
  upi: number;
  cash: number;
  category: (type: 'income' | 'expense', name: string) => number;
}

let t: TestContext;
let acme: Books;
let other: Books;

/** An organisation with the default categories and payment modes, two centres, and its owner's key. */
async function booksOf(): Promise<Books> {
  const org = await makeOrganisation(t);
  const { centre, otherCentre } = await inOrg(t, org, async (tx, ctx) => {
    return { centre: (await makeCentre(tx, ctx, { name: 'Main Centre' })).id, otherCentre: (await makeCentre(tx, ctx)).id };
  });
  const key = await login(t.app, org.owner, org.host);
  const get = (url: string) => call(t.app, { method: 'GET', url, host: org.host, token: key }).then((r) => r.json());
  const modes = (await get('/api/administrator/payment-mode/dropdown/')).results as { id: number; name: string }[];
  const categories = (await get('/api/income-expense/category/?page_size=100')).results as { id: number; name: string; type: string }[];
  return {
    org,
    key,
    today: org.ctx.now.today,
    centre,
    otherCentre,
    upi: modes.find((m) => m.name === 'UPI')!.id,
    cash: modes.find((m) => m.name === 'Cash')!.id,
    category: (type, name) => categories.find((c) => c.type === type && c.name === name)!.id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await booksOf();
  other = await booksOf();
});
afterAll(async () => t?.close());

const api = (method: Method, url: string, payload?: unknown, b: Books = acme, token: string | null = b.key) =>
  call(t.app, { method, url, host: b.org.host, token, payload: payload as Body });
const upload = (method: 'POST' | 'PATCH', url: string, body: ReturnType<typeof multipart>, b: Books = acme) =>
  call(t.app, { method, url, host: b.org.host, token: b.key, payload: body.payload, headers: body.headers });

/** A valid body: an expense of ₹1,180 (GST 18 %) in Electricity, paid by UPI today. */
const expense = (b: Books, extra: Body = {}): Body => ({
  type: 'expense',
  title: 'Electricity bill',
  category: b.category('expense', 'Electricity'),
  amount: '1180.00',
  gst_rate: 18,
  date: b.today,
  payment_mode: b.upi,
  centre: b.centre,
  ...extra,
});
const income = (b: Books, extra: Body = {}): Body => ({
  type: 'income',
  title: 'Locker rent',
  category: b.category('income', 'Other income'),
  amount: '500.00',
  date: b.today,
  payment_mode: b.cash,
  centre: b.centre,
  ...extra,
});
async function create(body: Body, b: Books = acme) {
  const res = await api('POST', ENTRIES, body, b);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const totals = async (query: string, b: Books = acme) => (await api('GET', `${TX}totals/?${query}`, undefined, b)).json();
const movementsOf = async (entryId: number, b: Books = acme) =>
  (await withTenant(t.handle.db, b.org.id, (tx) =>
    tx
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.sourceType, 'income_expense'), eq(ledgerEntry.sourceId, entryId)))
      .orderBy(ledgerEntry.id),
  )) as (typeof ledgerEntry.$inferSelect)[];

describe('entries', () => {
  it('records an expense and an income, each one movement of the ledger, with the GST split out', async () => {
    const vendor = (
      await api('POST', '/api/income-expense/vendor/', { name: 'Bescom', phone: '9845012345', gstin: '29aaacb6372n1z7' })
    ).json();
    expect(vendor.gstin).toBe('29AAACB6372N1Z7');
    const e = await create(expense(acme, { vendor: vendor.id, reference: 'BESCOM-0425', date: '2025-04-10' }));
    expect(e).toMatchObject({
      type: 'expense',
      title: 'Electricity bill',
      category_name: 'Electricity',
      vendor: vendor.id,
      vendor_name: 'Bescom',
      centre_name: 'Main Centre',
      amount: '1180.00',
      gst_rate: 18,
      gst_amount: '180.00',
      taxable_amount: '1000.00',
      payment_mode_name: 'UPI',
      status: 'active',
      attachment: null,
      created_by_name: 'Test User',
    });
    const i = await create(income(acme, { date: '2025-04-10' }));
    expect(i).toMatchObject({ type: 'income', gst_amount: '0.00', taxable_amount: '500.00', status: 'active' });

    const movements = (await api('GET', `${TX}?date_after=2025-04-10&date_before=2025-04-10&ordering=amount`)).json().results;
    expect(movements).toHaveLength(2);
    expect(movements[0]).toMatchObject({
      id: i.ledger_entry,
      kind: 'receipt',
      direction: 'in',
      type: 'income',
      amount: '500.00',
      module: 'Income/Expenses Management',
      source: { type: 'income_expense', id: i.id, label: 'Locker rent' },
      category_name: 'Other income',
      payment_mode_name: 'Cash',
      recorded_by: 'Test User',
    });
    expect(movements[1]).toMatchObject({
      id: e.ledger_entry,
      kind: 'payment',
      direction: 'out',
      type: 'expense',
      amount: '1180.00',
      party: 'Bescom',
      reference: 'BESCOM-0425',
      category: acme.category('expense', 'Electricity'),
      centre_name: 'Main Centre',
    });
    expect(await totals('date_after=2025-04-10&date_before=2025-04-10')).toEqual({
      count: 2,
      income: '500.00',
      expense: '1180.00',
      net: '-680.00',
      held: '0.00',
    });
    expect(await totals('date_after=2025-04-10&date_before=2025-04-10&type=expense')).toEqual({
      count: 1,
      income: '0.00',
      expense: '1180.00',
      net: '-1180.00',
      held: '0.00',
    });
    expect((await totals('date_after=2025-04-10&date_before=2025-04-10&search=bescom')).count).toBe(1);
    expect((await api('GET', `${ENTRIES}${e.id}/`)).json()).toEqual(e);
    const logs = (await api('GET', `/api/income-expense/logs/?resource=income_expense&search=${e.id}`)).json().results;
    expect(logs.find((l: Body) => l.object_id === String(e.id))).toMatchObject({ action: 'create', object_label: 'Electricity bill' });
  });

  it('takes multipart with a PDF bill, and serves it back only to the organisation’s users with the module', async () => {
    const body = multipart(
      {
        type: 'expense',
        title: '',
        category: String(acme.category('expense', 'Maintenance')),
        vendor: '',
        centre: String(acme.centre),
        amount: '2360',
        gst_rate: '18',
        date: acme.today,
        payment_mode: String(acme.upi),
        reference: '',
        notes: 'AC servicing',
      },
      { name: 'invoice 42.pdf', data: PDF, type: 'application/pdf' },
    );
    const res = await upload('POST', ENTRIES, body);
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json();
    expect(e).toMatchObject({
      title: '',
      vendor: null,
      amount: '2360.00',
      gst_amount: '360.00',
      attachment: `${ENTRIES}${e.id}/attachment/`,
      attachment_name: 'invoice 42.pdf',
    });
    const file = await api('GET', e.attachment);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="invoice 42\.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Not on the public uploads path, not without a key, not to another organisation or a user without the module.
    expect((await api('GET', e.attachment, undefined, acme, null)).statusCode).toBe(401);
    expect((await api('GET', e.attachment, undefined, other)).statusCode).toBe(404);
    const restricted = await login(
      t.app,
      await makeUser(t, acme.org.id, { modules: MODULES.filter((m) => m !== 'Income/Expenses Management') }),
      acme.org.host,
    );
    expect((await api('GET', e.attachment, undefined, acme, restricted)).statusCode).toBe(403);

    // An image is shown inline, with the type its bytes are.
    const png = await upload(
      'PATCH',
      `${ENTRIES}${e.id}/`,
      multipart({ notes: 'AC servicing' }, { name: 'photo.jpg', data: PNG, type: 'image/jpeg' }),
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json()).toMatchObject({ attachment_name: 'photo.jpg', ledger_entry: e.ledger_entry, amount: '2360.00' });
    const image = await api('GET', e.attachment);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="photo\.png"/);
    // Removing the bill.
    expect((await api('PATCH', `${ENTRIES}${e.id}/`, { attachment: null })).json()).toMatchObject({
      attachment: null,
      attachment_name: '',
    });
    expect((await api('GET', e.attachment)).statusCode).toBe(404);
  });

  it('refuses a file that is not a PDF or an image, or is over 5 MB, writing nothing; takes one over the images’ 2 MB', async () => {
    const count = async () => (await api('GET', `${ENTRIES}?page_size=1`)).json().count;
    const before = await count();
    const fields = {
      type: 'expense',
      category: String(acme.category('expense', 'Other')),
      amount: '100',
      date: acme.today,
      payment_mode: String(acme.cash),
    };
    const text = await upload(
      'POST',
      ENTRIES,
      multipart(fields, { name: 'bill.pdf', data: Buffer.from('just some text'), type: 'application/pdf' }),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(ATTACHMENT_ERROR);
    const html = await upload(
      'POST',
      ENTRIES,
      multipart(fields, { name: 'x.png', data: Buffer.from('<html><script>'), type: 'image/png' }),
    );
    expect(html.json()).toEqual(ATTACHMENT_ERROR);
    const huge = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const big = await upload('POST', ENTRIES, multipart(fields, { name: 'big.pdf', data: huge, type: 'application/pdf' }));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual(ATTACHMENT_ERROR);
    expect(await count()).toBe(before);
    const scan = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024)]);
    const ok = await upload('POST', ENTRIES, multipart(fields, { name: 'scan.pdf', data: scan, type: 'application/pdf' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await api('GET', ok.json().attachment)).rawPayload.length).toBe(scan.length);
  });

  it('checks the category’s type and every reference against the organisation', async () => {
    const wrongType = await api('POST', ENTRIES, expense(acme, { category: acme.category('income', 'Other income') }));
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json())).toEqual(['category']);
    expect(wrongType.json().category[0]).toMatch(/income category; choose an expense category/);

    const theirVendor = (await api('POST', '/api/income-expense/vendor/', { name: 'Their vendor' }, other)).json().id;
    const foreign = await api(
      'POST',
      ENTRIES,
      expense(acme, {
        category: other.category('expense', 'Electricity'),
        vendor: theirVendor,
        centre: other.centre,
        payment_mode: other.upi,
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      category: [`Invalid pk "${other.category('expense', 'Electricity')}" - object does not exist.`],
      vendor: [`Invalid pk "${theirVendor}" - object does not exist.`],
      centre: [`Invalid pk "${other.centre}" - object does not exist.`],
      payment_mode: [`Invalid pk "${other.upi}" - object does not exist.`],
    });
    const bad = await api('POST', ENTRIES, expense(acme, { amount: '0', gst_rate: 7, date: '2025-02-30' }));
    expect(Object.keys(bad.json()).sort()).toEqual(['amount', 'date', 'gst_rate']);
    // A day ahead at most: tomorrow is taken, the day after is refused and writes nothing.
    const before = (await api('GET', `${ENTRIES}?page_size=1`)).json().count;
    const ahead = await api('POST', ENTRIES, expense(acme, { date: shiftDays(acme.today, 2) }));
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json()).toEqual({ date: ['A movement can be dated at most one day ahead.'] });
    expect((await api('GET', `${ENTRIES}?page_size=1`)).json().count).toBe(before);
    expect((await api('POST', ENTRIES, expense(acme, { date: shiftDays(acme.today, 1) }))).statusCode).toBe(201);

    const theirs = await create(expense(other), other);
    for (const [method, url, body] of [
      ['GET', `${ENTRIES}${theirs.id}/`, undefined],
      ['PATCH', `${ENTRIES}${theirs.id}/`, { amount: '1.00' }],
      ['POST', `${ENTRIES}${theirs.id}/reverse/`, { reason: 'Mine now' }],
      ['GET', `${ENTRIES}${theirs.id}/attachment/`, undefined],
      ['POST', `${TX}${theirs.ledger_entry}/reverse/`, { reason: 'Mine now' }],
    ] as const)
      expect((await api(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await api('GET', `${ENTRIES}${theirs.id}/`, undefined, other)).json()).toMatchObject({ status: 'active', amount: '1180.00' });
  });

  it('keeps what the books hold fixed: a change to amount, type, date, mode, category, centre or GST is a 400 naming it', async () => {
    const date = '2025-05-05';
    const e = await create(expense(acme, { date, amount: '1000.00', gst_rate: 0, title: 'Printer paper' }));
    const fixed = 'This cannot be changed once the entry is recorded; remove the entry (it is reversed) and record it again.';
    const attempts: [Body, string[]][] = [
      [{ amount: '1.00' }, ['amount']],
      [{ amount: '1200.00', gst_rate: 12 }, ['amount', 'gst_rate']],
      [{ type: 'income', category: acme.category('income', 'Other income') }, ['type', 'category']],
      [{ date: acme.today }, ['date']],
      [{ payment_mode: acme.cash }, ['payment_mode']],
      [{ centre: null }, ['centre']],
      // With a harmless change beside it: still refused, and the harmless one not kept either.
      [{ notes: 'changed', amount: '999.00' }, ['amount']],
    ];
    for (const [body, fields] of attempts) {
      const res = await api('PATCH', `${ENTRIES}${e.id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(Object.fromEntries(fields.map((f) => [f, [fixed]])));
    }
    const unchanged = (await api('GET', `${ENTRIES}${e.id}/`)).json();
    expect(unchanged).toMatchObject({ amount: '1000.00', gst_rate: 0, date, notes: '', ledger_entry: e.ledger_entry, status: 'active' });
    expect((await movementsOf(e.id)).map((m) => [m.kind, m.amount])).toEqual([['payment', '1000.00']]);

    // The same values in another form are no change; what the books do not hold may change, the movement stays.
    expect((await api('PATCH', `${ENTRIES}${e.id}/`, { amount: '1000', gst_rate: 0 })).statusCode).toBe(200);
    const edited = await api('PATCH', `${ENTRIES}${e.id}/`, { title: 'A4 paper', reference: 'INV-77', notes: 'For the office' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'A4 paper', reference: 'INV-77', notes: 'For the office', ledger_entry: e.ledger_entry });
    expect((await movementsOf(e.id)).map((m) => m.kind)).toEqual(['payment']);

    // The way to put an amount right: remove the entry and record it again.
    expect((await api('POST', `${ENTRIES}${e.id}/reverse/`, { reason: 'Amount was 1,200' })).statusCode).toBe(200);
    await create(expense(acme, { date, amount: '1200.00', gst_rate: 0, title: 'Printer paper again' }));
    expect(await totals(`date_after=${date}&date_before=${acme.today}&search=Printer`)).toMatchObject({ expense: '1200.00' });

    const logs = (await api('GET', `/api/income-expense/logs/?resource=income_expense&search=${e.id}`)).json().results;
    expect(logs.filter((l: Body) => l.object_id === String(e.id)).map((l: Body) => l.action)).toEqual(['delete', 'update', 'create']);
  });

  it('removes an entry by a reversal: the entry reads reversed, the totals come back, and it cannot be changed again', async () => {
    const date = '2025-06-06';
    const e = await create(expense(acme, { date, amount: '4500.00', title: 'Marketing flyers' }));
    expect(await totals(`date_after=${date}&date_before=${date}`)).toMatchObject({ count: 1, expense: '4500.00' });
    const removed = await api('POST', `${ENTRIES}${e.id}/reverse/`, { reason: 'Entered twice' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: e.id, status: 'reversed', ledger_entry: e.ledger_entry });
    expect(await totals(`date_after=${date}&date_before=${acme.today}&search=flyers`)).toMatchObject({
      count: 2,
      expense: '0.00',
      net: '0.00',
    });
    const active = (await api('GET', `${ENTRIES}?search=flyers`)).json();
    expect(active.count).toBe(0);
    const reversed = (await api('GET', `${ENTRIES}?search=flyers&status=reversed`)).json();
    expect(reversed.results.map((x: Body) => x.id)).toEqual([e.id]);

    const again = await api('POST', `${ENTRIES}${e.id}/reverse/`, { reason: 'Again' });
    expect(again.statusCode).toBe(400);
    expect((await api('PATCH', `${ENTRIES}${e.id}/`, { amount: '1.00' })).statusCode).toBe(400);
    expect((await api('POST', `${ENTRIES}${e.id}/reverse/`, { reason: '' })).statusCode).toBe(400);
    expect((await movementsOf(e.id)).map((m) => [m.kind, m.notes])).toEqual([
      ['payment', ''],
      ['reversal', 'Entered twice'],
    ]);
  });

  it('refuses an income whose UPI reference (UTR) is already recorded', async () => {
    await create(income(acme, { reference: '512345678901' }));
    const count = (await api('GET', `${ENTRIES}?page_size=1`)).json().count;
    const dup = await api('POST', ENTRIES, income(acme, { reference: '512345678901', amount: '900.00' }));
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ reference: [UTR_MESSAGE] });
    expect((await api('GET', `${ENTRIES}?page_size=1`)).json().count).toBe(count);
    // An expense is not a receipt: the UTR index does not apply; nor across organisations.
    await create(expense(acme, { reference: '512345678901' }));
    await create(income(other, { reference: '512345678901' }), other);
  });

  it('lists entries with filters, search, ordering and an export', async () => {
    const rent = acme.category('expense', 'Rent');
    const day = '2025-07-01';
    await create(expense(acme, { category: rent, amount: '85000', date: day, title: 'Rent July', centre: acme.otherCentre }));
    await create(expense(acme, { category: rent, amount: '85000', date: '2025-08-01', title: 'Rent August', notes: 'Paid late' }));
    const list = (await api('GET', `${ENTRIES}?category=${rent}&ordering=date`)).json();
    expect(list.results.map((x: Body) => x.title)).toEqual(['Rent July', 'Rent August']);
    expect((await api('GET', `${ENTRIES}?category=${rent}&centre=${acme.otherCentre}`)).json().count).toBe(1);
    expect((await api('GET', `${ENTRIES}?date_after=2025-07-15&date_before=2025-08-15&type=expense`)).json().results).toHaveLength(1);
    expect((await api('GET', `${ENTRIES}?search=Paid%20late`)).json().results[0].title).toBe('Rent August');
    expect((await api('GET', `${ENTRIES}?type=income&category=${rent}`)).json().count).toBe(0);
    expect((await api('GET', `${ENTRIES}?status=gone`)).statusCode).toBe(400);
    const csv = await api('GET', `${ENTRIES}?category=${rent}&ordering=date&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Date,Type,Title,Category,Vendor,Center,Payment mode,Reference,Amount/);
    // Two entries and the Total row of their amounts and GST.
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^Total,/);
  });
});

describe('transactions', () => {
  it('reverses any movement with a reason; the entry reads reversed; a reversal cannot be reversed', async () => {
    const e = await create(income(acme, { amount: '750.00', title: 'Sponsorship', date: '2025-09-09' }));
    const res = await api('POST', `${TX}${e.ledger_entry}/reverse/`, { reason: 'Cheque bounced' });
    expect(res.statusCode, res.body).toBe(201);
    const reversal = res.json();
    expect(reversal).toMatchObject({
      kind: 'reversal',
      direction: 'out',
      type: 'income',
      amount: '750.00',
      reversal_of: e.ledger_entry,
      notes: 'Cheque bounced',
      source: { type: 'income_expense', id: e.id },
    });
    expect((await api('GET', `${ENTRIES}${e.id}/`)).json().status).toBe('reversed');
    const original = (await api('GET', `${TX}?search=Sponsorship&kind=receipt`)).json().results[0];
    expect(original.reversed_by).toBe(reversal.id);
    expect((await api('POST', `${TX}${e.ledger_entry}/reverse/`, { reason: 'Again' })).statusCode).toBe(400);
    expect((await api('POST', `${TX}${reversal.id}/reverse/`, { reason: 'Undo' })).statusCode).toBe(400);
    expect((await api('POST', `${TX}99999999/reverse/`, { reason: 'Nothing' })).statusCode).toBe(404);
    expect(await totals('search=Sponsorship')).toEqual({ count: 2, income: '0.00', expense: '0.00', net: '0.00', held: '0.00' });
  });

  it('filters by kind, direction, module, mode, centre and category, with totals of the same rows, and exports', async () => {
    const day = '2025-10-10';
    await create(expense(acme, { date: day, amount: '300.00', centre: acme.otherCentre }));
    await create(income(acme, { date: day, amount: '1000.00', payment_mode: acme.upi }));
    const q = `date_after=${day}&date_before=${day}`;
    const ids = async (extra: string) =>
      (await api('GET', `${TX}?${q}&${extra}`)).json().results.map((r: { amount: string }) => r.amount) as string[];
    expect(await ids('direction=in')).toEqual(['1000.00']);
    expect(await ids('kind=payment')).toEqual(['300.00']);
    expect(await ids(`centre=${acme.otherCentre}`)).toEqual(['300.00']);
    expect(await ids(`payment_mode=${acme.upi}&ordering=-amount`)).toEqual(['1000.00', '300.00']);
    expect(await ids(`category=${acme.category('income', 'Other income')}`)).toEqual(['1000.00']);
    expect(await ids('module=Booking%20Management')).toEqual([]);
    expect((await api('GET', `${TX}?module=Nope`)).statusCode).toBe(400);
    expect((await api('GET', `${TX}?ordering=party`)).statusCode).toBe(400);
    expect(await totals(`${q}&payment_mode=${acme.upi}`)).toEqual({
      count: 2,
      income: '1000.00',
      expense: '300.00',
      net: '700.00',
      held: '0.00',
    });
    expect(await totals(`${q}&direction=out`)).toEqual({ count: 1, income: '0.00', expense: '300.00', net: '-300.00', held: '0.00' });
    const csv = await api('GET', `${TX}?${q}&ordering=amount&format=csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Date,Kind,Type,Module,Source,Party,Category,Center,Payment mode,Reference,Invoice,Amount/);
    expect(lines[1]).toContain(',-300.00,');
    expect(lines[2]).toContain(',1000.00,');
  });
});

/** The first day of the month `n` months before today's. */
const monthStart = (today: string, n: number) => {
  const [y, m] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 10);
};

describe('dashboard and reports', () => {
  let b: Books;
  const made: { date: string; type: 'income' | 'expense'; amount: string; category: string; centre: number }[] = [];
  beforeAll(async () => {
    b = await booksOf();
    const today = b.today;
    const thisMonth = monthStart(today, 0);
    const lastMonth = addDays(monthStart(today, 1), 9);
    const fiveAgo = addDays(monthStart(today, 5), 14);
    const longAgo = addDays(monthStart(today, 13), 2);
    const plan = [
      { date: today, type: 'expense', amount: '1180.00', category: 'Electricity', centre: b.centre },
      { date: thisMonth, type: 'expense', amount: '85000.00', category: 'Rent', centre: b.centre },
      { date: thisMonth, type: 'income', amount: '6000.00', category: 'Other income', centre: b.otherCentre },
      { date: today, type: 'income', amount: '250.50', category: 'Other income', centre: b.centre },
      { date: lastMonth, type: 'expense', amount: '240000.00', category: 'Salaries', centre: b.centre },
      { date: lastMonth, type: 'income', amount: '50000.00', category: 'Other income', centre: b.centre },
      { date: fiveAgo, type: 'expense', amount: '72400.00', category: 'Equipment', centre: b.otherCentre },
      { date: longAgo, type: 'expense', amount: '999.00', category: 'Other', centre: b.centre },
    ] as const;
    for (const p of plan) {
      const body = p.type === 'income' ? income(b) : expense(b, { gst_rate: 0 });
      await create({ ...body, date: p.date, amount: p.amount, category: b.category(p.type, p.category), centre: p.centre, title: '' }, b);
      made.push({ ...p });
    }
    // A removed entry counts nowhere.
    const gone = await create(expense(b, { amount: '777.00' }), b);
    await api('POST', `${ENTRIES}${gone.id}/reverse/`, { reason: 'Wrong' }, b);
  });
  const within = (from: string, to: string, centre?: number) =>
    made.filter((m) => m.date >= from && m.date <= to && (centre === undefined || m.centre === centre));
  const side = (rows: typeof made, type: 'income' | 'expense') => sum(rows.filter((r) => r.type === type).map((r) => r.amount));
  const monthEnd = (first: string) => addDays(monthStart(addDays(first, 40), 0), -1);

  it('shows this month against last, twelve months oldest first, expenses by category and the latest movements', async () => {
    const res = await api('GET', '/api/income-expense/dashboard/', undefined, b);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    const first = monthStart(b.today, 0);
    const now = within(first, monthEnd(first));
    expect(d.this_month).toEqual({
      month: first.slice(0, 7),
      income: side(now, 'income'),
      expense: side(now, 'expense'),
      net: rupees(paise(side(now, 'income')) - paise(side(now, 'expense'))),
    });
    const last = within(monthStart(b.today, 1), addDays(first, -1));
    expect(d.last_month).toMatchObject({
      month: monthStart(b.today, 1).slice(0, 7),
      income: '50000.00',
      expense: '240000.00',
      net: '-190000.00',
    });
    expect(side(last, 'expense')).toBe('240000.00');
    expect(d.monthly.map((m: Body) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthStart(b.today, 11 - i).slice(0, 7)));
    expect(d.monthly[6]).toMatchObject({ month: monthStart(b.today, 5).slice(0, 7), expense: '72400.00', income: '0.00' });
    // Every month equals the ledger's totals for it.
    for (const m of d.monthly.slice(-3)) {
      const from = `${m.month}-01`;
      const tot = await totals(`date_after=${from}&date_before=${monthEnd(from)}`, b);
      expect({ income: m.income, expense: m.expense, net: m.net }).toEqual({ income: tot.income, expense: tot.expense, net: tot.net });
    }
    expect(d.expense_by_category).toEqual(
      expect.arrayContaining([
        { category: 'Rent', amount: '85000.00' },
        // the removed ₹777 bill and its reversal cancel out
        { category: 'Electricity', amount: '1180.00' },
      ]),
    );
    expect(d.recent.length).toBe(10);
    expect(d.recent[0].date).toBe(b.today);
    expect(d.recent.every((r: Body, i: number) => i === 0 || (r.date as string) <= d.recent[i - 1].date)).toBe(true);

    const centred = (await api('GET', `/api/income-expense/dashboard/?centre=${b.otherCentre}`, undefined, b)).json();
    expect(centred.this_month).toMatchObject({ income: '6000.00', expense: '0.00' });
    expect(centred.recent.every((r: Body) => r.centre === b.otherCentre)).toBe(true);
  });

  it('reports by day, by month, by category and by type, each total the sum of the movements', async () => {
    const from = monthStart(b.today, 1);
    const to = b.today;
    const rows = within(from, to);
    const q = `date_after=${from}&date_before=${to}`;
    const daily = (await api('GET', `/api/income-expense/reports/income-expense/?${q}`, undefined, b)).json();
    expect(daily.rows[0].period).toBe(from);
    expect(daily.rows[daily.rows.length - 1].period).toBe(to);
    expect(daily.total).toEqual({
      income: side(rows, 'income'),
      expense: side(rows, 'expense'),
      net: rupees(paise(side(rows, 'income')) - paise(side(rows, 'expense'))),
    });
    expect(sum(daily.rows.map((r: Body) => r.expense as string))).toBe(daily.total.expense);
    const expensesOnly = (await api('GET', `/api/income-expense/reports/income-expense/?${q}&type=expense`, undefined, b)).json();
    expect(expensesOnly.total).toMatchObject({ income: '0.00', expense: side(rows, 'expense') });

    const monthly = (await api('GET', `/api/income-expense/reports/income-expense/monthly/?${q}`, undefined, b)).json();
    expect(monthly.rows.map((r: Body) => r.period)).toEqual([from.slice(0, 7), to.slice(0, 7)]);
    expect(monthly.total).toEqual(daily.total);

    const byCategory = (await api('GET', `/api/income-expense/reports/income-expense/category/?${q}`, undefined, b)).json();
    expect(byCategory.total).toEqual(daily.total);
    const salaries = byCategory.rows.find((r: Body) => r.category === 'Salaries');
    expect(salaries).toEqual({ type: 'expense', category: 'Salaries', count: 1, amount: '240000.00' });
    const incomeOnly = (await api('GET', `/api/income-expense/reports/income-expense/category/?${q}&type=income`, undefined, b)).json();
    expect(incomeOnly.rows.every((r: Body) => r.type === 'income')).toBe(true);
    expect(incomeOnly.total.income).toBe(side(rows, 'income'));

    const byType = (await api('GET', `/api/income-expense/reports/income-expense/type/?${q}`, undefined, b)).json();
    expect(byType.rows).toEqual([
      { type: 'income', label: 'Income', count: rows.filter((r) => r.type === 'income').length, amount: side(rows, 'income') },
      // the removed entry is two movements (payment and reversal) that cancel out
      { type: 'expense', label: 'Expense', count: rows.filter((r) => r.type === 'expense').length + 2, amount: side(rows, 'expense') },
    ]);
    expect(byType.total).toEqual(daily.total);

    const centred = (
      await api('GET', `/api/income-expense/reports/income-expense/type/?${q}&centre=${b.otherCentre}`, undefined, b)
    ).json();
    expect(centred.total).toMatchObject({ income: side(within(from, to, b.otherCentre), 'income'), expense: '0.00' });

    // Default window: the current month.
    const current = (await api('GET', '/api/income-expense/reports/income-expense/type/', undefined, b)).json();
    expect(current.from).toBe(monthStart(b.today, 0));

    const csv = await api('GET', `/api/income-expense/reports/income-expense/category/?${q}&format=csv`, undefined, b);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/income-expense-category-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain('Salaries');
    const xlsx = await api('GET', `/api/income-expense/reports/income-expense/monthly/?${q}&format=xlsx`, undefined, b);
    expect(xlsx.statusCode).toBe(200);
  });
});

describe('categories and vendors in use, access, and the demo seed', () => {
  it('refuses to delete a category or vendor in use, or to change a used category’s type', async () => {
    const cat = (await api('POST', '/api/income-expense/category/', { name: 'Housekeeping', type: 'expense' })).json();
    const ven = (await api('POST', '/api/income-expense/vendor/', { name: 'Sparkle Cleaners' })).json();
    await create(expense(acme, { category: cat.id, vendor: ven.id }));
    const del = await api('DELETE', `/api/income-expense/category/${cat.id}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toMatch(/used by income\/expense entries.*Mark it inactive instead/);
    const flip = await api('PATCH', `/api/income-expense/category/${cat.id}/`, { type: 'income' });
    expect(flip.statusCode).toBe(400);
    expect(Object.keys(flip.json())).toEqual(['type']);
    expect((await api('PATCH', `/api/income-expense/category/${cat.id}/`, { is_active: false, type: 'expense' })).statusCode).toBe(200);
    expect((await api('DELETE', `/api/income-expense/vendor/${ven.id}/`)).statusCode).toBe(409);
    const unused = (await api('POST', '/api/income-expense/category/', { name: 'Unused', type: 'income' })).json();
    expect((await api('PATCH', `/api/income-expense/category/${unused.id}/`, { type: 'expense' })).json().type).toBe('expense');
    expect((await api('DELETE', `/api/income-expense/category/${unused.id}/`)).statusCode).toBe(204);

    const dropdown = (type: string) =>
      api('GET', `/api/income-expense/category/dropdown/${type ? `?type=${type}` : ''}`).then((r) =>
        r.json().results.map((c: Body) => c.name),
      );
    // Accommodation's deposits are held money (a liability category): no entry's category.
    expect(await dropdown('income')).toEqual(['Accommodation', 'Bookings', 'Deposit deductions', 'Memberships', 'Other income', 'Store']);
    expect(await dropdown('expense')).not.toContain('Housekeeping'); // inactive
    // The defaults, Store Management's Purchases and Stock Written Off, and Accommodation's rent and deposit deductions.
    expect((await dropdown('')).length).toBe(6 + 9);
  });

  it('keeps every route to users allowed Income/Expenses Management', async () => {
    const restricted = await login(
      t.app,
      await makeUser(t, acme.org.id, { modules: MODULES.filter((m) => m !== 'Income/Expenses Management') }),
      acme.org.host,
    );
    const allowed = await login(t.app, await makeUser(t, acme.org.id, { modules: ['Income/Expenses Management'] }), acme.org.host);
    const e = await create(expense(acme));
    const routes: [Method, string, Body?][] = [
      ['GET', ENTRIES],
      ['POST', ENTRIES, expense(acme)],
      ['GET', `${ENTRIES}${e.id}/`],
      ['PATCH', `${ENTRIES}${e.id}/`, { notes: 'x' }],
      ['POST', `${ENTRIES}${e.id}/reverse/`, { reason: 'x' }],
      ['GET', TX],
      ['GET', `${TX}totals/`],
      ['POST', `${TX}${e.ledger_entry}/reverse/`, { reason: 'x' }],
      ['GET', '/api/income-expense/dashboard/'],
      ['GET', '/api/income-expense/reports/income-expense/'],
      ['GET', '/api/income-expense/reports/income-expense/monthly/'],
      ['GET', '/api/income-expense/reports/income-expense/category/'],
      ['GET', '/api/income-expense/reports/income-expense/type/'],
      ['GET', '/api/income-expense/logs/'],
      ['GET', '/api/income-expense/category/'],
      ['GET', '/api/income-expense/category/dropdown/'],
      ['GET', '/api/income-expense/vendor/dropdown/'],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(method, url, body, acme, restricted)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(method, url, undefined, acme, null)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await api('GET', '/api/income-expense/dashboard/', undefined, acme, allowed)).statusCode).toBe(200);
    expect((await api('GET', `${ENTRIES}${e.id}/`, undefined, acme, allowed)).json().status).toBe('active');
  });

  it('seeds the demo organisation with vendors and months of entries, each a movement, once', async () => {
    const [demo] = await t.handle.db.select().from(organisation).where(eq(organisation.subdomain, 'demo'));
    const ctx = systemCtx(t.config, demo, 'seed');
    const read = () =>
      withTenant(t.handle.db, demo.id, async (tx) => ({
        vendors: await tx.select().from(vendor),
        entries: await tx.select().from(incomeExpense),
        movements: await tx.select().from(ledgerEntry).where(eq(ledgerEntry.sourceType, 'income_expense')),
      }));
    const seeded = await read();
    expect(seeded.vendors.map((v) => v.name)).toEqual(
      expect.arrayContaining(['Bescom', 'Sri Lakshmi Properties', 'Decathlon Sports India', 'CoolAir Services', 'Instamedia Ads']),
    );
    expect(seeded.entries.length).toBeGreaterThan(10);
    expect(seeded.entries.every((e) => e.date <= ctx.now.today && e.ledgerEntryId !== null)).toBe(true);
    expect(seeded.movements).toHaveLength(seeded.entries.length);
    expect(seeded.entries.filter((e) => e.title.startsWith('Rent')).every((e) => e.amount === '85000.00' && e.date.endsWith('-01'))).toBe(
      true,
    );
    expect(seeded.entries.some((e) => e.type === 'income')).toBe(true);
    await withTenant(t.handle.db, demo.id, (tx) => seedIncomeExpense(tx, ctx));
    expect((await read()).entries).toHaveLength(seeded.entries.length);
  });
});

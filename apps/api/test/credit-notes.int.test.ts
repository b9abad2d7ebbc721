/**
 * Issue 19 §2, §4 and §5: an issued invoice is never voided (every cancellation issues a credit
 * note, counted in the month it is issued); the section 34(2) deadline for credit notes; a
 * reversal and a credit note on one sale settle to one truth; and closed books.
 */
import { shiftDays, signedPaise } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMode } from '../src/modules/administrator/schema.js';
import { invoice } from '../src/modules/money/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { inOrg, makeCentre, makeFacility, makeOrganisation, makePlan, makeSport, makeUser, type TestOrganisation } from './factories.js';
import { inDays, slotsOn } from './booking-helpers.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const MM = '/api/member-management';
const paise = (v: string) => signedPaise(v) ?? 0;

let t: TestContext;
let org: TestOrganisation;
let key: string;
let today: string;
let centre: number;
let cash: number;
let monthly: number;
let service: number;
let phoneSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  const made = await inOrg(t, org, async (tx, ctx) => {
    // A registered organisation: its invoices carry CGST + SGST.
    await tx
      .update(organisation)
      .set({ gstin: '29AAHCD1234K1ZL', state: 'Karnataka', legalName: 'Books Club Pvt Ltd' })
      .where(eq(organisation.id, ctx.organisationId));
    const modes = await tx.select().from(paymentMode).where(eq(paymentMode.organisationId, ctx.organisationId));
    const c = await makeCentre(tx, ctx, { state: 'Karnataka' });
    const plan = await makePlan(tx, ctx, { name: 'Monthly', price: '1180.00' });
    return { today: ctx.now.today, centre: c.id, cash: modes.find((m) => m.name === 'Cash')!.id, monthly: plan.id };
  });
  ({ today, centre, cash, monthly } = made);
  key = await login(t.app, org.owner, org.host);
  const s = await api('POST', `${MM}/service/`, { name: 'Locker', price: '100.00', duration_days: 30, gst_rate: 18, sac_code: '999729' });
  expect(s.statusCode, s.body).toBe(201);
  service = s.json().id;
});
afterAll(async () => t?.close());

const api = (method: Method, url: string, payload?: unknown, token: string | null = key) =>
  call(t.app, { method, url, host: org.host, token, payload: payload as Body });
const invoiceOf = async (id: number) => (await api('GET', `/api/administrator/invoice/${id}/`)).json();

async function member(extra: Body = {}) {
  const res = await api('POST', `${MM}/member/`, {
    first_name: 'Asha',
    last_name: 'Rao',
    gender: 'female',
    phone: `98450${String(++phoneSeq).padStart(5, '0')}`,
    centre,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function sellService(paid?: string) {
  const m = await member();
  const sold = await api('POST', `${MM}/member-service/`, { member: m.id, service, start_date: today });
  expect(sold.statusCode, sold.body).toBe(201);
  if (paid)
    expect(
      (await api('POST', `${MM}/payment-history/`, { member_service: sold.json().id, amount: paid, payment_mode: cash })).statusCode,
    ).toBe(201);
  return sold.json();
}
/** Every invoice's due against its sale's due (a member service's). */
async function reconcile(sale: { id: number; invoice: { id: number } }) {
  const inv = await invoiceOf(sale.invoice.id);
  const own = (await api('GET', `${MM}/member-service/${sale.id}/`)).json();
  expect(inv.due).toBe(own.due);
  return { inv, own };
}

describe('every cancellation issues a credit note; nothing is voided', () => {
  it('credits all of an unpaid sale, and a partly paid membership beyond what was kept, each on its own tax heads', async () => {
    const unpaid = await sellService();
    const cancel = await api('POST', `${MM}/member-service/${unpaid.id}/cancel/`, { reason: 'Sold by mistake' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const inv = await invoiceOf(unpaid.invoice.id);
    expect(inv).toMatchObject({ status: 'cancelled', due: '0.00', total: '100.00', date: today });
    expect(inv.credit_notes).toHaveLength(1);
    const note = await invoiceOf(inv.credit_notes[0].id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      total: '100.00',
      cgst: inv.cgst,
      sgst: inv.sgst,
      igst: '0.00',
      reason: 'Sold by mistake',
    });
    expect(note.against).toMatchObject({ id: inv.id, number: inv.number });

    // A membership of ₹1,180 with ₹590 paid and kept for the days used: the note is for the other ₹590.
    const m = await member({ membership: { plan: monthly, payment: { amount: '590.00', payment_mode: cash, reference: '' } } });
    const ms = m.membership;
    expect((await api('POST', `${MM}/membership/${ms.id}/cancel/`, { reason: 'Moved city' })).statusCode).toBe(200);
    const mInv = await invoiceOf(ms.invoice.id);
    expect(mInv).toMatchObject({ status: 'cancelled', due: '0.00', paid: '590.00' });
    expect(mInv.credit_notes.map((n: { total: string }) => n.total)).toEqual(['590.00']);
  });

  it('counts the invoice in its month and the credit note in the month it is issued', async () => {
    const sale = await sellService();
    // The invoice was issued last month (its row dated back, as if sold then).
    const lastMonth = shiftDays(`${today.slice(0, 7)}-01`, -1);
    await withTenant(t.handle.db, org.ctx.organisationId, (tx) =>
      tx.update(invoice).set({ date: lastMonth }).where(eq(invoice.id, sale.invoice.id)),
    );
    const before = (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${lastMonth.slice(0, 7)}`)).json();
    expect((await api('POST', `${MM}/member-service/${sale.id}/cancel/`, { reason: 'Closed' })).statusCode).toBe(200);
    const after = (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${lastMonth.slice(0, 7)}`)).json();
    // Last month's figures do not move: the cancellation is this month's credit note.
    expect(after.total).toEqual(before.total);
    const note = (await invoiceOf(sale.invoice.id)).credit_notes[0];
    expect(note.date).toBe(today);
  });
});

describe('section 34(2): no credit note after 30 November of the next financial year', () => {
  it('refuses the cancellation with the reason, and cancels without a tax adjustment when asked', async () => {
    const sale = await sellService('40.00');
    // A supply of 2024-25: its credit notes were due by 30 Nov 2025.
    await withTenant(t.handle.db, org.ctx.organisationId, (tx) =>
      tx.update(invoice).set({ date: '2025-03-10' }).where(eq(invoice.id, sale.invoice.id)),
    );
    const refused = await api('POST', `${MM}/member-service/${sale.id}/cancel/`, {
      reason: 'Late',
      refund_amount: '40.00',
      payment_mode: cash,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      tax_adjustment: [
        'A credit note for a supply of 2024-25 could not be issued after 30 Nov 2025 (section 34(2) of the CGST Act). ' +
          'Give the money back without a tax adjustment instead: the invoice keeps its tax.',
      ],
    });
    // Nothing changed: not cancelled, nothing refunded, no note.
    expect((await api('GET', `${MM}/member-service/${sale.id}/`)).json()).toMatchObject({ status: 'active', paid: '40.00' });
    expect((await invoiceOf(sale.invoice.id)).credit_notes).toEqual([]);

    const plain = await api('POST', `${MM}/member-service/${sale.id}/cancel/`, {
      reason: 'Late',
      refund_amount: '40.00',
      payment_mode: cash,
      tax_adjustment: false,
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const inv = await invoiceOf(sale.invoice.id);
    // The invoice keeps its tax (no note) and, its sale cancelled, shows no due.
    expect(inv).toMatchObject({ status: 'cancelled', credit_notes: [], due: '0.00', paid: '0.00', total: '100.00' });
  });
});

describe('a reversal and a credit note on one sale settle to one truth', () => {
  it('keeps every invoice due equal to its sale due after each kind of correction', async () => {
    const sale = await sellService('50.00');
    const receipt = (await api('GET', `${MM}/payment-history/?member_service=${sale.id}`)).json().results[0];
    expect((await reconcile(sale)).own.due).toBe('50.00');

    // Cancelled keeping ₹50: the note gives back the other ₹50.
    expect((await api('POST', `${MM}/member-service/${sale.id}/cancel/`, { reason: 'Stopped' })).statusCode).toBe(200);
    let { inv } = await reconcile(sale);
    expect(inv.credit_notes.map((n: { total: string }) => n.total)).toEqual(['50.00']);

    // The ₹50 receipt was a mistake (it never came): reversing it credits the rest, so no supply is left standing.
    const reversed = await api('POST', `/api/income-expense/transactions/${receipt.id}/reverse/`, { reason: 'Cheque bounced' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    ({ inv } = await reconcile(sale));
    expect(inv).toMatchObject({ due: '0.00', paid: '0.00' });
    expect(inv.credit_notes.map((n: { total: string }) => n.total).sort()).toEqual(['50.00', '50.00']);
    // Invoice and notes net to nothing in the GST summary.
    const notes = await Promise.all(inv.credit_notes.map((n: { id: number }) => invoiceOf(n.id)));
    const net = paise(inv.taxable_value) - notes.reduce((s, n) => s + paise(n.taxable_value), 0);
    expect(net).toBe(0);
  });
});

describe('a booking’s invoice due follows the booking’s due through every correction', () => {
  it('after a part payment, a discount, a slot cancelled, a reversed receipt and the cancellation', async () => {
    const court = await inOrg(t, org, async (tx, ctx) => {
      const sport = await makeSport(tx, ctx);
      return (await makeFacility(tx, ctx, { centre, sport: sport.id })).id;
    });
    const free = (await slotsOn(t.app, court, inDays(4), org.host)).filter((x) => x.booking_status === 'available').slice(0, 3);
    const made = await api('POST', '/api/booking/booking/', {
      facility: court,
      date: inDays(4),
      time_slot_ids: free.map((x) => x.id),
      name: 'Rohan Das',
      mobile_no: '9845011122',
      payment: { amount: '500.00', payment_mode: cash, reference: '' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    const check = async (step: string) => {
      const b = (await api('GET', `/api/booking/booking/${id}/`)).json();
      const inv = await invoiceOf(b.invoice.id);
      expect(inv.due, step).toBe(b.due_amount);
      // What the invoice still charges, less what was paid, is what the booking still asks.
      return { b, inv };
    };
    await check('sold, part paid');
    expect((await api('PATCH', `/api/booking/booking/${id}/`, { discount: '100.00' })).statusCode).toBe(200);
    await check('discounted');
    const { b } = await check('discounted');
    const slot = b.time_slots[2];
    const cut = await api('POST', `/api/booking/booking/${id}/cancel-slots/`, { booked_slot_ids: [slot.id], reason: 'Left early' });
    expect(cut.statusCode, cut.body).toBe(200);
    await check('a slot cancelled');
    const receipt = (await api('GET', `/api/booking/booking-transaction/?booking=${id}`))
      .json()
      .results.find((m: { kind: string; reversed_by?: number | null }) => m.kind === 'receipt');
    const reversed = await api('POST', `/api/income-expense/transactions/${receipt.id}/reverse/`, { reason: 'Card charge failed' });
    expect(reversed.statusCode, reversed.body).toBe(201);
    await check('receipt reversed');
    expect((await api('POST', `/api/booking/booking/${id}/cancel/`, { reason: 'Rained off' })).statusCode).toBe(200);
    const { inv } = await check('cancelled');
    expect(inv).toMatchObject({ status: 'cancelled', due: '0.00' });
    // Invoice and notes net to nothing on every tax head.
    const notes = await Promise.all(inv.credit_notes.map((n: { id: number }) => invoiceOf(n.id)));
    for (const head of ['taxable_value', 'cgst', 'sgst', 'total'] as const)
      expect(paise(inv[head]) - notes.reduce((sum, n) => sum + paise(n[head]), 0), head).toBe(0);
  });
});

describe('closed books', () => {
  it('lets the owner close the books up to a day, refuses anything dated on or before it, and reopens', async () => {
    const desk = await makeUser(t, org.ctx.organisationId, { modules: ['Membership Management'] });
    const deskKey = await login(t.app, desk, org.host);
    const yesterday = shiftDays(today, -1);
    expect((await api('GET', '/api/administrator/accounts/close-books/')).json()).toEqual({ books_locked_until: null });
    expect((await api('PUT', '/api/administrator/accounts/close-books/', { books_locked_until: yesterday }, deskKey)).statusCode).toBe(403);
    const future = await api('PUT', '/api/administrator/accounts/close-books/', { books_locked_until: shiftDays(today, 1) });
    expect(future.json()).toEqual({ books_locked_until: ['The books can be closed up to today at most.'] });
    const closed = await api('PUT', '/api/administrator/accounts/close-books/', { books_locked_until: yesterday });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ books_locked_until: yesterday });

    const [y, mo, d] = yesterday.split('-').map(Number);
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][mo - 1];
    const message = `The books are closed up to ${d} ${month} ${y}: choose a later date (or reopen the books in Accounts › Close books).`;
    const categories = (await api('GET', '/api/income-expense/category/?page_size=100')).json().results as {
      id: number;
      name: string;
      type: string;
    }[];
    const expense = {
      type: 'expense',
      title: 'Electricity bill',
      category: categories.find((c) => c.type === 'expense' && c.name === 'Electricity')!.id,
      amount: '1180.00',
      gst_rate: 18,
      payment_mode: cash,
      centre,
    };
    const count = async () => {
      const [row] = await withTenant(t.handle.db, org.ctx.organisationId, (tx) =>
        queryRows<{ n: string }>(tx, sql`select count(*)::text as n from ledger_entry where organisation_id = ${org.ctx.organisationId}`),
      );
      return Number(row.n);
    };
    const entries = await count();
    const old = await api('POST', '/api/income-expense/income-expense/', { ...expense, date: yesterday });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ date: [message] });
    // A payment on a sale, dated into the closed period, is refused the same way.
    const sale = await sellService();
    const late = await api('POST', `${MM}/payment-history/`, {
      member_service: sale.id,
      amount: '10.00',
      payment_mode: cash,
      date: yesterday,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ date: [message] });
    expect(await count()).toBe(entries);
    // Today is open.
    expect((await api('POST', '/api/income-expense/income-expense/', { ...expense, date: today })).statusCode).toBe(201);

    // Reopened: the old date is accepted again.
    expect((await api('PUT', '/api/administrator/accounts/close-books/', { books_locked_until: null })).json()).toEqual({
      books_locked_until: null,
    });
    expect((await api('POST', '/api/income-expense/income-expense/', { ...expense, date: yesterday })).statusCode).toBe(201);
  });
});

describe('manual income with GST is an outward supply', () => {
  it('issues a paid tax invoice for the named buyer, counts it in the GST summary, and credits it when the entry is reversed', async () => {
    const categories = (await api('GET', '/api/income-expense/category/?page_size=100')).json().results as {
      id: number;
      name: string;
      type: string;
    }[];
    const body = {
      type: 'income',
      title: 'Hall hire for a school sports day',
      category: categories.find((c) => c.type === 'income' && c.name === 'Other income')!.id,
      amount: '1180.00',
      gst_rate: 18,
      date: today,
      payment_mode: cash,
      centre,
    };
    const unnamed = await api('POST', '/api/income-expense/income-expense/', body);
    expect(unnamed.json()).toEqual({ buyer_name: ['Name the buyer: income with GST is a sale, and its tax invoice names who bought.'] });
    const month = today.slice(0, 7);
    const before = (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}`)).json().total;
    const created = await api('POST', '/api/income-expense/income-expense/', {
      ...body,
      buyer_name: 'Greenwood High',
      buyer_gstin: '29ABCDE1234F1ZW',
    });
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json();
    expect(entry.invoice.number).toMatch(/^INV\//);
    const inv = await invoiceOf(entry.invoice.id);
    expect(inv).toMatchObject({
      title: 'Tax Invoice',
      status: 'paid',
      due: '0.00',
      total: '1180.00',
      taxable_value: '1000.00',
      cgst: '90.00',
      sgst: '90.00',
      buyer: { name: 'Greenwood High', gstin: '29ABCDE1234F1ZW' },
    });
    const after = (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}`)).json().total;
    expect(paise(after.taxable_value) - paise(before.taxable_value)).toBe(100000);
    expect(paise(after.cgst) + paise(after.sgst) - paise(before.cgst) - paise(before.sgst)).toBe(18000);
    // The buyer is on the invoice: not the entry's to change.
    const rename = await api('PATCH', `/api/income-expense/income-expense/${entry.id}/`, { buyer_name: 'Someone else' });
    expect(rename.statusCode).toBe(400);
    expect(Object.keys(rename.json())).toEqual(['buyer_name']);

    const reversed = await api('POST', `/api/income-expense/income-expense/${entry.id}/reverse/`, { reason: 'Booked twice' });
    expect(reversed.statusCode, reversed.body).toBeLessThan(300);
    const credited = await invoiceOf(entry.invoice.id);
    expect(credited).toMatchObject({ status: 'cancelled', due: '0.00' });
    expect(credited.credit_notes.map((n: { total: string }) => n.total)).toEqual(['1180.00']);
    const net = (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}`)).json().total;
    expect(net.taxable_value).toBe(before.taxable_value);
    expect(net.cgst).toBe(before.cgst);
  });

  it('counts an unregistered organisation’s input GST as part of its expenses (it cannot take it back)', async () => {
    const bare = await makeOrganisation(t);
    const bareKey = await login(t.app, bare.owner, bare.host);
    const as = (method: 'GET' | 'POST', url: string, payload?: Body) =>
      call(t.app, { method, url, host: bare.host, token: bareKey, payload });
    const modes = (await as('GET', '/api/administrator/payment-mode/dropdown/')).json().results as { id: number; name: string }[];
    const categories = (await as('GET', '/api/income-expense/category/?page_size=100')).json().results as {
      id: number;
      name: string;
      type: string;
    }[];
    const made = await as('POST', '/api/income-expense/income-expense/', {
      type: 'expense',
      category: categories.find((c) => c.type === 'expense' && c.name === 'Electricity')!.id,
      amount: '1180.00',
      gst_rate: 18,
      date: bare.ctx.now.today,
      payment_mode: modes[0].id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const today0 = bare.ctx.now.today;
    const pl = (await as('GET', `/api/administrator/reports/accounts/profit-loss/?date_after=${today0}&date_before=${today0}`)).json();
    expect(pl.total.expense).toBe('1180.00');
    expect(pl.total.gst_paid).toBe('0.00');
  });

  it('refuses GST on income for an organisation without a GSTIN', async () => {
    const bare = await makeOrganisation(t);
    const bareKey = await login(t.app, bare.owner, bare.host);
    const get = (url: string) => call(t.app, { method: 'GET', url, host: bare.host, token: bareKey }).then((r) => r.json());
    const modes = (await get('/api/administrator/payment-mode/dropdown/')).results as { id: number; name: string }[];
    const categories = (await get('/api/income-expense/category/?page_size=100')).results as { id: number; name: string; type: string }[];
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/income-expense/income-expense/',
      host: bare.host,
      token: bareKey,
      payload: {
        type: 'income',
        category: categories.find((c) => c.type === 'income')!.id,
        amount: '118.00',
        gst_rate: 18,
        date: bare.ctx.now.today,
        payment_mode: modes[0].id,
        buyer_name: 'Walk-in',
      },
    });
    expect(res.json()).toEqual({ gst_rate: ['The organisation has no GSTIN, so it cannot charge GST: record this income at 0 %.'] });
  });
});

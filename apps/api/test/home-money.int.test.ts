/**
 * Issue 20 §1: the owner's home tells the truth — collections from the one ledger across every
 * module (by mode and by module), and the dues outstanding of members and booking clients.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMode } from '../src/modules/administrator/schema.js';
import { inOrg, makeCentre, makeFacility, makeOrganisation, makePlan, makeSport, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';
import { inDays, slotsOn } from './booking-helpers.js';

let t: TestContext;
let org: TestOrganisation;
let key: string;
let made: { centre: number; other: number; plan: number; court: number; cash: number; upi: number };

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  made = await inOrg(t, org, async (tx, ctx) => {
    const modes = await tx.select().from(paymentMode).where(eq(paymentMode.organisationId, ctx.organisationId));
    const centre = await makeCentre(tx, ctx);
    const other = await makeCentre(tx, ctx);
    const sport = await makeSport(tx, ctx);
    return {
      centre: centre.id,
      other: other.id,
      plan: (await makePlan(tx, ctx, { name: 'Monthly', price: '1500.00' })).id,
      court: (await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id })).id,
      cash: modes.find((m) => m.name === 'Cash')!.id,
      upi: modes.find((m) => m.name === 'UPI')!.id,
    };
  });
  key = await login(t.app, org.owner, org.host);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  call(t.app, { method, url, host: org.host, token: key, payload });
const home = async (centre?: number) => (await api('GET', `/api/income-expense/collections/${centre ? `?centre=${centre}` : ''}`)).json();

describe('the home’s money', () => {
  it('counts every module’s receipts by mode and by module, and the dues of members and booking clients', async () => {
    const empty = await home();
    expect(empty.month.amount).toBe('0.00');
    expect(empty.dues.total).toBe('0.00');

    // A member pays ₹500 of ₹1,500 by UPI; a booking is paid ₹200 in cash and owes the rest.
    const member = await api('POST', '/api/member-management/member/', {
      first_name: 'Meera',
      gender: 'female',
      phone: '9845123400',
      centre: made.centre,
      membership: { plan: made.plan, payment: { amount: '500.00', payment_mode: made.upi, reference: '' } },
    });
    expect(member.statusCode, member.body).toBe(201);
    const free = (await slotsOn(t.app, made.court, inDays(2), org.host)).filter((s) => s.booking_status === 'available');
    const booking = await api('POST', '/api/booking/booking/', {
      facility: made.court,
      date: inDays(2),
      time_slot_ids: [free[0].id],
      name: 'Ravi',
      mobile_no: '9845123401',
      payment: { amount: '200.00', payment_mode: made.cash, reference: '' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const owed = Math.round(Number(booking.json().booking_amount) * 100) - 20000;

    const money = await home();
    for (const period of [money.today, money.month]) {
      expect(period.amount).toBe('700.00');
      expect(period.by_module).toEqual([
        { module: 'Membership Management', amount: '500.00' },
        { module: 'Booking Management', amount: '200.00' },
      ]);
      expect(period.by_mode).toEqual([
        { mode: 'UPI', amount: '500.00' },
        { mode: 'Cash', amount: '200.00' },
      ]);
    }
    // The same figure as the transactions screen with the tile's filters.
    const totals = (
      await api('GET', `/api/income-expense/transactions/totals/?type=income&date_after=${money.month.from}&date_before=${money.month.to}`)
    ).json();
    expect(totals.income).toBe('700.00');

    const dues = Object.fromEntries(money.dues.by_source.map((s: { type: string; amount: string }) => [s.type, s.amount]));
    expect(dues.membership).toBe('1000.00');
    expect(Math.round(Number(dues.booking) * 100)).toBe(owed);
    expect(Math.round(Number(money.dues.total) * 100)).toBe(100000 + owed);

    // Another centre's home has none of it.
    const elsewhere = await home(made.other);
    expect(elsewhere.month.amount).toBe('0.00');
    expect(elsewhere.dues.total).toBe('0.00');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTotals, receive, recordMovement, refund, reverse, type LedgerTotalsRow } from '../src/modules/money/index.js';
import { makeBooking, makeCentre, makeFacility, makeOrganisation, makeSport, inOrg, type TestOrganisation } from './factories.js';
import { createTestApp, type TestContext } from './helpers.js';
import { queryRows } from '../src/platform/db/client.js';

/**
 * `ledgerTotals`, the money module's one read of the ledger for other modules' dashboards and
 * reports: each figure is the sum of the movements it stands for (receipts − refunds, reversals
 * taking back their originals), grouped by day, month, payment mode, category, or an attribute of
 * the sale read from the seller's own tables — and only the organisation's own.
 */
let t: TestContext;
let org: TestOrganisation;
let other: TestOrganisation;
const BOOKING = 'Booking Management';

/** The totals row of a group, without the keys. */
const sums = (r: LedgerTotalsRow | undefined) =>
  r && { receipts: r.receipts, refunds: r.refunds, income: r.income, net: r.net, count: r.count };

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  other = await makeOrganisation(t);
  await inOrg(t, org, async (tx, ctx) => {
    const rows = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from payment_mode where organisation_id = ${ctx.organisationId}`,
    );
    const mode = (name: string) => Number(rows.find((m) => m.name === name)!.id);
    const north = await makeCentre(tx, ctx, { name: 'North' });
    const south = await makeCentre(tx, ctx, { name: 'South' });
    const badminton = await makeSport(tx, ctx, { name: 'Badminton' });
    const football = await makeSport(tx, ctx, { name: 'Football' });
    const court = await makeFacility(tx, ctx, { centre: north.id, sport: badminton.id });
    const turf = await makeFacility(tx, ctx, { centre: south.id, sport: football.id });
    const slot = (f: typeof court) => f.slot_groups[0].time_slots[0].id!;
    const date = '2030-01-07';
    const b1 = await makeBooking(tx, ctx, { facility: court.id, date, slotIds: [slot(court)] });
    const b2 = await makeBooking(tx, ctx, { facility: turf.id, date, slotIds: [slot(turf)] });
    const ref1 = { type: 'booking', id: b1.id };
    const ref2 = { type: 'booking', id: b2.id };
    // January: Cash 300 on the court. February: UPI 50 on the court (reversed later), Cash 200 on the turf, 40 of it refunded.
    await receive(tx, ctx, ref1, { amount: '300.00', paymentMode: mode('Cash'), date: '2026-01-05' });
    const upi = await receive(tx, ctx, ref1, { amount: '50.00', paymentMode: mode('UPI'), date: '2026-02-10' });
    await receive(tx, ctx, ref2, { amount: '200.00', paymentMode: mode('Cash'), date: '2026-02-11' });
    await refund(tx, ctx, ref2, { amount: '40.00', paymentMode: mode('Cash'), reason: 'Rain', date: '2026-02-12' });
    await reverse(tx, ctx, upi.entry.id, 'Bounced', { date: '2026-02-15' });
    // An expense of another module, in February.
    const [rent] = await queryRows<{ id: number }>(
      tx,
      sql`select id from money_category where organisation_id = ${ctx.organisationId} and name = 'Rent' and type = 'expense'`,
    );
    const rentId = Number(rent.id);
    await recordMovement(tx, ctx, {
      kind: 'payment',
      direction: 'out',
      type: 'expense',
      amount: '75.00',
      paymentModeId: mode('Cash'),
      date: '2026-02-01',
      module: 'Income/Expenses Management',
      source: { type: 'income_expense', id: null, label: 'Rent' },
      categoryId: rentId,
    });
  });
  // Another organisation's money never counts.
  await inOrg(t, other, async (tx, ctx) => {
    const centre = await makeCentre(tx, ctx);
    const sport = await makeSport(tx, ctx);
    const f = await makeFacility(tx, ctx, { centre: centre.id, sport: sport.id });
    const b = await makeBooking(tx, ctx, { facility: f.id, date: '2030-01-07', slotIds: [f.slot_groups[0].time_slots[0].id!] });
    const [cash] = await queryRows<{ id: number }>(tx, sql`select id from payment_mode where name = 'Cash'`);
    await receive(tx, ctx, { type: 'booking', id: b.id }, { amount: '111.00', paymentMode: Number(cash.id), date: '2026-02-10' });
  });
});
afterAll(async () => t?.close());

const totals = (q: Parameters<typeof ledgerTotals>[2]) => inOrg(t, org, (tx, ctx) => ledgerTotals(tx, ctx, q));

describe('ledgerTotals', () => {
  it('sums a module’s collections by month, every month present, reversals and refunds taken back', async () => {
    const rows = await totals({ module: BOOKING, from: '2025-12-01', to: '2026-03-31', groupBy: ['month'] });
    expect(rows.map((r) => r.month)).toEqual(['2025-12', '2026-01', '2026-02', '2026-03']);
    expect(sums(rows[0])).toEqual({ receipts: '0.00', refunds: '0.00', income: '0.00', net: '0.00', count: 0 });
    expect(sums(rows[1])).toEqual({ receipts: '300.00', refunds: '0.00', income: '300.00', net: '300.00', count: 1 });
    // 50 + 200 received, the 50 reversed; 40 refunded: 160 net, four rows.
    expect(sums(rows[2])).toEqual({ receipts: '200.00', refunds: '40.00', income: '160.00', net: '160.00', count: 4 });
  });

  it('groups by payment mode and by day', async () => {
    const byMode = await totals({ module: BOOKING, from: '2026-01-01', to: '2026-02-28', groupBy: ['mode'] });
    expect(byMode.map((r) => [r.mode, r.income])).toEqual([
      ['Cash', '460.00'],
      ['UPI', '0.00'],
    ]);
    const byDay = await totals({ module: BOOKING, from: '2026-02-10', to: '2026-02-12', groupBy: ['day'] });
    expect(byDay.map((r) => [r.day, r.income])).toEqual([
      ['2026-02-10', '50.00'],
      ['2026-02-11', '200.00'],
      ['2026-02-12', '-40.00'],
    ]);
  });

  it('shows module income under the category its manifest declares, and expenses under theirs', async () => {
    const rows = await totals({ from: '2026-01-01', to: '2026-02-28', groupBy: ['category'] });
    expect(Object.fromEntries(rows.map((r) => [r.category, [r.income, r.expense]]))).toEqual({
      Bookings: ['460.00', '0.00'],
      Rent: ['0.00', '75.00'],
    });
    const [all] = await totals({ from: '2026-01-01', to: '2026-02-28' });
    expect(all).toMatchObject({ income: '460.00', expense: '75.00', payments: '75.00', net: '385.00', count: 6 });
  });

  it('groups by an attribute of the sale read from the seller’s tables (a booking’s sport), and by centre', async () => {
    const bySport = {
      attribute: {
        booking: sql`select b.id, s.id as key, s.name as label from booking b join facility f on f.organisation_id = b.organisation_id and f.id = b.facility_id
                     join sport s on s.organisation_id = f.organisation_id and s.id = f.sport_id`,
      },
    };
    const rows = await totals({ sources: ['booking'], from: '2026-01-01', to: '2026-02-28', groupBy: [bySport] });
    expect(Object.fromEntries(rows.map((r) => [r.label, [r.income, r.sales]]))).toEqual({
      Badminton: ['300.00', 1],
      Football: ['160.00', 1],
    });
    const south = await inOrg(t, org, async (tx) => {
      const [c] = await queryRows<{ id: number }>(tx, sql`select id from centre where name = 'South'`);
      return Number(c.id);
    });
    const [onlySouth] = await totals({ module: BOOKING, from: '2026-01-01', to: '2026-02-28', centre: south });
    expect(onlySouth).toMatchObject({ income: '160.00', refunds: '40.00' });
  });
});

/**
 * Issue 20 §4: a booking moves to any free slot of a facility of the same sport in its centre
 * (another court), dearer or cheaper. Dearer: the difference is due on the booking and a
 * supplementary invoice (same series, linked to the original, which is never edited) charges it;
 * the desk's Collect clears it, receipts filling the invoices in order. Cheaper: a credit note, the
 * excess kept as credit or refunded as asked. The documents' lines name the slots a change affects
 * (a partial cancel's credit note lists only the cancelled hour). Races: two moves onto one slot —
 * one wins; a move and a collect at once leave the money exact.
 */
import { signedPaise } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMode } from '../src/modules/administrator/schema.js';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { inOrg, makeCentre, makeFacility, makeOrganisation, makeSport, type TestOrganisation } from './factories.js';
import { inDays, slotsOn, type PortalSlot } from './booking-helpers.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

type Body = Record<string, unknown>;
const paise = (v: string) => signedPaise(v) ?? 0;

let t: TestContext;
let org: TestOrganisation;
let other: TestOrganisation;
let key: string;
let otherKey: string;
let cash: number;
/** Court A (₹400 mornings), Court B (same sport, ₹590 mornings), a squash court (another sport), another centre's court. */
let courtA: number;
let courtB: number;
let squash: number;
let elsewhere: number;
let otherCourt: number;
let phone = 9810000000;

const hours = (from: number, to: number, price: string) =>
  Array.from({ length: to - from }, (_, i) => ({
    start_time: `${String(from + i).padStart(2, '0')}:00:00`,
    end_time: `${String(from + i + 1).padStart(2, '0')}:00:00`,
    price,
    weekend_price: null,
    is_active: true,
  }));

beforeAll(async () => {
  t = await createTestApp();
  org = await makeOrganisation(t);
  other = await makeOrganisation(t);
  const made = await inOrg(t, org, async (tx, ctx) => {
    // A registered organisation: its invoices carry CGST + SGST.
    await tx
      .update(organisation)
      .set({ gstin: '29AAHCD1234K1ZL', state: 'Karnataka', legalName: 'Moves Club Pvt Ltd' })
      .where(eq(organisation.id, ctx.organisationId));
    const modes = await tx.select().from(paymentMode).where(eq(paymentMode.organisationId, ctx.organisationId));
    const c = await makeCentre(tx, ctx, { state: 'Karnataka' });
    const c2 = await makeCentre(tx, ctx, { state: 'Karnataka' });
    const badminton = await makeSport(tx, ctx, { name: 'Badminton' });
    const squashSport = await makeSport(tx, ctx, { name: 'Squash' });
    const morning = (price: string) => [{ name: 'Morning', time_slots: hours(6, 10, price) }];
    const a = await makeFacility(tx, ctx, { centre: c.id, sport: badminton.id, name: 'Court A', slot_groups: morning('400.00') });
    const b = await makeFacility(tx, ctx, { centre: c.id, sport: badminton.id, name: 'Court B', slot_groups: morning('590.00') });
    const s = await makeFacility(tx, ctx, { centre: c.id, sport: squashSport.id, name: 'Squash 1', slot_groups: morning('400.00') });
    const e = await makeFacility(tx, ctx, { centre: c2.id, sport: badminton.id, name: 'Court Far', slot_groups: morning('400.00') });
    return { cash: modes.find((m) => m.name === 'Cash')!.id, a: a.id, b: b.id, s: s.id, e: e.id };
  });
  ({ cash } = made);
  [courtA, courtB, squash, elsewhere] = [made.a, made.b, made.s, made.e];
  otherCourt = await inOrg(t, other, async (tx, ctx) => {
    const c = await makeCentre(tx, ctx);
    const sp = await makeSport(tx, ctx, { name: 'Badminton' });
    return (
      await makeFacility(tx, ctx, {
        centre: c.id,
        sport: sp.id,
        name: 'Their Court',
        slot_groups: [{ name: 'M', time_slots: hours(6, 10, '400.00') }],
      })
    ).id;
  });
  key = await login(t.app, org.owner, org.host);
  otherKey = await login(t.app, other.owner, other.host);
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = key, host = org.host) =>
  call(t.app, { method, url, host, token, payload: payload as Body });
const invoice = async (id: number) => (await api('GET', `/api/administrator/invoice/${id}/`)).json();
const booking = async (id: number) => (await api('GET', `/api/booking/booking/${id}/`)).json();
const slots = (facility: number, day: number): Promise<PortalSlot[]> => slotsOn(t.app, facility, inDays(day), org.host);
const slotAt = async (facility: number, day: number, start: string) =>
  (await slots(facility, day)).find((s) => s.start_time.startsWith(start))!;

/** A desk booking of the slots starting at `starts` on a court, paid `pay` in cash. */
async function book(facility: number, day: number, starts: string[], pay: string | null) {
  const all = await slots(facility, day);
  const res = await api('POST', '/api/booking/booking/', {
    facility,
    date: inDays(day),
    time_slot_ids: starts.map((s) => all.find((x) => x.start_time.startsWith(s))!.id),
    name: 'Kavya Menon',
    mobile_no: String(phone++),
    ...(pay ? { payment: { amount: pay, payment_mode: cash, reference: '' } } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Every document of a booking, in order of issue (invoices and credit notes). */
async function documentsOf(code: string) {
  const list = (await api('GET', `/api/administrator/invoice/?search=${code}&page_size=50`)).json().results as { id: number }[];
  const docs = await Promise.all(list.map((d) => invoice(d.id)));
  return docs.sort((x, y) => x.id - y.id);
}

/** The booking's paid amount is its invoices' paid amounts added up, and no invoice is paid beyond its total. */
async function expectMoneyExact(id: number) {
  const b = await booking(id);
  const docs = (await documentsOf(b.code)).filter((d) => d.kind === 'invoice');
  expect(docs.reduce((n, d) => n + paise(d.paid), 0)).toBe(paise(b.paid_amount));
  for (const d of docs) expect(paise(d.paid)).toBeLessThanOrEqual(paise(d.total));
  expect(paise(b.due_amount)).toBe(Math.max(0, paise(b.booking_amount) + paise(b.credit_amount) - paise(b.paid_amount)));
  return { b, docs };
}

describe('moving to a dearer court of the same sport', () => {
  it('makes the difference due, issues a supplementary invoice linked to the untouched original, and Collect clears it', async () => {
    const b = await book(courtA, 3, ['06:00'], '300.00');
    const [original] = await documentsOf(b.code);
    expect(original).toMatchObject({ kind: 'invoice', total: '400.00', paid: '300.00', supplements: null });
    const target = await slotAt(courtB, 4, '07:00');
    const moved = await api('POST', `/api/booking/booking/${b.id}/move/`, {
      facility: courtB,
      date: inDays(4),
      time_slot_ids: [target.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      facility: courtB,
      date: inDays(4),
      sub_total: '590.00',
      booking_amount: '590.00',
      paid_amount: '300.00',
      due_amount: '290.00',
      credit_amount: '0.00',
    });

    const docs = await documentsOf(b.code);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'invoice']);
    const [first, supplement] = docs;
    // The booking names both invoices: the desk prints the supplementary one too.
    expect(moved.json().invoice).toMatchObject({ id: original.id, number: original.number });
    expect(moved.json().supplementary_invoices).toEqual([{ id: supplement.id, number: supplement.number, status: 'issued' }]);
    // The issued invoice is never edited.
    expect(first).toMatchObject({ number: original.number, total: '400.00', paid: '300.00', lines: original.lines });
    expect(first.supplementary).toEqual([{ id: supplement.id, number: supplement.number, date: supplement.date, total: '190.00' }]);
    // Numbered next in the same series, for the difference, taxed as any court hire (18 %, CGST + SGST).
    const seq = (n: string) => Number(n.split('/').at(-1));
    expect(supplement.number.split('/').slice(0, 2)).toEqual(original.number.split('/').slice(0, 2));
    expect(seq(supplement.number)).toBe(seq(original.number) + 1);
    expect(supplement).toMatchObject({
      kind: 'invoice',
      title: 'Tax Invoice',
      supplements: { id: original.id, number: original.number, date: original.date },
      total: '190.00',
      taxable_value: '161.02',
      cgst: '14.49',
      sgst: '14.49',
      igst: '0.00',
      paid: '0.00',
      due: '190.00',
      buyer: original.buyer,
      place_of_supply: original.place_of_supply,
    });
    expect(supplement.lines).toHaveLength(1);
    const text = supplement.lines[0].description as string;
    expect(text).toContain('Court B');
    expect(text).toContain('07:00–08:00');
    expect(text).toContain('moved from Badminton - Court A');
    expect(text).toContain(`move of ${b.code}`);
    expect(text).toContain(`supplementary to ${original.number}`);
    expect(supplement.lines[0]).toMatchObject({ sac_code: '999652', gst_rate: 18, total: '190.00' });

    // The desk's Collect takes the whole due: it fills the original's rest, then the supplementary invoice.
    const paid = await api('POST', `/api/booking/booking/${b.id}/payments/`, { amount: '290.00', payment_mode: cash, reference: '' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid_amount: '590.00', due_amount: '0.00', payment_status: 'paid' });
    const { docs: after } = await expectMoneyExact(b.id);
    expect(after.map((d) => [d.paid, d.status])).toEqual([
      ['400.00', 'paid'],
      ['190.00', 'paid'],
    ]);
    const more = await api('POST', `/api/booking/booking/${b.id}/payments/`, { amount: '1.00', payment_mode: cash, reference: '' });
    expect(more.statusCode).toBe(400);
  });

  it('cancelling it afterwards credits both invoices in full and keeps what was paid as credit', async () => {
    const b = await book(courtA, 5, ['06:00'], '400.00');
    const moved = await api('POST', `/api/booking/booking/${b.id}/move/`, {
      facility: courtB,
      date: inDays(5),
      time_slot_ids: [(await slotAt(courtB, 5, '06:00')).id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ booking_amount: '590.00', due_amount: '190.00' });
    const cancelled = await api('POST', `/api/booking/booking/${b.id}/cancel/`, { reason: 'Rained out' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', credit_amount: '400.00', due_amount: '0.00' });
    const docs = await documentsOf(b.code);
    const invoices = docs.filter((d) => d.kind === 'invoice');
    expect(invoices.map((d) => [d.status, d.due])).toEqual([
      ['cancelled', '0.00'],
      ['cancelled', '0.00'],
    ]);
    const notes = docs.filter((d) => d.kind === 'credit_note');
    expect(notes.map((n) => [n.against.number, n.total])).toEqual([
      [invoices[0].number, '400.00'],
      [invoices[1].number, '190.00'],
    ]);
  });
});

describe('a discount after a dearer move', () => {
  it('credits the supplementary invoice first, and the booking and its invoices still agree', async () => {
    const b = await book(courtA, 15, ['06:00'], null);
    const moved = await api('POST', `/api/booking/booking/${b.id}/move/`, {
      facility: courtB,
      date: inDays(15),
      time_slot_ids: [(await slotAt(courtB, 15, '06:00')).id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const discounted = await call(t.app, {
      method: 'PATCH',
      url: `/api/booking/booking/${b.id}/`,
      host: org.host,
      token: key,
      payload: { discount: '100.00' },
    });
    expect(discounted.statusCode, discounted.body).toBe(200);
    expect(discounted.json()).toMatchObject({ booking_amount: '490.00', due_amount: '490.00' });
    const docs = await documentsOf(b.code);
    const [first, supplement, note] = docs;
    expect(note).toMatchObject({ kind: 'credit_note', total: '100.00', against: { id: supplement.id } });
    expect(first.due).toBe('400.00');
    expect(supplement.due).toBe('90.00');
    await expectMoneyExact(b.id);
  });
});

describe('moving to a cheaper court', () => {
  it('issues a credit note naming the slots left and taken for what the invoice no longer charges', async () => {
    const b = await book(courtB, 6, ['08:00'], '400.00');
    const target = await slotAt(courtA, 7, '09:00');
    const moved = await api('POST', `/api/booking/booking/${b.id}/move/`, {
      facility: courtA,
      date: inDays(7),
      time_slot_ids: [target.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ booking_amount: '400.00', paid_amount: '400.00', credit_amount: '0.00', due_amount: '0.00' });
    const docs = await documentsOf(b.code);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const note = docs[1];
    expect(note).toMatchObject({ total: '190.00', against: { number: docs[0].number } });
    const text = note.lines.map((l: { description: string }) => l.description).join(' | ');
    expect(text).toContain('Court B');
    expect(text).toContain('08:00–09:00');
    expect(text).toContain('moved to Badminton - Court A');
    expect(text).toContain('09:00–10:00');
    expect(text).toContain(`credit against ${docs[0].number}`);
    expect(docs[0]).toMatchObject({ total: '590.00', paid: '400.00', due: '0.00', status: 'paid' });
    await expectMoneyExact(b.id);
  });

  it('keeps the excess paid as credit, or refunds what is asked of it (never more)', async () => {
    const b = await book(courtB, 6, ['07:00'], '590.00');
    const moved = await api('POST', `/api/booking/booking/${b.id}/move/`, {
      facility: courtA,
      date: inDays(7),
      time_slot_ids: [(await slotAt(courtA, 7, '08:00')).id],
      refund: { amount: '100.00', payment_mode: cash, reference: '' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ booking_amount: '400.00', paid_amount: '490.00', credit_amount: '90.00', due_amount: '0.00' });
    // The note is for what is no longer paid for: the credit still stands on the invoice.
    const docs = await documentsOf(b.code);
    expect(docs.map((d) => [d.kind, d.total])).toEqual([
      ['invoice', '590.00'],
      ['credit_note', '100.00'],
    ]);
    await expectMoneyExact(b.id);
    const b2 = await book(courtB, 6, ['09:00'], '590.00');
    const tooMuch = await api('POST', `/api/booking/booking/${b2.id}/move/`, {
      facility: courtA,
      date: inDays(8),
      time_slot_ids: [(await slotAt(courtA, 8, '09:00')).id],
      refund: { amount: '200.00', payment_mode: cash, reference: '' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(await booking(b2.id)).toMatchObject({ facility: courtB, booking_amount: '590.00' });
  });
});

describe('where a booking may move', () => {
  it('refuses a facility of another sport, of another centre or of another organisation, on the facility field in plain words', async () => {
    const b = await book(courtA, 9, ['06:00'], null);
    const to = async (facility: number, host = org.host) => {
      const slot = (await slotsOn(t.app, facility, inDays(9), host))[0];
      return api('POST', `/api/booking/booking/${b.id}/move/`, { facility, date: inDays(9), time_slot_ids: [slot.id] });
    };
    const sport = await to(squash);
    expect(sport.statusCode).toBe(400);
    expect(sport.json().facility).toEqual(['A Badminton booking can move only to another Badminton facility; Squash 1 is for Squash.']);
    const centre = await to(elsewhere);
    expect(centre.statusCode).toBe(400);
    expect(centre.json().facility[0]).toMatch(/own centre/);
    const tenant = await to(otherCourt, other.host);
    expect(tenant.statusCode).toBe(400);
    expect(Object.keys(tenant.json())).toEqual(['facility']);
    // Another organisation cannot move this booking at all.
    const foreign = await api(
      'POST',
      `/api/booking/booking/${b.id}/move/`,
      { date: inDays(9), time_slot_ids: [(await slotsOn(t.app, otherCourt, inDays(9), other.host))[0].id] },
      otherKey,
      other.host,
    );
    expect(foreign.statusCode).toBe(404);
    expect(await booking(b.id)).toMatchObject({ facility: courtA, date: inDays(9) });
    // Within the desk's bounds: a past date is refused on the slots, in words.
    const past = await api('POST', `/api/booking/booking/${b.id}/move/`, {
      date: inDays(-1),
      time_slot_ids: [(await slots(courtA, 9))[0].id],
    });
    expect(past.statusCode).toBe(400);
    expect(Object.keys(past.json())).toEqual(['time_slot_ids']);
    // A dearer move is no longer refused, and no message names a field.
    const dearer = await to(courtB);
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(dearer.body).not.toContain('cancel it and book again');
  });
});

describe('partial cancellation', () => {
  it("issues a credit note whose lines name only the cancelled hour, not all the booking's slots", async () => {
    const b = await book(courtA, 10, ['06:00', '07:00', '08:00'], '1200.00');
    const hour = b.time_slots.find((s: { start_time: string }) => s.start_time.startsWith('07:00'));
    const res = await api('POST', `/api/booking/booking/${b.id}/cancel-slots/`, {
      booked_slot_ids: [hour.id],
      reason: 'Shorter game',
      refund: { amount: '400.00', payment_mode: cash, reference: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const docs = await documentsOf(b.code);
    const note = docs.find((d) => d.kind === 'credit_note');
    expect(note.total).toBe('400.00');
    const text = note.lines.map((l: { description: string }) => l.description).join(' | ');
    expect(text).toContain('07:00–08:00');
    expect(text).toContain('cancelled');
    expect(text).not.toContain('06:00–07:00');
    expect(text).not.toContain('08:00–09:00');
    // The invoice itself still names what was sold.
    expect(docs[0].lines[0].description).toContain('06:00–07:00, 07:00–08:00, 08:00–09:00');
  });
});

describe('races', () => {
  it('lets exactly one of two moves onto the same free slot win', async () => {
    const one = await book(courtA, 11, ['06:00'], '400.00');
    const two = await book(courtA, 11, ['07:00'], '400.00');
    const target = await slotAt(courtB, 12, '06:00');
    const body = { facility: courtB, date: inDays(12), time_slot_ids: [target.id] };
    const answers = await Promise.all([one, two].map((b) => api('POST', `/api/booking/booking/${b.id}/move/`, body)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const [row] = await withTenant(t.handle.db, org.id, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from booked_time_slot where facility_id = ${courtB} and date = ${inDays(12)} and time_slot_id = ${target.id} and is_active`,
      ),
    );
    expect(row.n).toBe(1);
    // Exactly one supplementary invoice was issued, by the winner.
    const winner = answers[0].statusCode === 200 ? one : two;
    const loser = winner === one ? two : one;
    expect((await documentsOf(winner.code)).map((d) => d.kind)).toEqual(['invoice', 'invoice']);
    expect((await documentsOf(loser.code)).map((d) => d.kind)).toEqual(['invoice']);
    expect(await booking(loser.id)).toMatchObject({ facility: courtA, booking_amount: '400.00', due_amount: '0.00' });
  });

  it('leaves the money exact when a dearer move and a collect run at once', async () => {
    for (const [day, start] of [
      [13, '06:00'],
      [14, '07:00'],
    ] as const) {
      const b = await book(courtA, day, [start], '100.00');
      const target = await slotAt(courtB, day, start);
      const [move, pay] = await Promise.all([
        api('POST', `/api/booking/booking/${b.id}/move/`, { facility: courtB, date: inDays(day), time_slot_ids: [target.id] }),
        api('POST', `/api/booking/booking/${b.id}/payments/`, { amount: '300.00', payment_mode: cash, reference: '' }),
      ]);
      expect(move.statusCode, move.body).toBe(200);
      expect(pay.statusCode, pay.body).toBe(200);
      const { b: after, docs } = await expectMoneyExact(b.id);
      expect(after).toMatchObject({ booking_amount: '590.00', paid_amount: '400.00', due_amount: '190.00' });
      expect(docs.map((d) => d.total)).toEqual(['400.00', '190.00']);
    }
  });
});

/**
 * The money platform end to end: every booking gets its GST invoice (CGST+SGST in the seller's
 * state, IGST across states, a bill of supply without a GSTIN), payments and refunds go through
 * the ledger and keep the booking and its invoice in step, cancelling issues a credit note, the
 * invoice renders as a PDF and is mailed, and the Accounts reports equal the ledger rows.
 */
import { amountInWords, financialYear, signedPaise } from '@arena/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { invalidationsOf, queryRows, withTenant } from '../src/platform/db/client.js';
import {
  call,
  createTestApp,
  DESK,
  login,
  OWNER,
  PROVIDER_HOST,
  RIVERSIDE_HOST,
  RIVERSIDE_OWNER,
  settleJobs,
  verifiedNewUser,
  type TestContext,
} from './helpers.js';
import { inDays, portalFacility, slotsOn, today } from './booking-helpers.js';

let t: TestContext;
let owner: string;
let modes: { id: number; name: string }[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, OWNER);
  modes = (await api('GET', '/api/administrator/payment-mode/?page_size=50')).json().results;
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  call(t.app, { method, url, token, payload: payload as Record<string, unknown> });
const mode = (name: string) => modes.find((m) => m.name === name)!.id;
const fy = () => financialYear(today()).label;
// Signed: a round-off is often negative.
const paise = (v: string) => signedPaise(v)!;

/** A desk booking of the first free slot(s) of a facility on a day, with an optional payment. */
async function deskBooking(facility: string, sport: string, day: number, extra: Record<string, unknown> = {}, slots = 1) {
  const court = await portalFacility(t.app, facility, sport);
  const free = (await slotsOn(t.app, court.facility, inDays(day))).filter((s) => s.booking_status === 'available').slice(0, slots);
  const res = await api('POST', '/api/booking/booking/', {
    facility: court.facility,
    date: inDays(day),
    time_slot_ids: free.map((s) => s.id),
    name: 'Kavya Rao',
    mobile_no: '9845000111',
    email: 'kavya@example.com',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('tax invoices of bookings', () => {
  it('issues a tax invoice with CGST and SGST for a booking in the seller’s state, numbered in the financial year', async () => {
    const booking = await deskBooking('Court 1', 'Badminton', 4);
    expect(booking.invoice.number).toMatch(new RegExp(`^INV/${fy()}/\\d{5}$`));
    expect(booking.invoice.status).toBe('issued');
    const inv = (await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`)).json();
    expect(inv).toMatchObject({
      kind: 'invoice',
      title: 'Tax Invoice',
      module: 'Booking Management',
      source: { type: 'booking', id: booking.id, label: booking.code },
      seller: { gstin: '29AAHCD1234K1ZL', state: 'Karnataka' },
      buyer: { name: 'Kavya Rao', phone: '9845000111', email: 'kavya@example.com' },
      place_of_supply: 'Karnataka',
      total: booking.booking_amount,
      paid: '0.00',
      due: booking.booking_amount,
      status: 'issued',
    });
    expect(inv.lines).toHaveLength(1);
    const [line] = inv.lines;
    expect(line).toMatchObject({ sac_code: '999652', gst_rate: 18, igst: '0.00' });
    // 18 % inclusive: CGST = SGST = 9 % of the taxable value in the price (total / 1.18), each rounded
    // to the paisa, and the taxable value is the rest: the line is exactly the price, no round-off.
    const total = paise(booking.booking_amount);
    const half = Math.round((total * 9) / 118);
    expect(paise(line.cgst)).toBe(half);
    expect(line.sgst).toBe(line.cgst);
    expect(paise(line.taxable_value)).toBe(total - 2 * half);
    expect(paise(line.total)).toBe(total);
    expect(inv.round_off).toBe('0.00');
    expect(paise(inv.taxable_value) + paise(inv.cgst) + paise(inv.sgst)).toBe(total);
    expect(inv.amount_in_words).toBe(amountInWords(total));
    expect(booking.tax).toBe(((paise(inv.cgst) * 2) / 100).toFixed(2));
  });

  it('sells from a centre in another state under its own GSTIN with CGST and SGST, and issues a bill of supply without a GSTIN', async () => {
    // Riverside Centre (Hosur, Tamil Nadu) is registered there: intra-state under 33…, not IGST under Karnataka's 29….
    const across = await deskBooking('Court 1', 'Pickleball', 5);
    const inv = (await api('GET', `/api/administrator/invoice/${across.invoice.id}/`)).json();
    expect(inv.place_of_supply).toBe('Tamil Nadu');
    expect(inv.seller).toMatchObject({ gstin: '33AAHCD1234K1ZW', state: 'Tamil Nadu' });
    expect(inv.lines[0]).toMatchObject({ igst: '0.00', gst_rate: 18 });
    expect(inv.igst).toBe('0.00');
    expect(Math.abs(paise(inv.cgst) - paise(inv.taxable_value) * 0.09)).toBeLessThan(1);
    expect(inv.sgst).toBe(inv.cgst);

    // Riverside Athletics has no GSTIN: a bill of supply, all taxable value, no tax.
    const rToken = await login(t.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    const rApi = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      call(t.app, { method, url, host: RIVERSIDE_HOST, token: rToken, payload: payload as Record<string, unknown> });
    const centres = (await rApi('GET', '/api/administrator/centre/')).json().results;
    const sports = await rApi('POST', '/api/administrator/sport/', { name: 'Tennis' });
    const facility = await rApi('POST', '/api/booking/facility/', {
      name: 'Clay 1',
      centre: centres[0].id,
      sport: sports.json().id,
      slot_groups: [{ name: 'Day', time_slots: [{ start_time: '10:00', end_time: '11:00', price: '500.00' }] }],
    });
    expect(facility.statusCode, facility.body).toBe(201);
    const slotId = facility.json().slot_groups[0].time_slots[0].id;
    const b = await rApi('POST', '/api/booking/booking/', {
      facility: facility.json().id,
      date: inDays(2),
      time_slot_ids: [slotId],
      name: 'Walk-in',
    });
    expect(b.statusCode, b.body).toBe(201);
    const bill = (await rApi('GET', `/api/administrator/invoice/${b.json().invoice.id}/`)).json();
    expect(bill).toMatchObject({
      title: 'Bill of Supply',
      bill_of_supply: true,
      taxable_value: '500.00',
      cgst: '0.00',
      igst: '0.00',
      total: '500.00',
    });
    expect(bill.number).toBe(`INV/${fy()}/00001`);
    // Another organisation's invoice is not found.
    expect((await api('GET', `/api/administrator/invoice/${b.json().invoice.id}/`)).statusCode).toBe(404);
  });

  it('refuses a centre GSTIN of another state, and a centre in another state without its own GSTIN warns and cannot sell', async () => {
    const river = (await api('GET', '/api/administrator/centre/?search=Riverside')).json().results[0];
    expect(river).toMatchObject({ name: 'Riverside Centre', state: 'Tamil Nadu', gstin: '33AAHCD1234K1ZW', gst_warning: '' });
    const wrong = await api('PATCH', `/api/administrator/centre/${river.id}/`, { gstin: '29ABCDE1234F1ZW' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ gstin: ['This GSTIN is registered in Karnataka (state code 29), not in Tamil Nadu.'] });
    expect((await api('GET', `/api/administrator/centre/${river.id}/`)).json().gstin).toBe('33AAHCD1234K1ZW');
    const cleared = await api('PATCH', `/api/administrator/centre/${river.id}/`, { gstin: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().gst_warning).toBe(
      "This center is in Tamil Nadu, but the organisation's GSTIN is registered in Karnataka: add the center's own GSTIN for Tamil Nadu before it sells anything.",
    );
    try {
      const court = await portalFacility(t.app, 'Court 1', 'Pickleball');
      const free = (await slotsOn(t.app, court.facility, inDays(8))).filter((x) => x.booking_status === 'available');
      const refused = await api('POST', '/api/booking/booking/', {
        facility: court.facility,
        date: inDays(8),
        time_slot_ids: [free[0].id],
        name: 'Kavya Rao',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/^Riverside Centre cannot sell yet\. It is in Tamil Nadu, but the organisation's GSTIN/);
      // Nothing was written: the slot is still free.
      const again = (await slotsOn(t.app, court.facility, inDays(8))).find((x) => x.id === free[0].id)!;
      expect(again.booking_status).toBe('available');
    } finally {
      expect((await api('PATCH', `/api/administrator/centre/${river.id}/`, { gstin: '33AAHCD1234K1ZW' })).statusCode).toBe(200);
    }
  });

  it('takes partial and full payments through the ledger, refuses overpayment and a repeated UPI reference', async () => {
    const booking = await deskBooking('Court 2', 'Badminton', 6, {
      payment: { amount: '100.00', payment_mode: mode('Cash'), reference: '' },
    });
    expect(booking.paid_amount).toBe('100.00');
    expect(booking.invoice.status).toBe('partially_paid');
    const rest = (paise(booking.booking_amount) - 10000) / 100;
    const over = await api('POST', `/api/booking/booking/${booking.id}/payments/`, {
      amount: (rest + 1).toFixed(2),
      payment_mode: mode('UPI'),
      reference: '',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().amount[0]).toContain(`(${rest.toFixed(2)})`);
    const utr = `4${Date.now().toString().slice(-11)}`;
    const paid = await api('POST', `/api/booking/booking/${booking.id}/payments/`, {
      amount: rest.toFixed(2),
      payment_mode: mode('UPI'),
      reference: utr,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ paid_amount: booking.booking_amount, due_amount: '0.00', invoice: { status: 'paid' } });

    const other = await deskBooking('Court 2', 'Badminton', 7);
    const again = await api('POST', `/api/booking/booking/${other.id}/payments/`, {
      amount: '10.00',
      payment_mode: mode('UPI'),
      reference: utr,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().reference[0]).toContain('already recorded');
    expect((await api('GET', `/api/booking/booking/${other.id}/`)).json().paid_amount).toBe('0.00');
    // Recorded against the wrong booking: reversing the receipt gives its UTR back, and lowers the paid amount.
    const wrong = (await api('GET', `/api/booking/booking-transaction/?booking=${booking.id}&search=${utr}`)).json().results[0];
    const reversal = await api('POST', `/api/income-expense/transactions/${wrong.id}/reverse/`, { reason: 'Wrong booking' });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect((await api('GET', `/api/booking/booking/${booking.id}/`)).json()).toMatchObject({
      paid_amount: '100.00',
      invoice: { status: 'partially_paid' },
    });
    const moved = await api('POST', `/api/booking/booking/${other.id}/payments/`, {
      amount: '10.00',
      payment_mode: mode('UPI'),
      reference: utr,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const inv = (await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`)).json();
    expect(inv.payments.map((p: { kind: string; amount: string; reference: string }) => [p.kind, p.amount, p.reference])).toEqual([
      ['Receipt', '100.00', ''],
      ['Receipt', rest.toFixed(2), utr],
      ['Reversal', `-${rest.toFixed(2)}`, utr],
    ]);
    const moves = (await api('GET', `/api/booking/booking-transaction/?booking=${booking.id}`)).json();
    expect(moves.count).toBe(3);
    // The ledger itself refuses to be edited or deleted: corrections are reversals.
    const orgId = (await api('GET', '/api/administrator/organisation/')).json().id as number;
    const failure = (query: ReturnType<typeof sql>) =>
      withTenant(t.handle.db, orgId, (tx) => tx.execute(query)).then(
        () => 'no error',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(await failure(sql`update ledger_entry set amount = 1 where id = ${moves.results[0].id}`)).toMatch(/never edited/);
    expect(await failure(sql`delete from ledger_entry where id = ${moves.results[0].id}`)).toMatch(/never deleted/);
    expect(moves.results.map((m: { kind: string }) => m.kind)).toEqual(['reversal', 'receipt', 'receipt']);
  });

  it('cancels with a refund as a ledger movement and a credit note; never refunds more than was paid', async () => {
    const booking = await deskBooking('Court 1', 'Badminton', 8, {
      payment: { amount: '300.00', payment_mode: mode('Cash'), reference: '' },
    });
    const tooMuch = await api('POST', `/api/booking/booking/${booking.id}/cancel/`, {
      reason: 'Rain',
      refund: { amount: '300.01', payment_mode: mode('Cash') },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()['refund.amount'][0]).toContain('(₹300.00)');
    expect((await api('GET', `/api/booking/booking/${booking.id}/`)).json().status).toBe('confirmed');

    const cancelled = await api('POST', `/api/booking/booking/${booking.id}/cancel/`, {
      reason: 'Rain',
      refund: { amount: '200.00', payment_mode: mode('Cash') },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paid_amount: '100.00', invoice: { status: 'cancelled' } });
    const inv = (await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`)).json();
    // ₹100 kept is the client's credit, not a supply: credit notes give back the whole invoice (the refund's ₹200, then the rest).
    expect(inv.credit_notes.map((n: { total: string }) => paise(n.total))).toEqual([20000, paise(booking.booking_amount) - 20000]);
    expect(inv).toMatchObject({ status: 'cancelled', due: '0.00', paid: '100.00' });
    expect(inv.credit_notes[0].number).toMatch(new RegExp(`^CN/${fy()}/\\d{5}$`));
    const note = (await api('GET', `/api/administrator/invoice/${inv.credit_notes[0].id}/`)).json();
    expect(note).toMatchObject({ kind: 'credit_note', title: 'Credit Note', against: { id: inv.id, number: inv.number }, total: '200.00' });
    expect(paise(note.taxable_value) + paise(note.cgst) + paise(note.sgst) + paise(note.round_off)).toBe(20000);
    const moves = (await api('GET', `/api/booking/booking-transaction/?booking=${booking.id}`)).json().results;
    expect(moves.map((m: { kind: string; amount: string }) => [m.kind, m.amount])).toEqual([
      ['refund', '200.00'],
      ['receipt', '300.00'],
    ]);
    // An unpaid booking's invoice is not voided: it stays in its month, and a credit note of all of it is issued today.
    const unpaid = await deskBooking('Court 1', 'Badminton', 9);
    await api('POST', `/api/booking/booking/${unpaid.id}/cancel/`, { reason: 'Changed plans' });
    const cancelledInvoice = (await api('GET', `/api/administrator/invoice/${unpaid.invoice.id}/`)).json();
    expect(cancelledInvoice).toMatchObject({ status: 'cancelled', due: '0.00', total: unpaid.booking_amount });
    expect(cancelledInvoice.credit_notes).toHaveLength(1);
    const full = (await api('GET', `/api/administrator/invoice/${cancelledInvoice.credit_notes[0].id}/`)).json();
    expect(full).toMatchObject({ total: unpaid.booking_amount, date: today(), reason: 'Changed plans' });
    expect(full.cgst).toBe(cancelledInvoice.cgst);
    expect(full.sgst).toBe(cancelledInvoice.sgst);
  });

  it('turns a larger discount after invoicing into a credit note and refuses a smaller one', async () => {
    const booking = await deskBooking('Turf A', 'Football', 10);
    const cut = await api('PATCH', `/api/booking/booking/${booking.id}/`, { discount: '100.00' });
    expect(cut.statusCode, cut.body).toBe(200);
    const inv = (await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`)).json();
    expect(inv.credit_notes.map((n: { total: string }) => n.total)).toEqual(['100.00']);
    expect(paise(inv.due)).toBe(paise(booking.booking_amount) - 10000);
    const back = await api('PATCH', `/api/booking/booking/${booking.id}/`, { discount: '50.00' });
    expect(back.statusCode).toBe(400);
    expect(back.json().discount[0]).toContain(inv.number);
  });
});

describe('invoice documents', () => {
  it('lists invoices with filters, renders the PDF with the number in its text, and mails it as an attachment', async () => {
    const booking = await deskBooking('Court 2', 'Badminton', 11);
    const list = (await api('GET', `/api/administrator/invoice/?search=${encodeURIComponent(booking.invoice.number)}`)).json();
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({
      number: booking.invoice.number,
      buyer_name: 'Kavya Rao',
      status: 'issued',
      due: booking.booking_amount,
    });
    const notes = (await api('GET', '/api/administrator/invoice/?kind=credit_note&page_size=100')).json();
    expect(notes.results.every((n: { kind: string }) => n.kind === 'credit_note')).toBe(true);

    const pdf = await api('GET', `/api/administrator/invoice/${booking.invoice.id}/pdf/?download=1`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text).toContain(booking.invoice.number);
    expect(text).toContain('Kavya Rao');
    const receipt = await api('GET', `/api/administrator/invoice/${booking.invoice.id}/pdf/?layout=receipt`);
    const page = await (await getDocumentProxy(new Uint8Array(receipt.rawPayload))).getPage(1);
    expect(page.getViewport({ scale: 1 }).width).toBeCloseTo(226.77, 0);

    const mailed = await api('POST', `/api/administrator/invoice/${booking.invoice.id}/email/`, {});
    expect(mailed.statusCode, mailed.body).toBe(200);
    await settleJobs();
    const mail = [...t.mails].reverse().find((m) => m.to === 'kavya@example.com' && m.subject.includes(booking.invoice.number))!;
    expect(mail.attachments?.[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: `${booking.invoice.number.replaceAll('/', '-')}.pdf`,
    });
    expect(Buffer.from(mail.attachments![0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps the books to Invoice Management, and lets the desk print and mail a booking’s invoice', async () => {
    const desk = await login(t.app, DESK);
    expect((await api('GET', '/api/administrator/invoice/', undefined, desk)).statusCode).toBe(403);
    expect((await api('GET', '/api/administrator/reports/accounts/gst-summary/', undefined, desk)).statusCode).toBe(403);
    const booking = await deskBooking('Court 2', 'Badminton', 12);
    expect((await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`, undefined, desk)).json().number).toBe(
      booking.invoice.number,
    );
    const pdf = await api('GET', `/api/administrator/invoice/${booking.invoice.id}/pdf/`, undefined, desk);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // With the plan's modules no longer cached, the document still opens: they are read before its
    // transaction (on the embedded database a read beside an open transaction waits for ever).
    invalidationsOf(t.app.db).reset();
    const again = await api('GET', `/api/administrator/invoice/${booking.invoice.id}/pdf/`, undefined, desk);
    expect(again.statusCode).toBe(200);
    invalidationsOf(t.app.db).reset();
    expect((await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`, undefined, desk)).statusCode).toBe(200);
    // A document of a module the desk does not have stays closed to it.
    const orgId = (await api('GET', '/api/administrator/organisation/')).json().id as number;
    const [{ id: storeInvoice }] = await withTenant(t.handle.db, orgId, (tx) =>
      queryRows<{ id: number }>(
        tx,
        sql`insert into invoice (organisation_id, kind, number, date, module, source_type, source_id, seller, taxable_value, total)
            values (${orgId}, 'invoice', 'INV/TEST/1', ${today()}, 'Staff Management', 'test_document', 1,
                    '{"name":"Demo","address":"","gstin":"","state":"","phone":"","email":""}'::jsonb, 100, 100) returning id`,
      ),
    );
    expect((await api('GET', `/api/administrator/invoice/${storeInvoice}/`, undefined, desk)).statusCode).toBe(403);
    expect((await api('GET', `/api/administrator/invoice/${storeInvoice}/`)).statusCode).toBe(200);
    await withTenant(t.handle.db, orgId, (tx) => tx.execute(sql`delete from invoice where id = ${storeInvoice}`));
  });
});

describe('accounts reports', () => {
  it('makes every GST summary and P&L figure the sum of the documents and ledger rows it stands for', async () => {
    const month = today().slice(0, 7);
    const gst = (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}`)).json();
    const all: { id: number; kind: string; status: string; date: string; bill_of_supply: boolean; paid: string }[] = [];
    for (let page = 1; ; page++) {
      const res = (await api('GET', `/api/administrator/invoice/?date_after=${month}-01&page_size=500&page=${page}`)).json();
      all.push(...res.results);
      if (!res.next) break;
    }
    // Every tax invoice and credit note of the month counts (a cancelled invoice too: its credit note
    // takes it back), in the GSTR-1 of the registration that issued it (the Hosur centre files its own).
    const byGstin = new Map<string, { taxable: number; tax: number }>();
    for (const row of all.filter((i) => i.date.startsWith(month) && !i.bill_of_supply)) {
      const inv = (await api('GET', `/api/administrator/invoice/${row.id}/`)).json();
      const sign = inv.kind === 'credit_note' ? -1 : 1;
      const sums = byGstin.get(inv.seller.gstin) ?? { taxable: 0, tax: 0 };
      sums.taxable += sign * paise(inv.taxable_value);
      sums.tax += sign * (paise(inv.cgst) + paise(inv.sgst) + paise(inv.igst));
      byGstin.set(inv.seller.gstin, sums);
    }
    expect(gst.gstin).toBe('29AAHCD1234K1ZL');
    expect(gst.gstins).toEqual(['29AAHCD1234K1ZL', '33AAHCD1234K1ZW']);
    let creditNotes = 0;
    for (const gstin of gst.gstins as string[]) {
      const report =
        gstin === gst.gstin
          ? gst
          : (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}&gstin=${gstin}`)).json();
      const { taxable, tax } = byGstin.get(gstin) ?? { taxable: 0, tax: 0 };
      expect(report.gstin).toBe(gstin);
      expect(paise(report.total.taxable_value), gstin).toBe(taxable);
      expect(paise(report.total.cgst) + paise(report.total.sgst) + paise(report.total.igst), gstin).toBe(tax);
      const hsnTaxable = report.hsn.reduce((s: number, r: { taxable_value: string }) => s + paise(r.taxable_value), 0);
      expect(hsnTaxable, gstin).toBe(taxable);
      creditNotes += report.documents.find((d: { nature: string }) => d.nature === 'Credit Note')?.total ?? 0;
    }
    // The cancellations above issued credit notes this month.
    expect(creditNotes).toBeGreaterThan(0);

    const pl = (await api('GET', `/api/administrator/reports/accounts/profit-loss/?date_after=${month}-01&date_before=${today()}`)).json();
    const moves: { kind: string; direction: string; amount: string; paid_on: string }[] = [];
    for (let page = 1; ; page++) {
      const res = (await api('GET', `/api/booking/booking-transaction/?date_after=${month}-01&page_size=500&page=${page}`)).json();
      moves.push(...res.results);
      if (!res.next) break;
    }
    // The books hold bookings' money net of GST: income + its GST = the money taken.
    const bookingMoney = moves.reduce((s, m) => s + (m.direction === 'in' ? 1 : -1) * paise(m.amount), 0);
    const bookings = pl.income.find((x: { module: string }) => x.module === 'Booking Management');
    expect(paise(bookings.amount) + paise(bookings.gst)).toBe(bookingMoney);
    expect(paise(bookings.gst)).toBeGreaterThan(0);
    expect(paise(pl.total.income) + paise(pl.total.gst_collected)).toBe(paise(pl.total.money_in));
    expect(paise(pl.total.expense) + paise(pl.total.gst_paid)).toBe(paise(pl.total.money_out));
    const base = (await api('GET', `/api/administrator/reports/accounts/?date_after=${month}-01&date_before=${today()}`)).json();
    expect(base.total).toEqual(pl.total);
    const monthRows = pl.months.reduce((s: number, m: { income: string }) => s + paise(m.income), 0);
    expect(monthRows).toBe(paise(pl.total.income));

    const csv = await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('13 Documents issued');
    // The workbook has one sheet per GSTR-1 table, named as the offline tool names them.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await api('GET', `/api/administrator/reports/accounts/gst-summary/?month=${month}&format=xlsx`)).rawPayload as never,
    );
    expect(book.worksheets.map((w) => w.name)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
    let sheetTaxable = 0;
    for (const name of ['hsn(b2b)', 'hsn(b2c)'])
      book.getWorksheet(name)!.eachRow((row, n) => {
        if (n > 2) sheetTaxable += Math.round(Number(row.getCell(7).value) * 100);
      });
    // The workbook is the organisation's own registration's return.
    expect(sheetTaxable).toBe(byGstin.get(gst.gstin)?.taxable ?? 0);
    const xlsx = await api('GET', `/api/administrator/reports/accounts/profit-loss/?format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('a new organisation', () => {
  it('starts with payment modes, income and expense categories and this year’s invoice series, and sets its GSTIN and state', async () => {
    const key = await verifiedNewUser(t, 'books-founder@example.com');
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/administrator/organisation/',
      host: PROVIDER_HOST,
      token: key,
      payload: { display_name: 'Books Arena', subdomain: 'books-arena' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const orgId = created.json().id as number;
    const host = 'books-arena.localhost:3000';
    const modesOf = (await call(t.app, { method: 'GET', url: '/api/administrator/payment-mode/?page_size=50', host, token: key })).json();
    expect(modesOf.results.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['Cash', 'UPI', 'Card', 'Bank transfer', 'Cheque']),
    );
    const books = await withTenant(t.handle.db, orgId, async (tx) => ({
      categories: await queryRows<{ name: string; type: string }>(tx, sql`select name, type from money_category order by type, id`),
      series: await queryRows<{ name: string; last_value: string }>(
        tx,
        sql`select name, last_value::text from document_sequence order by name`,
      ),
    }));
    // Each module's own category comes from its manifest (the order of creation follows the manifests).
    expect(
      books.categories
        .filter((c) => c.type === 'income')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Accommodation', 'Bookings', 'Deposit deductions', 'Memberships', 'Other income', 'Store']);
    // Money held for someone (a resident's deposit) is a liability, in no income total.
    expect(books.categories.filter((c) => c.type === 'liability').map((c) => c.name)).toEqual(['Security Deposits (refundable)']);
    expect(books.categories.filter((c) => c.type === 'expense').map((c) => c.name)).toEqual([
      'Rent',
      'Salaries',
      'Electricity',
      'Equipment',
      'Maintenance',
      'Marketing',
      'Other',
      // Store Management's: suppliers' bills, and stock written off at cost.
      'Purchases',
      'Stock Written Off',
    ]);
    expect(books.series).toEqual([
      { name: `CN:${fy()}`, last_value: '0' },
      { name: `INV:${fy()}`, last_value: '0' },
    ]);
    const bad = await call(t.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      host,
      token: key,
      payload: { gstin: '29ABC' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().gstin).toEqual(['Enter a valid 15-character GSTIN (e.g. 29ABCDE1234F1ZW).']);
    const good = await call(t.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      host,
      token: key,
      payload: { gstin: '27aabcb1234c1ze', state: 'Maharashtra' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ gstin: '27AABCB1234C1ZE', state: 'Maharashtra' });
  });
});

describe('the demo seed', () => {
  it('numbers each series of the demo’s documents in date order and without gaps, as their audit rows name them', async () => {
    const orgId = (await api('GET', '/api/administrator/organisation/')).json().id as number;
    const [row] = await withTenant(t.handle.db, orgId, (tx) =>
      queryRows<{ inversions: number; documents: number; gaps: number; stale: number }>(
        tx,
        sql`select
              (select count(*)::int from invoice a join invoice b on a.organisation_id = b.organisation_id and a.kind = b.kind
                 and split_part(a.number, '/', 1) = split_part(b.number, '/', 1) and split_part(a.number, '/', 2) = split_part(b.number, '/', 2)
                 and a.number < b.number and a.date > b.date
               where a.organisation_id = ${orgId}) as inversions,
              (select count(*)::int from invoice where organisation_id = ${orgId}) as documents,
              (select count(*)::int from (
                 select split_part(number, '/', 1) as series, split_part(number, '/', 2) as fy, count(*) as n,
                        max(split_part(number, '/', 3)::int) as last
                 from invoice where organisation_id = ${orgId} and number ~ '^[A-Z0-9]+/[0-9]{2}-[0-9]{2}/[0-9]+$' group by 1, 2) s
               where s.n <> s.last) as gaps,
              (select count(*)::int from audit_log a join invoice i on i.organisation_id = a.organisation_id and a.object_id = i.id::text
               where a.organisation_id = ${orgId} and a.resource = 'invoice' and a.action = 'create' and a.object_label <> i.number) as stale`,
      ),
    );
    expect(row.documents).toBeGreaterThan(1000);
    expect(row).toMatchObject({ inversions: 0, gaps: 0, stale: 0 });
    // The Hosur centre is registered in Tamil Nadu: its invoices are a series of their own.
    const series = await withTenant(t.handle.db, orgId, (tx) =>
      queryRows<{ series: string }>(
        tx,
        sql`select distinct split_part(number, '/', 1) as series from invoice where organisation_id = ${orgId} order by 1`,
      ),
    );
    expect(series.map((r) => r.series)).toEqual(expect.arrayContaining(['INV', 'IN33']));
    // A client books for a registered academy: the demo has B2B invoices, with the academy's GSTIN and legal name.
    const [b2b] = await withTenant(t.handle.db, orgId, (tx) =>
      queryRows<{ n: number; names: string[] }>(
        tx,
        sql`select count(*)::int as n, array_agg(distinct buyer_name) as names from invoice
            where organisation_id = ${orgId} and kind = 'invoice' and buyer_gstin = '29AABCR4321K1ZB'`,
      ),
    );
    expect(b2b.n).toBeGreaterThan(10);
    expect(b2b.names).toEqual(['Reddy Sports Academy LLP']);
  });
});

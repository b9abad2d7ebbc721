/**
 * What the invoices carry (issue 19 §3): every line of every document is exact (taxable value +
 * tax = what the buyer pays for it, so no round-off), a registered seller's sale with no tax is a
 * bill of supply, and a centre's seal picture is drawn on the A4 documents of its sales — and is
 * its organisation's alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/platform/db/client.js';
import { privateRoot } from '../src/platform/files.js';
import { inDays } from './booking-helpers.js';
import {
  call,
  createTestApp,
  login,
  multipartBody,
  OWNER,
  RIVERSIDE_HOST,
  RIVERSIDE_OWNER,
  TINY_PNG,
  type TestContext,
} from './helpers.js';

let t: TestContext;
let owner: string;
let orgId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await login(t.app, OWNER);
  orgId = (await api('GET', '/api/administrator/organisation/')).json().id;
});
afterAll(async () => t?.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = owner) =>
  call(t.app, { method, url, token, payload: payload as Record<string, unknown> });
const paise = (v: string) => Math.round(Number(v) * 100);
const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

describe('every invoice adds up line by line', () => {
  it('has taxable value + CGST + SGST + IGST = the line total = what was charged for it, and round_off 0.00, on every document of the demo', async () => {
    type Line = { number: string; kind: string; quantity: string; unit_price: string; discount: string } & Record<
      'taxable_value' | 'cgst' | 'sgst' | 'igst' | 'total' | 'gst_rate',
      string
    >;
    const lines = await withTenant(t.handle.db, orgId, (tx) =>
      queryRows<Line>(
        tx,
        sql`select i.number, i.kind, l.quantity::text, l.unit_price::text, l.discount::text, l.taxable_value::text, l.cgst::text,
                   l.sgst::text, l.igst::text, l.total::text, l.gst_rate::text
            from invoice_line l join invoice i on i.organisation_id = l.organisation_id and i.id = l.invoice_id
            where i.organisation_id = ${orgId}`,
      ),
    );
    expect(lines.length).toBeGreaterThan(1000);
    const wrong = lines.filter((l) => {
      const charged = Math.round(Number(l.quantity) * paise(l.unit_price)) - paise(l.discount);
      const parts = paise(l.taxable_value) + paise(l.cgst) + paise(l.sgst) + paise(l.igst);
      // Each tax head within a paisa of its rate on the taxable value beside it.
      const rate = Number(l.gst_rate);
      const heads = paise(l.igst)
        ? [[paise(l.igst), rate]]
        : [
            [paise(l.cgst), rate / 2],
            [paise(l.sgst), rate / 2],
          ];
      const near = heads.every(([tax, r]) => Math.abs(tax - (paise(l.taxable_value) * r) / 100) < 1);
      return parts !== paise(l.total) || paise(l.total) !== charged || !near;
    });
    expect(wrong.slice(0, 5)).toEqual([]);

    const documents = await withTenant(t.handle.db, orgId, (tx) =>
      queryRows<{ number: string; round_off: string; off: string; month: string }>(
        tx,
        sql`select i.number, i.round_off::text, to_char(i.date, 'YYYY-MM') as month,
                   (i.total - i.taxable_value - i.cgst - i.sgst - i.igst)::text as off
            from invoice i where i.organisation_id = ${orgId}`,
      ),
    );
    expect(documents.filter((d) => paise(d.round_off) !== 0 || paise(d.off) !== 0).slice(0, 5)).toEqual([]);
    // Among them a month of sales: this month's documents.
    expect(documents.filter((d) => d.month === inDays(0).slice(0, 7)).length).toBeGreaterThan(10);
  });

  it('shows the same through the API: a month of invoices, each total the sum of its parts with no round-off', async () => {
    const month = inDays(0).slice(0, 7);
    const list = (await api('GET', `/api/administrator/invoice/?date_after=${month}-01&page_size=40`)).json().results;
    expect(list.length).toBeGreaterThan(10);
    for (const row of list) {
      const inv = (await api('GET', `/api/administrator/invoice/${row.id}/`)).json();
      expect(inv.round_off, inv.number).toBe('0.00');
      expect(paise(inv.taxable_value) + paise(inv.cgst) + paise(inv.sgst) + paise(inv.igst), inv.number).toBe(paise(inv.total));
      for (const l of inv.lines)
        expect(paise(l.taxable_value) + paise(l.cgst) + paise(l.sgst) + paise(l.igst), `${inv.number} ${l.description}`).toBe(
          paise(l.total),
        );
    }
  });
});

describe('the title of a sale with no tax', () => {
  it("makes a registered seller's all-0 % sale a bill of supply that still carries the seller's GSTIN", async () => {
    const centres = (await api('GET', '/api/administrator/centre/?page_size=50')).json().results;
    const main = centres.find((c: { name: string }) => c.name === 'Main Centre');
    const sport = (await api('POST', '/api/administrator/sport/', { name: 'Yoga for schools' })).json();
    const facility = await api('POST', '/api/booking/facility/', {
      name: 'Hall N',
      centre: main.id,
      sport: sport.id,
      gst_rates: [{ rate: 0, from: '2017-07-01' }],
      sac_code: '999293',
      slot_groups: [{ name: 'Day', time_slots: [{ start_time: '10:00', end_time: '11:00', price: '400.00' }] }],
    });
    expect(facility.statusCode, facility.body).toBe(201);
    const booking = await api('POST', '/api/booking/booking/', {
      facility: facility.json().id,
      date: inDays(3),
      time_slot_ids: [facility.json().slot_groups[0].time_slots[0].id],
      name: 'St. Joseph’s School',
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const bill = (await api('GET', `/api/administrator/invoice/${booking.json().invoice.id}/`)).json();
    expect(bill).toMatchObject({ title: 'Bill of Supply', bill_of_supply: true, taxable_value: '400.00', cgst: '0.00', total: '400.00' });
    expect(bill.seller.gstin).toMatch(/^29/);
    expect(bill.lines[0]).toMatchObject({ sac_code: '999293', gst_rate: 0 });
    const pdf = await api('GET', `/api/administrator/invoice/${bill.id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Bill of Supply');
    expect(flat).toContain(`GSTIN: ${bill.seller.gstin}`);
    expect(flat).toContain('Nil rated supply: no GST charged.');
    expect(flat).toContain('999293');
    expect(flat).toContain('Authorised Signatory');
    expect(flat).not.toContain('reverse charge');
  });
});

describe("a centre's seal", () => {
  /** A 2×2 RGB PNG that pdfkit embeds as an image. */
  const SEAL = (() => {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
    };
    const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]);
    const pixels = Buffer.from([0, 26, 61, 143, 255, 255, 255, 0, 255, 255, 255, 26, 61, 143]);
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
  })();
  const upload = (id: number, data: Buffer, type = 'image/png', token = owner, host?: string) =>
    call(t.app, {
      method: 'PUT',
      url: `/api/administrator/centre/${id}/seal/`,
      token,
      host,
      ...multipartBody({}, { name: 'seal.png', data, type, field: 'seal_picture' }),
    });

  /** An invoice of the demo's sales at `centre`. */
  async function invoiceAt(centre: number) {
    const list = (await api('GET', `/api/administrator/invoice/?centre=${centre}&kind=invoice&page_size=1`)).json().results;
    expect(list.length, `an invoice at centre ${centre}`).toBe(1);
    return list[0].id as number;
  }

  /** A credit note of a sale at `centre`: a booking there, cancelled. */
  async function creditNoteAt(centre: number) {
    const sport = (await api('POST', '/api/administrator/sport/', { name: 'Squash for the seal' })).json();
    const facility = (
      await api('POST', '/api/booking/facility/', {
        name: 'Squash 1',
        centre,
        sport: sport.id,
        slot_groups: [{ name: 'Day', time_slots: [{ start_time: '09:00', end_time: '10:00', price: '590.00' }] }],
      })
    ).json();
    const booking = (
      await api('POST', '/api/booking/booking/', {
        facility: facility.id,
        date: inDays(4),
        time_slot_ids: [facility.slot_groups[0].time_slots[0].id],
        name: 'Arjun Menon',
      })
    ).json();
    expect((await api('POST', `/api/booking/booking/${booking.id}/cancel/`, { reason: 'Court flooded' })).statusCode).toBe(200);
    const inv = (await api('GET', `/api/administrator/invoice/${booking.invoice.id}/`)).json();
    expect(inv.credit_notes).toHaveLength(1);
    return inv.credit_notes[0].id as number;
  }

  const pdfOf = async (id: number, layout = 'a4') => {
    const res = await api('GET', `/api/administrator/invoice/${id}/pdf/?layout=${layout}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it('is uploaded for a centre, drawn on the A4 invoices and credit notes of its sales only, read back, and removed', async () => {
    const centres = (await api('GET', '/api/administrator/centre/?page_size=50')).json().results;
    const main = centres.find((c: { name: string }) => c.name === 'Main Centre');
    const other = centres.find((c: { name: string }) => c.name === 'Riverside Centre');
    expect(main.has_seal).toBe(false);
    const invoice = await invoiceAt(main.id);
    const note = await creditNoteAt(main.id);
    const elsewhere = await invoiceAt(other.id);
    expect(hasImage(await pdfOf(invoice))).toBe(false);

    const res = await upload(main.id, SEAL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: main.id, name: 'Main Centre', has_seal: true });
    expect(res.json()).not.toHaveProperty('seal_picture');
    expect((await api('GET', `/api/administrator/centre/${main.id}/`)).json().has_seal).toBe(true);
    const read = await api('GET', `/api/administrator/centre/${main.id}/seal/`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(SEAL)).toBe(true);
    // Kept out of the public uploads, in the organisation's private folder.
    const stored = fs.readdirSync(path.join(privateRoot(t.config), `org-${orgId}`, 'seals'));
    expect(stored).toHaveLength(1);

    expect(hasImage(await pdfOf(invoice))).toBe(true);
    expect(hasImage(await pdfOf(note))).toBe(true);
    expect(hasImage(await pdfOf(invoice, 'receipt'))).toBe(false);
    expect(hasImage(await pdfOf(elsewhere))).toBe(false);

    // A new picture replaces the old one, whose file goes.
    expect((await upload(main.id, TINY_PNG)).statusCode).toBe(200);
    expect(fs.readdirSync(path.join(privateRoot(t.config), `org-${orgId}`, 'seals'))).toHaveLength(1);
    const logs = (await api('GET', `/api/administrator/logs/?resource=centre&action=update`)).json().results;
    expect(logs[0]).toMatchObject({ object_id: String(main.id), before: { seal_picture: 'set' }, after: { seal_picture: 'set' } });

    const removed = await api('DELETE', `/api/administrator/centre/${main.id}/seal/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().has_seal).toBe(false);
    expect((await api('GET', `/api/administrator/centre/${main.id}/seal/`)).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(privateRoot(t.config), `org-${orgId}`, 'seals'))).toHaveLength(0);
    expect(hasImage(await pdfOf(invoice))).toBe(false);
  });

  it('takes only a PNG or JPEG of at most 1 MB, in `seal_picture`', async () => {
    const centre = (await api('GET', '/api/administrator/centre/?page_size=1')).json().results[0];
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const [data, type] of [
      [gif, 'image/gif'],
      [Buffer.from('not a picture'), 'image/png'],
      [Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024)]), 'image/png'],
    ] as const) {
      const res = await upload(centre.id, data, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().seal_picture).toEqual(['The seal must be a PNG or JPEG picture of at most 1 MB.']);
    }
    const none = await api('PUT', `/api/administrator/centre/${centre.id}/seal/`, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().seal_picture).toBeDefined();
    expect((await api('GET', `/api/administrator/centre/${centre.id}/`)).json().has_seal).toBe(false);
  });

  it("is another organisation's to neither upload nor read nor remove (404), and ours stays", async () => {
    const centre = (await api('GET', '/api/administrator/centre/?page_size=1')).json().results[0];
    expect((await upload(centre.id, SEAL)).statusCode).toBe(200);
    const theirs = await login(t.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    const as = (method: 'GET' | 'DELETE') =>
      call(t.app, { method, url: `/api/administrator/centre/${centre.id}/seal/`, host: RIVERSIDE_HOST, token: theirs });
    const up = await upload(centre.id, TINY_PNG, 'image/png', theirs, RIVERSIDE_HOST);
    expect(up.statusCode, up.body).toBe(404);
    expect((await as('GET')).statusCode).toBe(404);
    expect((await as('DELETE')).statusCode).toBe(404);
    const ours = await api('GET', `/api/administrator/centre/${centre.id}/seal/`);
    expect(ours.statusCode).toBe(200);
    expect(ours.rawPayload.equals(SEAL)).toBe(true);
    // Their upload left no file behind.
    const folder = path.join(
      privateRoot(t.config),
      `org-${(await call(t.app, { method: 'GET', url: '/api/administrator/organisation/', host: RIVERSIDE_HOST, token: theirs })).json().id}`,
      'seals',
    );
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });
});

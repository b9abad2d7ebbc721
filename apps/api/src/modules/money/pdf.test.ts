import { deflateSync } from 'node:zlib';
import type { Invoice, InvoiceLine } from '@arena/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfOptions } from './pdf.js';

const line = (over: Partial<InvoiceLine> = {}): InvoiceLine => ({
  description: 'Badminton court booking, Court 2, 23 Nov 2026 18:00–19:00',
  sac_code: '999652',
  quantity: '1.00',
  unit_price: '127118.64',
  discount: '0.00',
  taxable_value: '127118.64',
  gst_rate: 18,
  cgst: '11440.68',
  sgst: '11440.68',
  igst: '0.00',
  total: '150000.00',
  ...over,
});

const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 17,
  number: 'INV/26-27/00017',
  kind: 'invoice',
  title: 'Tax Invoice',
  bill_of_supply: false,
  date: '2026-11-23',
  module: 'booking',
  source: { type: 'booking', id: 42, label: 'Booking #42' },
  centre: 1,
  centre_name: 'Indiranagar',
  seller: {
    name: 'Smash Arena Sports Pvt Ltd',
    address: '12, 100 Feet Road, Indiranagar\nBengaluru 560038',
    gstin: '29ABCDE1234F1ZW',
    state: 'Karnataka',
    phone: '+91 98450 12345',
    email: 'accounts@smash.example',
  },
  buyer: { name: 'Priya Raman', phone: '+91 99000 11122', email: 'priya@example.com', gstin: '', address: '' },
  place_of_supply: 'Karnataka',
  lines: [line()],
  taxable_value: '127118.64',
  cgst: '11440.68',
  sgst: '11440.68',
  igst: '0.00',
  round_off: '0.00',
  total: '150000.00',
  amount_in_words: 'Rupees One Lakh Fifty Thousand Only',
  paid: '100000.00',
  due: '50000.00',
  status: 'partially_paid',
  against: null,
  supplements: null,
  supplementary: [],
  reason: '',
  credit_notes: [],
  payments: [{ id: 1, date: '2026-11-23', kind: 'receipt', amount: '100000.00', payment_mode_name: 'UPI', reference: '431234567890' }],
  created_at: '2026-11-23T10:15:00.000Z',
  ...over,
});

const a4: InvoicePdfOptions = { layout: 'a4', organisationName: 'Smash Arena' };
const receipt: InvoicePdfOptions = { layout: 'receipt', organisationName: 'Smash Arena' };

/** A 5 % line of ₹1,050 within the state: ₹1,000 taxable, ₹25 + ₹25. */
const fivePercent = line({
  description: 'Gym membership, 1 month',
  sac_code: '999723',
  unit_price: '1050.00',
  taxable_value: '1000.00',
  gst_rate: 5,
  cgst: '25.00',
  sgst: '25.00',
  total: '1050.00',
});
/** A 0 % line of ₹500. */
const nilLine = line({
  description: 'Coaching for a school team',
  sac_code: '999293',
  unit_price: '500.00',
  taxable_value: '500.00',
  gst_rate: 0,
  cgst: '0.00',
  sgst: '0.00',
  total: '500.00',
});
/** The invoice of `lines` with its totals summed from them. */
function withLines(lines: InvoiceLine[], over: Partial<Invoice> = {}): Invoice {
  const sum = (pick: (l: InvoiceLine) => string) => (lines.reduce((s, l) => s + Math.round(Number(pick(l)) * 100), 0) / 100).toFixed(2);
  const total = sum((l) => l.total);
  return invoice({
    lines,
    taxable_value: sum((l) => l.taxable_value),
    cgst: sum((l) => l.cgst),
    sgst: sum((l) => l.sgst),
    igst: sum((l) => l.igst),
    total,
    paid: total,
    due: '0.00',
    payments: [],
    ...over,
  });
}

async function read(pdf: Buffer) {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  const page = await doc.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const info = (await doc.getMetadata()).info as Record<string, unknown>;
  return { text: text.replace(/\s+/g, ' '), pages: doc.numPages, width, height, info };
}

/** A 1×1 PNG with an alpha channel (the kind png-js decodes) and the given compressed pixel data. */
function png(pixelData: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixelData), chunk('IEND', Buffer.alloc(0))]);
}

describe('renderInvoicePdf, A4', () => {
  it('renders an A4 tax invoice with the seller, buyer, totals and amount in words', async () => {
    const pdf = await renderInvoicePdf(invoice(), a4);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, width, height, pages, info } = await read(pdf);
    expect(width).toBeCloseTo(595.28, 1);
    expect(height).toBeCloseTo(841.89, 1);
    expect(pages).toBe(1);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV/26-27/00017');
    expect(text).toContain('29ABCDE1234F1ZW');
    expect(text).toContain('Priya Raman');
    expect(text).toContain('₹1,50,000.00');
    expect(text).toContain('₹1,27,118.64');
    expect(text).toContain('₹50,000.00');
    expect(text).toContain('Rupees One Lakh Fifty Thousand Only');
    expect(text).toContain('23 Nov 2026');
    expect(text).toContain('CGST');
    expect(text).not.toContain('IGST');
    // Which of the line's figures include GST: the rate does, the taxable value does not (issue 20 §6).
    expect(text).toMatch(/Rate\s+\(incl\.\s+GST\)/);
    expect(text).toMatch(/Taxable\s+value\s+\(excl\.\s+GST\)/);
    expect(text).toContain('Payments received');
    expect(text).toContain('431234567890');
    expect(text).toContain('This is a computer-generated invoice.');
    expect(text).toContain('Page 1 of 1');
    // Rule 46: reverse charge and the authorised signatory with the seller's name.
    expect(text).toContain('Whether tax is payable on reverse charge: No');
    expect(text).toMatch(/For .+\s+Authorised Signatory/);
    expect(info.Title).toBe('Tax Invoice INV/26-27/00017');
    expect(info.Author).toBe('Smash Arena');
  });

  it('shows IGST and not CGST/SGST for a supply to another state', async () => {
    const interState = line({ cgst: '0.00', sgst: '0.00', igst: '22881.36' });
    const { text } = await read(
      await renderInvoicePdf(invoice({ lines: [interState], cgst: '0.00', sgst: '0.00', igst: '22881.36', place_of_supply: 'Kerala' }), a4),
    );
    expect(text).toContain('IGST');
    expect(text).toContain('₹22,881.36');
    expect(text).not.toContain('CGST');
    expect(text).toContain('Kerala (32)');
  });

  it('shows the rate of each tax head on a line and in the totals: CGST 2.5 % + SGST 2.5 % on a 5 % line', async () => {
    const { text } = await read(await renderInvoicePdf(withLines([fivePercent]), a4));
    expect(text).toContain('CGST 2.5 % SGST 2.5 %'); // the line's Tax rate cell, one head a line
    expect(text).toContain('CGST @ 2.5 % ₹25.00');
    expect(text).toContain('SGST @ 2.5 % ₹25.00');
    expect(text).not.toContain('IGST');
    expect(text).not.toContain('GST 5');
  });

  it('shows IGST 18 % on a line supplied to another state', async () => {
    const interState = line({ cgst: '0.00', sgst: '0.00', igst: '22881.36' });
    const { text } = await read(await renderInvoicePdf(withLines([interState], { place_of_supply: 'Kerala' }), a4));
    expect(text).toContain('IGST 18 %');
    expect(text).toContain('IGST @ 18 % ₹22,881.36');
    expect(text).not.toContain('CGST');
  });

  it('totals each tax head per rate when the lines have several rates', async () => {
    const { text } = await read(await renderInvoicePdf(withLines([fivePercent, line()]), a4));
    expect(text).toContain('CGST @ 2.5 % ₹25.00');
    expect(text).toContain('SGST @ 2.5 % ₹25.00');
    expect(text).toContain('CGST @ 9 % ₹11,440.68');
    expect(text).toContain('SGST @ 9 % ₹11,440.68');
    expect(text.indexOf('CGST @ 2.5 %')).toBeLessThan(text.indexOf('CGST @ 9 %'));
  });

  it('marks the 0 % line of a mixed sale "Nil rated", and the sale stays a tax invoice', async () => {
    const { text } = await read(await renderInvoicePdf(withLines([fivePercent, nilLine]), a4));
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Nil rated');
    expect(text).toContain('CGST 2.5 %');
    expect(text).toContain('Whether tax is payable on reverse charge: No');
  });

  it("titles a registered seller's sale with no tax a bill of supply, with what rule 49 asks of it", async () => {
    const bill = withLines([nilLine], {
      title: 'Bill of Supply',
      bill_of_supply: true,
      buyer: { ...invoice().buyer, gstin: '29AAHCD1234K1ZL' },
    });
    const { text } = await read(await renderInvoicePdf(bill, a4));
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('GSTIN: 29ABCDE1234F1ZW'); // the seller's registration
    expect(text).toContain('Nil rated supply: no GST charged.');
    expect(text).toContain('INV/26-27/00017');
    expect(text).toContain('23 Nov 2026');
    expect(text).toContain('Priya Raman');
    expect(text).toContain('GSTIN: 29AAHCD1234K1ZL'); // the buyer's
    expect(text).toContain('999293'); // SAC
    expect(text).toContain('Coaching for a school team');
    expect(text).toContain('Value of supply ₹500.00');
    expect(text).toMatch(/For Smash Arena Sports Pvt Ltd\s+Authorised Signatory/);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('reverse charge');
    expect(text).not.toContain('Nil rated Nil'); // no tax rate column on a bill of supply
  });

  it('continues a 60-line invoice on further pages and numbers them', async () => {
    const lines = Array.from({ length: 60 }, (_, i) =>
      line({
        description: `Coaching session ${i + 1}${i % 7 === 0 ? ', with a long note about the batch, the coach and the court used' : ''}`,
      }),
    );
    const { text, pages } = await read(await renderInvoicePdf(invoice({ lines }), a4));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Coaching session 60');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Tax Invoice INV/26-27/00017 (continued)');
    expect(text).toContain('Rupees One Lakh Fifty Thousand Only');
  });

  it('leaves the tax columns out of a bill of supply', async () => {
    const untaxed = line({ unit_price: '1500.00', taxable_value: '1500.00', gst_rate: 0, cgst: '0.00', sgst: '0.00', total: '1500.00' });
    const bill = invoice({
      title: 'Bill of Supply',
      bill_of_supply: true,
      seller: { ...invoice().seller, gstin: '' },
      lines: [untaxed],
      taxable_value: '1500.00',
      cgst: '0.00',
      sgst: '0.00',
      total: '1500.00',
      paid: '1500.00',
      due: '0.00',
      payments: [],
      amount_in_words: 'Rupees One Thousand Five Hundred Only',
    });
    const { text } = await read(await renderInvoicePdf(bill, a4));
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('₹1,500.00');
    expect(text).toContain('The seller is not registered for GST: no GST charged.');
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('reverse charge');
    expect(text).not.toContain('GST %');
    expect(text).not.toContain('incl. GST');
    expect(text).not.toContain('Payments received');
  });

  it('names the invoice a credit note reduces, and why', async () => {
    const note = invoice({
      kind: 'credit_note',
      title: 'Credit Note',
      number: 'CN/26-27/00003',
      against: { id: 17, number: 'INV/26-27/00017', date: '2026-11-20' },
      reason: 'Court closed for rain',
      payments: [],
    });
    const { text } = await read(await renderInvoicePdf(note, a4));
    expect(text).toContain('Credit Note');
    expect(text).toContain('CN/26-27/00003');
    expect(text).toContain('Against invoice INV/26-27/00017 dated 20 Nov 2026');
    expect(text).toContain('Court closed for rain');
    expect(text).toContain('This is a computer-generated credit note.');
  });

  it('names the invoice a supplementary invoice adds to, on A4 and on the roll', async () => {
    const supplement = invoice({
      number: 'INV/26-27/00018',
      supplements: { id: 17, number: 'INV/26-27/00017', date: '2026-11-20' },
      payments: [],
    });
    for (const layout of [a4, receipt]) {
      const { text } = await read(await renderInvoicePdf(supplement, layout));
      expect(text).toContain('Tax Invoice');
      expect(text).toMatch(/Supplementary invoice to INV\/26-27\/00017\s+dated\s+20 Nov 2026/);
    }
    expect((await read(await renderInvoicePdf(invoice(), a4))).text).not.toContain('Supplementary');
  });

  it("draws the centre's seal above Authorised Signatory, on A4 only", async () => {
    const seal = png(deflateSync(Buffer.from([0, 200, 30, 30, 255])));
    const sealed = await renderInvoicePdf(invoice(), { ...a4, seal });
    expect(sealed.toString('latin1')).toContain('/Subtype /Image');
    expect((await read(sealed)).text).toMatch(/For .+\s+Authorised Signatory/);
    const note = invoice({ kind: 'credit_note', title: 'Credit Note', number: 'CN/26-27/00003', payments: [] });
    expect((await renderInvoicePdf(note, { ...a4, seal })).toString('latin1')).toContain('/Subtype /Image');
    expect((await renderInvoicePdf(invoice(), { ...receipt, seal })).toString('latin1')).not.toContain('/Subtype /Image');
    const unreadable = await renderInvoicePdf(invoice(), { ...a4, seal: Buffer.from('not an image') });
    expect(unreadable.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('draws a readable logo and ignores bytes pdfkit cannot read', async () => {
    const goodLogo = png(deflateSync(Buffer.from([0, 20, 120, 200, 255])));
    const withLogo = await renderInvoicePdf(invoice(), { ...a4, logo: goodLogo });
    expect(withLogo.toString('latin1')).toContain('/Subtype /Image');
    for (const logo of [Buffer.from('not an image'), png(Buffer.from('not zlib')), png(deflateSync(Buffer.from([9, 1, 2, 3, 4]))), null]) {
      const pdf = await renderInvoicePdf(invoice(), { ...a4, logo });
      expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
      expect((await read(pdf)).text).toContain('INV/26-27/00017');
    }
  });
});

describe('renderInvoicePdf, receipt', () => {
  it('renders an 80 mm receipt as tall as its content', async () => {
    const pdf = await renderInvoicePdf(invoice(), receipt);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, width, height, pages } = await read(pdf);
    expect(width).toBeGreaterThan(226.27);
    expect(width).toBeLessThan(227.27);
    expect(pages).toBe(1);
    expect(height).toBeGreaterThan(200);
    expect(height).toBeLessThan(600);
    for (const expected of ['INV/26-27/00017', '29ABCDE1234F1ZW', 'Priya Raman', '₹1,50,000.00', '₹50,000.00', 'CGST', 'Thank you!'])
      expect(text).toContain(expected);
    expect(text).toContain('Rupees One Lakh Fifty Thousand Only');
    expect(text).toContain('1 × ₹1,27,118.64');
  });

  it("is a tax invoice by itself: the seller's GSTIN, the place of supply, each line's SAC and its tax heads' rates", async () => {
    const { text } = await read(await renderInvoicePdf(withLines([line(), fivePercent, nilLine]), receipt));
    expect(text).toContain('GSTIN: 29ABCDE1234F1ZW');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('Whether tax is payable on reverse charge: No');
    expect(text).toContain('SAC 999652 · 1 ×');
    expect(text).toContain('SAC 999723');
    expect(text).toContain('CGST 9 % + SGST 9 % ₹22,881.36');
    expect(text).toContain('CGST 2.5 % + SGST 2.5 % ₹50.00');
    expect(text).toContain('Nil rated');
    expect(text).toContain('CGST @ 2.5 % ₹25.00');
    expect(text).toContain('SGST @ 9 % ₹11,440.68');
  });

  it('says IGST 18 % across states, and a bill of supply why it has no tax', async () => {
    const interState = line({ cgst: '0.00', sgst: '0.00', igst: '22881.36' });
    const across = await read(await renderInvoicePdf(withLines([interState], { place_of_supply: 'Kerala' }), receipt));
    expect(across.text).toContain('Place of supply: Kerala (32)');
    expect(across.text).toContain('IGST 18 % ₹22,881.36');
    const bill = withLines([nilLine], { title: 'Bill of Supply', bill_of_supply: true });
    const { text } = await read(await renderInvoicePdf(bill, receipt));
    expect(text).toContain('Bill of Supply');
    expect(text).toContain('GSTIN: 29ABCDE1234F1ZW');
    expect(text).toContain('SAC 999293');
    expect(text).toContain('Nil rated supply: no GST charged');
    expect(text).not.toContain('reverse charge');
    expect(text).not.toContain('CGST');
  });

  it('grows with the number of lines', async () => {
    const short = await read(await renderInvoicePdf(invoice(), receipt));
    const lines = Array.from({ length: 30 }, (_, i) => line({ description: `Coaching session ${i + 1}` }));
    const long = await read(await renderInvoicePdf(invoice({ lines }), receipt));
    expect(long.pages).toBe(1);
    expect(long.height).toBeGreaterThan(short.height + 29 * 20);
    expect(long.text).toContain('Coaching session 30');
  });

  it('ignores an invalid logo', async () => {
    const pdf = await renderInvoicePdf(invoice(), { ...receipt, logo: Buffer.from([0xff, 0xd8, 0x00]) });
    expect((await read(pdf)).text).toContain('Thank you!');
  });
});

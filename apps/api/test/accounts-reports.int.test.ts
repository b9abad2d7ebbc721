/**
 * The Accounts reports on organisations of their own, figure by figure:
 *
 * - the profit and loss keeps the books on the cash basis net of GST: a sale's receipts and
 *   refunds carry their document's tax ratio, a manual entry its own GST; the GST collected and
 *   the GST paid on purchases are shown apart, and per side net + GST = the money;
 * - the GST summary is the month's GSTR-1, table by table (B2B, B2CL, B2CS, CDNR, CDNUR, nil
 *   rated/exempt, HSN/SAC, documents issued), and its workbook has the offline tool's sheets.
 */
import { gstinCheckCharacter } from '@arena/contracts';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntry, issueCreditNote, issueInvoice, refund, reverse, sellNow, type InvoiceRow } from '../src/modules/money/index.js';
import { queryRows, type Tx } from '../src/platform/db/client.js';
import { organisation } from '../src/platform/db/schema.js';
import { inOrg, makeCentre, makeMemberRow, makeMembershipRow, makeOrganisation, makePlan, type TestOrganisation } from './factories.js';
import { call, createTestApp, login, type TestContext } from './helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A GSTIN from its first 14 characters and their check character. */
const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const SELLER_GSTIN = gstin('29AAHCA1234K1Z');

/** An organisation registered for GST in Karnataka, with its owner's key. */
async function registeredOrganisation() {
  const org = await makeOrganisation(t);
  await t.handle.db
    .update(organisation)
    .set({ gstin: SELLER_GSTIN, state: 'Karnataka', legalName: 'Acme Sports Private Limited' })
    .where(eq(organisation.id, org.id));
  return { org, key: await login(t.app, org.owner, org.host) };
}

const get = (o: { org: TestOrganisation; key: string }, url: string) => call(t.app, { method: 'GET', url, host: o.org.host, token: o.key });

async function idOf(tx: Tx, query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ id: string | number }>(tx, query);
  return Number(row.id);
}

describe('the profit and loss', () => {
  let books: { org: TestOrganisation; key: string };
  beforeAll(async () => {
    books = await registeredOrganisation();
    await inOrg(t, books.org, async (tx, ctx) => {
      const centre = await makeCentre(tx, ctx, { name: 'Indiranagar', state: 'Karnataka' });
      const cash = await idOf(tx, sql`select id from payment_mode where organisation_id = ${ctx.organisationId} and name = 'Cash'`);
      const category = (name: string, type: string) =>
        idOf(tx, sql`select id from money_category where organisation_id = ${ctx.organisationId} and name = ${name} and type = ${type}`);
      const plan = await makePlan(tx, ctx, { price: '1180.00' });
      /** A membership sold on `date` for `price` at 18 %, paid in full that day. */
      const sale = async (price: string, date: string) => {
        const member = await makeMemberRow(tx, ctx, { centreId: centre.id });
        const row = await makeMembershipRow(tx, ctx, { member, plan, start: date });
        return sellNow(tx, ctx, {
          source: { type: 'membership', id: row.id },
          buyer: { name: 'Asha Rao' },
          lines: [{ description: 'Monthly membership', sacCode: '999723', unitPrice: price, rates: [{ rate: 18, from: '2017-07-01' }] }],
          payments: [{ amount: price, paymentMode: cash, date }],
          centre: centre.id,
          date,
          soldBy: null,
        });
      };
      // ₹1,180 at 18 % paid in full: ₹1,000 income, ₹180 GST.
      await sale('1180.00', '2026-06-05');
      // ₹590 paid (500 + 90), ₹118 of it refunded with a credit note (100 + 18): ₹400 income, ₹72 GST.
      const partly = await sale('590.00', '2026-06-10');
      await refund(tx, ctx, partly.source, {
        amount: '118.00',
        paymentMode: cash,
        reason: 'Loyalty discount',
        creditNote: true,
        date: '2026-06-20',
      });
      // ₹236 received and its receipt reversed: nothing.
      const bounced = await sale('236.00', '2026-06-12');
      await reverse(tx, ctx, bounced.receipts[0], 'Cheque bounced', { date: '2026-06-13' });
      // Next month's sale stays out of June.
      await sale('1180.00', '2026-07-02');
      const entry = (type: 'income' | 'expense', categoryId: number, amount: string, gstRate: number, date: string, title: string) =>
        createEntry(tx, ctx, {
          type,
          title,
          category: categoryId,
          vendor: null,
          centre: centre.id,
          amount,
          gst_rate: gstRate,
          date,
          payment_mode: cash,
          reference: '',
          notes: '',
          buyer_name: type === 'income' && gstRate > 0 ? 'Greenwood High' : '',
          buyer_gstin: '',
        });
      // Hall hire ₹1,050 at 5 %: ₹1,000 income, ₹50 GST (output tax).
      await entry('income', await category('Other income', 'income'), '1050.00', 5, '2026-06-15', 'Hall hire');
      // A dumbbell rack ₹4,500 at 18 %: ₹3,813.56 expense, ₹686.44 input GST.
      await entry('expense', await category('Equipment', 'expense'), '4500.00', 18, '2026-06-18', 'Dumbbell rack');
      // Rent without GST.
      await entry('expense', await category('Rent', 'expense'), '85000.00', 0, '2026-06-01', 'Rent for June');
    });
  });

  it('counts income and expenses net of GST, keeps the GST apart, and reconciles each side with the money', async () => {
    const res = await get(books, '/api/administrator/reports/accounts/profit-loss/?date_after=2026-06-01&date_before=2026-06-30');
    expect(res.statusCode, res.body).toBe(200);
    const pl = res.json();
    expect(pl.income).toEqual([
      { module: 'Membership Management', category: 'Memberships', amount: '1400.00', gst: '252.00' },
      { module: 'Income/Expenses Management', category: 'Other income', amount: '1000.00', gst: '50.00' },
    ]);
    expect(pl.expenses).toEqual([
      { category: 'Rent', amount: '85000.00', gst: '0.00' },
      { category: 'Equipment', amount: '3813.56', gst: '686.44' },
    ]);
    expect(pl.total).toEqual({
      income: '2400.00',
      expense: '88813.56',
      net: '-86413.56',
      gst_collected: '302.00',
      gst_paid: '686.44',
      // 1,180 + 590 − 118 + 236 − 236 + 1,050 = income + GST collected.
      money_in: '2702.00',
      money_out: '89500.00',
    });
    expect(pl.months).toEqual([
      { month: '2026-06', income: '2400.00', expense: '88813.56', net: '-86413.56', gst_collected: '302.00', gst_paid: '686.44' },
    ]);
  });

  it('makes an invoice of ₹1,180 at 18 % paid in full ₹1,000.00 of income and ₹180.00 of GST collected', async () => {
    const pl = (await get(books, '/api/administrator/reports/accounts/profit-loss/?date_after=2026-06-05&date_before=2026-06-05')).json();
    expect(pl.income).toEqual([{ module: 'Membership Management', category: 'Memberships', amount: '1000.00', gst: '180.00' }]);
    expect(pl.total).toMatchObject({ income: '1000.00', gst_collected: '180.00', money_in: '1180.00' });
  });

  it('gives the month by month reports and the file the same figures', async () => {
    const window = 'date_after=2026-06-01&date_before=2026-07-31';
    const pl = (await get(books, `/api/administrator/reports/accounts/profit-loss/?${window}`)).json();
    expect(pl.months.map((m: { month: string; income: string; gst_collected: string }) => [m.month, m.income, m.gst_collected])).toEqual([
      ['2026-06', '2400.00', '302.00'],
      ['2026-07', '1000.00', '180.00'],
    ]);
    const income = (await get(books, `/api/administrator/reports/accounts/income/?${window}`)).json();
    expect(income.rows.map((r: { income: string }) => r.income)).toEqual(['2400.00', '1000.00']);
    expect(income.total).toEqual({ income: '3400.00', expense: '88813.56', net: '-85413.56' });
    const csv = (await get(books, `/api/administrator/reports/accounts/profit-loss/?${window}&format=csv`)).body;
    expect(csv).toContain('Section,Item,Amount,GST');
    expect(csv).toContain('Income,Total income,3400.00,482.00');
    expect(csv).toContain('GST,GST collected (output tax in the money received),482.00,');
    expect(csv).toContain('Money,Money in (income + GST collected),3882.00,');
  });
});

describe('the GST summary (GSTR-1)', () => {
  let gst: { org: TestOrganisation; key: string };
  const BUYER_KA = gstin('29AABCK1234F1Z');
  const BUYER_TN = gstin('33AABCT1234F1Z');
  beforeAll(async () => {
    gst = await registeredOrganisation();
    await inOrg(t, gst.org, async (tx, ctx) => {
      const ka = await makeCentre(tx, ctx, { name: 'Indiranagar', state: 'Karnataka' });
      // Supplies to Tamil Nadu from the Karnataka centre: genuinely inter-state (a centre in Tamil Nadu
      // would need its own GSTIN and would sell intra-state there).
      const tn = { id: ka.id, placeOfSupply: 'Tamil Nadu' };
      let n = 0;
      /** An invoice of lines [price, rate, SAC/HSN, quantity] at a centre (its state is the place of supply unless given). */
      const invoice = (
        at: { id: number; placeOfSupply?: string },
        date: string,
        buyer: { name: string; gstin?: string },
        lines: [string, number, string, number?][],
        supplements?: InvoiceRow,
      ) =>
        issueInvoice(tx, ctx, {
          supplements,
          module: 'Membership Management',
          source: { type: 'membership', id: 900_000 + ++n, label: `Sale ${n}` },
          centreId: at.id,
          placeOfSupply: at.placeOfSupply,
          date,
          buyer,
          items: lines.map(([price, rate, sac, quantity]) => ({
            description: `Line at ${rate} %`,
            sacCode: sac,
            quantity,
            unitPrice: price,
            rates: [{ rate, from: '2017-07-01' }],
          })),
        });
      const note = (inv: InvoiceRow, rupees: number, date: string) => issueCreditNote(tx, ctx, inv, rupees * 100, 'Adjusted', date);
      const walkIn = { name: 'Walk-in' };
      // July. B2B in the state (with an exempt coaching line) and across it.
      const inv1 = await invoice(ka, '2026-07-03', { name: 'Karnataka Tech Pvt Ltd', gstin: BUYER_KA }, [
        ['5900.00', 18, '999652', 2],
        ['500.00', 0, '999293'],
      ]);
      const inv2 = await invoice(tn, '2026-07-05', { name: 'Chennai Sports LLP', gstin: BUYER_TN }, [['5900.00', 18, '999652']]);
      // B2CL: across states, above ₹1,00,000, no GSTIN.
      const inv3 = await invoice(tn, '2026-07-08', { name: 'Ravi Shankar' }, [['118000.00', 18, '999652']]);
      // B2CS: in the state at 18 % and 5 %, across states small, and one exactly ₹1,00,000 across states (not above).
      const inv4 = await invoice(ka, '2026-07-10', walkIn, [['1180.00', 18, '999652']]);
      await invoice(ka, '2026-07-11', walkIn, [['1050.00', 5, '999652']]);
      await invoice(tn, '2026-07-12', walkIn, [['2360.00', 18, '999652']]);
      // Nil rated goods across states.
      await invoice(tn, '2026-07-14', walkIn, [['100.00', 0, '0401', 3]]);
      // Sold and cancelled: every cancellation issues a credit note for what was not kept.
      const inv8 = await invoice(ka, '2026-07-15', walkIn, [['2360.00', 18, '999652']]);
      await invoice(tn, '2026-07-16', walkIn, [['100000.00', 18, '999652']]);
      // Credit notes: to the registered buyer across states (CDNR), against the B2CL invoice
      // (CDNUR), against a small sale in the state (B2CS only), and the cancellation's.
      await note(inv2, 590, '2026-07-20');
      await note(inv3, 11800, '2026-07-21');
      await note(inv4, 590, '2026-07-22');
      await note(inv8, 2360, '2026-07-25');
      await tx.execute(sql`update invoice set status = 'cancelled' where organisation_id = ${ctx.organisationId} and id = ${inv8.id}`);
      // August: a credit note against July's B2B invoice counts in August, with a sale of its own.
      await note(inv1, 1230, '2026-08-02');
      await invoice(ka, '2026-08-03', walkIn, [['1180.00', 18, '999652']]);
      // Supplementary invoices (a dearer move's difference): debit notes of the invoices they add to.
      await invoice(ka, '2026-08-05', { name: 'Karnataka Tech Pvt Ltd', gstin: BUYER_KA }, [['1180.00', 18, '999652']], inv1);
      await invoice(ka, '2026-08-06', walkIn, [['118.00', 18, '999652']], inv4);
    });
  });

  const amounts = (taxable_value: string, igst: string, cgst: string, sgst: string) => ({ taxable_value, igst, cgst, sgst });

  it('lays out the month table by table, row by row', async () => {
    const res = await get(gst, '/api/administrator/reports/accounts/gst-summary/?month=2026-07');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ month: '2026-07', from: '2026-07-01', to: '2026-07-31', gstins: [SELLER_GSTIN], bills_of_supply: '0.00' });
    expect(s.b2b).toEqual([
      {
        buyer_gstin: BUYER_KA,
        buyer_name: 'Karnataka Tech Pvt Ltd',
        number: 'INV/26-27/00001',
        date: '2026-07-03',
        invoice_value: '12300.00',
        place_of_supply: '29-Karnataka',
        rate: 18,
        ...amounts('10000.00', '0.00', '900.00', '900.00'),
      },
      {
        buyer_gstin: BUYER_TN,
        buyer_name: 'Chennai Sports LLP',
        number: 'INV/26-27/00002',
        date: '2026-07-05',
        invoice_value: '5900.00',
        place_of_supply: '33-Tamil Nadu',
        rate: 18,
        ...amounts('5000.00', '900.00', '0.00', '0.00'),
      },
    ]);
    expect(s.b2cl).toEqual([
      {
        number: 'INV/26-27/00003',
        date: '2026-07-08',
        invoice_value: '118000.00',
        place_of_supply: '33-Tamil Nadu',
        rate: 18,
        ...amounts('100000.00', '18000.00', '0.00', '0.00'),
      },
    ]);
    // Karnataka 18 %: 1,000 + 2,000 sold, 500 + 2,000 credited. Tamil Nadu 18 %: 2,000 + 84,745.76 (₹1,00,000 is not above ₹1,00,000).
    expect(s.b2cs).toEqual([
      { place_of_supply: '29-Karnataka', rate: 5, ...amounts('1000.00', '0.00', '25.00', '25.00') },
      { place_of_supply: '29-Karnataka', rate: 18, ...amounts('500.00', '0.00', '45.00', '45.00') },
      { place_of_supply: '33-Tamil Nadu', rate: 18, ...amounts('86745.76', '15614.24', '0.00', '0.00') },
    ]);
    expect(s.cdnr).toEqual([
      {
        note_type: 'C',
        buyer_gstin: BUYER_TN,
        buyer_name: 'Chennai Sports LLP',
        number: 'CN/26-27/00001',
        date: '2026-07-20',
        invoice_number: 'INV/26-27/00002',
        invoice_date: '2026-07-05',
        note_value: '590.00',
        place_of_supply: '33-Tamil Nadu',
        rate: 18,
        ...amounts('500.00', '90.00', '0.00', '0.00'),
      },
    ]);
    expect(s.cdnur).toEqual([
      {
        note_type: 'C',
        ur_type: 'B2CL',
        number: 'CN/26-27/00002',
        date: '2026-07-21',
        invoice_number: 'INV/26-27/00003',
        invoice_date: '2026-07-08',
        note_value: '11800.00',
        place_of_supply: '33-Tamil Nadu',
        rate: 18,
        ...amounts('10000.00', '1800.00', '0.00', '0.00'),
      },
    ]);
    expect(s.exempt).toEqual([
      { description: 'Inter-State supplies to registered persons', nil_rated: '0.00', exempted: '0.00', non_gst: '0.00' },
      { description: 'Intra-State supplies to registered persons', nil_rated: '0.00', exempted: '500.00', non_gst: '0.00' },
      { description: 'Inter-State supplies to unregistered persons', nil_rated: '300.00', exempted: '0.00', non_gst: '0.00' },
      { description: 'Intra-State supplies to unregistered persons', nil_rated: '0.00', exempted: '0.00', non_gst: '0.00' },
    ]);
    const hsn = (supply: string, sac_code: string, uqc: string, quantity: string, total_value: string, rate: number) => ({
      supply,
      sac_code,
      uqc,
      quantity,
      total_value,
      rate,
    });
    expect(s.hsn).toEqual([
      { ...hsn('b2b', '999293', 'NA', '1.00', '500.00', 0), ...amounts('500.00', '0.00', '0.00', '0.00') },
      { ...hsn('b2b', '999652', 'NA', '3.00', '17110.00', 18), ...amounts('14500.00', '810.00', '900.00', '900.00') },
      { ...hsn('b2c', '0401', 'NOS-NUMBERS', '3.00', '300.00', 0), ...amounts('300.00', '0.00', '0.00', '0.00') },
      { ...hsn('b2c', '999652', 'NA', '1.00', '1050.00', 5), ...amounts('1000.00', '0.00', '25.00', '25.00') },
      { ...hsn('b2c', '999652', 'NA', '5.00', '209150.00', 18), ...amounts('177245.76', '31814.24', '45.00', '45.00') },
    ]);
    expect(s.documents).toEqual([
      {
        nature: 'Invoices for outward supply',
        series: 'INV/26-27/',
        from: 'INV/26-27/00001',
        to: 'INV/26-27/00009',
        total: 9,
        cancelled: 1,
      },
      { nature: 'Credit Note', series: 'CN/26-27/', from: 'CN/26-27/00001', to: 'CN/26-27/00004', total: 4, cancelled: 0 },
    ]);
    expect(s.total).toEqual({ ...amounts('193545.76', '32624.24', '970.00', '970.00'), total: '228110.00' });
  });

  it.each(['2026-07', '2026-08'])('adds up in %s: the tables make the total, and so does the HSN/SAC summary', async (month) => {
    const s = (await get(gst, `/api/administrator/reports/accounts/gst-summary/?month=${month}`)).json();
    const paise = (v: string) => Math.round(Number(v) * 100);
    const sum = (rows: { taxable_value: string }[]) => rows.reduce((n, r) => n + paise(r.taxable_value), 0);
    // Credit notes take value away, debit notes (supplementary invoices) add it.
    const notes = (rows: { taxable_value: string; note_type: 'C' | 'D' }[]) =>
      rows.reduce((n, r) => n + (r.note_type === 'D' ? 1 : -1) * paise(r.taxable_value), 0);
    const exempt = s.exempt.reduce(
      (n: number, r: { nil_rated: string; exempted: string }) => n + paise(r.nil_rated) + paise(r.exempted),
      0,
    );
    expect(sum(s.b2b) + sum(s.b2cl) + sum(s.b2cs) + notes(s.cdnr) + notes(s.cdnur) + exempt).toBe(paise(s.total.taxable_value));
    expect(sum(s.hsn)).toBe(paise(s.total.taxable_value));
  });

  it('counts a credit note in the month it is issued, and reports a supplementary invoice as a debit note', async () => {
    const s = (await get(gst, '/api/administrator/reports/accounts/gst-summary/?month=2026-08')).json();
    // The supplementary invoice to the registered buyer is not a new B2B invoice: it is 9B's debit note against INV 1.
    expect(s.b2b).toEqual([]);
    expect(s.cdnr).toEqual([
      {
        note_type: 'C',
        buyer_gstin: BUYER_KA,
        buyer_name: 'Karnataka Tech Pvt Ltd',
        number: 'CN/26-27/00005',
        date: '2026-08-02',
        invoice_number: 'INV/26-27/00001',
        invoice_date: '2026-07-03',
        note_value: '1230.00',
        place_of_supply: '29-Karnataka',
        rate: 18,
        ...amounts('1000.00', '0.00', '90.00', '90.00'),
      },
      {
        note_type: 'D',
        buyer_gstin: BUYER_KA,
        buyer_name: 'Karnataka Tech Pvt Ltd',
        number: 'INV/26-27/00011',
        date: '2026-08-05',
        invoice_number: 'INV/26-27/00001',
        invoice_date: '2026-07-03',
        note_value: '1180.00',
        place_of_supply: '29-Karnataka',
        rate: 18,
        ...amounts('1000.00', '0.00', '90.00', '90.00'),
      },
    ]);
    expect(s.exempt[1]).toEqual({
      description: 'Intra-State supplies to registered persons',
      nil_rated: '0.00',
      exempted: '-50.00',
      non_gst: '0.00',
    });
    // The small sale's supplementary invoice adds to B2C small supplies (₹100 + 18 %).
    expect(s.b2cs).toEqual([{ place_of_supply: '29-Karnataka', rate: 18, ...amounts('1100.00', '0.00', '99.00', '99.00') }]);
    // A supplement sells nothing more: the HSN quantity counts only the August sale's one unit.
    expect(s.hsn.find((r: { supply: string; rate: number }) => r.supply === 'b2c' && r.rate === 18)?.quantity).toBe('1.00');
    expect(s.documents.map((d: { from: string; to: string; total: number }) => [d.from, d.to, d.total])).toEqual([
      ['INV/26-27/00010', 'INV/26-27/00012', 3],
      ['CN/26-27/00005', 'CN/26-27/00005', 1],
    ]);
    // The offline tool's cdnr sheet says which note is which.
    const file = await get(gst, '/api/administrator/reports/accounts/gst-summary/?month=2026-08&format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.getWorksheet('cdnr')!;
    const header = (sheet.getRow(2).values as unknown[]).indexOf('Note Type');
    expect([sheet.getRow(3).getCell(header).value, sheet.getRow(4).getCell(header).value]).toEqual(['C', 'D']);
  });

  it('exports a workbook with the offline tool’s sheets and headers, and the tables stacked as CSV', async () => {
    const res = await get(gst, '/api/administrator/reports/accounts/gst-summary/?month=2026-07&format=xlsx');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    expect(book.worksheets.map((w) => w.name)).toEqual(['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exemp', 'hsn(b2b)', 'hsn(b2c)', 'docs']);
    /** A sheet's header row and data rows (row 1 is its title). */
    const table = (name: string) => {
      const rows: unknown[][] = [];
      book.getWorksheet(name)!.eachRow((row, n) => {
        if (n > 1) rows.push((row.values as unknown[]).slice(1));
      });
      return rows;
    };
    expect(table('b2b')).toEqual([
      [
        'GSTIN/UIN of Recipient',
        'Receiver Name',
        'Invoice Number',
        'Invoice date',
        'Invoice Value',
        'Place Of Supply',
        'Reverse Charge',
        'Applicable % of Tax Rate',
        'Invoice Type',
        'E-Commerce GSTIN',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ],
      [
        BUYER_KA,
        'Karnataka Tech Pvt Ltd',
        'INV/26-27/00001',
        '03-Jul-2026',
        12300,
        '29-Karnataka',
        'N',
        undefined,
        'Regular B2B',
        undefined,
        18,
        10000,
        0,
      ],
      [
        BUYER_TN,
        'Chennai Sports LLP',
        'INV/26-27/00002',
        '05-Jul-2026',
        5900,
        '33-Tamil Nadu',
        'N',
        undefined,
        'Regular B2B',
        undefined,
        18,
        5000,
        0,
      ],
    ]);
    expect(table('b2cs')).toEqual([
      ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
      ['OE', '29-Karnataka', 5, undefined, 1000, 0],
      ['OE', '29-Karnataka', 18, undefined, 500, 0],
      ['OE', '33-Tamil Nadu', 18, undefined, 86745.76, 0],
    ]);
    expect(table('cdnur')).toEqual([
      [
        'UR Type',
        'Note Number',
        'Note Date',
        'Note Type',
        'Place Of Supply',
        'Note Value',
        'Applicable % of Tax Rate',
        'Rate',
        'Taxable Value',
        'Cess Amount',
      ],
      ['B2CL', 'CN/26-27/00002', '21-Jul-2026', 'C', '33-Tamil Nadu', 11800, undefined, 18, 10000, 0],
    ]);
    expect(table('hsn(b2c)')[0]).toEqual([
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ]);
    expect(table('exemp')[0]).toEqual([
      'Description',
      'Nil Rated Supplies',
      'Exempted(other than nil rated/non GST supply)',
      'Non-GST Supplies',
    ]);
    expect(table('docs')).toEqual([
      ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
      ['Invoices for outward supply', 'INV/26-27/00001', 'INV/26-27/00009', 9, 1],
      ['Credit Note', 'CN/26-27/00001', 'CN/26-27/00004', 4, 0],
    ]);

    const csv = (await get(gst, '/api/administrator/reports/accounts/gst-summary/?month=2026-07&format=csv')).body;
    for (const section of [
      '4A B2B',
      '5 B2CL',
      '7 B2CS',
      '9B CDNR',
      '9B CDNUR',
      '8 Nil rated, exempted, non-GST',
      '12 HSN/SAC (B2C)',
      '13 Documents issued',
    ])
      expect(csv).toContain(section);
  });
});

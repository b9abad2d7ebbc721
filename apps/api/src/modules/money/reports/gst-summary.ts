/**
 * Accounts › GST summary: a month's GSTR-1, table by table as the GST portal's offline tool lays
 * them out. As a file: the tables stacked in one sheet (CSV), or a workbook with one sheet per
 * table of the offline tool, named and headed as its sheets are, so an accountant can paste each
 * sheet's rows into the tool's.
 *
 * Which table a document's lines go to (each line at its own rate):
 * - 0 % lines: table 8 (exemp) only, by inter/intra-state and registered/unregistered buyer —
 *   goods (an HSN code) nil rated, services (a SAC, 99…) exempted.
 * - an invoice to a buyer with a GSTIN: B2B (4A); its credit notes: CDNR (9B), note type C.
 * - an inter-state invoice above ₹1,00,000 to an unregistered buyer: B2CL (5), per invoice; its
 *   credit notes: CDNUR (9B).
 * - every other invoice to an unregistered buyer: B2CS (7), by place of supply and rate, less its
 *   credit notes, which appear in no credit-note table.
 * - a supplementary invoice (a dearer move's difference, `supplements_id`) raises the value of the
 *   invoice it supplements: section 34(3) makes it a debit note, so it goes where that invoice's
 *   notes go — CDNR or CDNUR with note type D, or added into B2CS — never as a new B2B/B2CL invoice.
 * - every line (0 % too): the HSN/SAC summary (12), for registered and unregistered buyers apart,
 *   net of credit notes (the quantity is what the invoices sold).
 * Every document counts in the month of its date: a credit note in the month it is issued, a
 * cancelled invoice like any other (its credit note takes it back); table 13 counts each series'
 * documents and, of the invoices, those cancelled. Bills of supply (issued without a GSTIN) are not
 * part of a GSTR-1 and are only totalled.
 */
import { GST_EXEMPT_KINDS, GST_STATES, moneyFromSql, sameState, type GstSummary } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { sheet, type ExportColumn } from '../../../platform/export.js';
import type { ReportDefinition } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { displayDate, monthOf } from '../../../platform/time.js';

const money = moneyFromSql;

/** Above this invoice value an inter-state supply to an unregistered buyer is reported per invoice (B2CL). */
export const B2CL_ABOVE = '100000.00';

/** A place of supply as the offline tool writes it: "29-Karnataka" (the name alone when it is no state's). */
export function placeOfSupply(state: string): string {
  const code = Object.entries(GST_STATES).find(([, name]) => sameState(name, state))?.[0];
  return code ? `${code}-${GST_STATES[code]}` : state;
}

/** The offline tool's dates: 05-Jul-2026. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const toolDate = (isoDate: string) => `${isoDate.slice(8, 10)}-${MONTHS[Number(isoDate.slice(5, 7)) - 1]}-${isoDate.slice(0, 4)}`;

type Amounts = { taxable_value: string; igst: string; cgst: string; sgst: string };
const amounts = <T extends Amounts>(r: T): T => ({
  ...r,
  taxable_value: money(r.taxable_value),
  igst: money(r.igst),
  cgst: money(r.cgst),
  sgst: money(r.sgst),
});

/** The month's GSTR-1 tables. */
export async function gstSummary(tx: Tx, ctx: Ctx, month: string, asked?: string): Promise<GstSummary> {
  const { from, to } = monthOf(`${month}-01`);
  const org = ctx.organisationId;
  // GSTR-1 is filed per registration: the organisation's GSTIN and each centre registered apart.
  const registrations = await queryRows<{ gstin: string }>(
    tx,
    sql`select gstin from organisation where id = ${org} and gstin <> ''
        union select gstin from centre where organisation_id = ${org} and gstin <> ''
        union select distinct seller ->> 'gstin' from invoice
          where organisation_id = ${org} and date between ${from}::date and ${to}::date and coalesce(seller ->> 'gstin', '') <> ''`,
  );
  const [home] = await queryRows<{ gstin: string }>(tx, sql`select gstin from organisation where id = ${org}`);
  const gstin = asked || home?.gstin || registrations[0]?.gstin || '';
  // A registration's documents: its tax invoices, credit notes and bills of supply (0 % sales, table 8).
  const ofRegistration = (alias: string) =>
    sql`coalesce(${sql.raw(alias)}.seller ->> 'gstin', '') = ${gstin} and (${gstin} <> '' or not ${sql.raw(alias)}.bill_of_supply)`;
  const state = (column: string) => `lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`;
  // The month's tax-invoice and credit-note lines, each with its table (`section`): a credit note
  // follows the invoice it is against (its buyer and place of supply are the invoice's; B2CL by
  // the invoice's value), and so does a supplementary invoice, the debit note (`note_type` D) of
  // the invoice it supplements. `sign` is −1 on a credit note.
  const lines = sql`select i.id, i.kind, i.number, i.date, i.buyer_name, i.buyer_gstin, i.place_of_supply, i.total as document_total,
        coalesce(a.number, '') as against_number, a.date as against_date, i.buyer_gstin <> '' as registered, x.inter,
        i.supplements_id is not null as supplementary,
        case when i.kind = 'credit_note' then 'C' else 'D' end as note_type,
        case when i.kind = 'credit_note' then -1 else 1 end as sign, l.gst_rate::float8 as rate, l.sac_code, l.quantity,
        l.taxable_value, l.cgst, l.sgst, l.igst, l.total,
        case when l.gst_rate = 0 then 'exempt'
             when i.buyer_gstin <> '' then case when i.kind = 'invoice' and i.supplements_id is null then 'b2b' else 'cdnr' end
             when x.inter and coalesce(a.total, i.total) > ${B2CL_ABOVE}::numeric
               then case when i.kind = 'invoice' and i.supplements_id is null then 'b2cl' else 'cdnur' end
             else 'b2cs' end as section
      from invoice i
        join invoice_line l on l.organisation_id = i.organisation_id and l.invoice_id = i.id
        left join invoice a on a.organisation_id = i.organisation_id and a.id = coalesce(i.against_id, i.supplements_id)
        cross join lateral (select not (coalesce(i.seller ->> 'state', '') = '' or i.place_of_supply = ''
          or ${sql.raw(state(`i.seller ->> 'state'`))} = ${sql.raw(state('i.place_of_supply'))}) as inter) x
      where i.organisation_id = ${org} and i.date between ${from}::date and ${to}::date and ${ofRegistration('i')}`;
  // Signed sums (tables net of credit notes) and plain sums (a credit note's own row).
  const net = sql`sum(sign * taxable_value)::text as taxable_value, sum(sign * igst)::text as igst, sum(sign * cgst)::text as cgst,
        sum(sign * sgst)::text as sgst`;
  const own = sql`sum(taxable_value)::text as taxable_value, sum(igst)::text as igst, sum(cgst)::text as cgst, sum(sgst)::text as sgst`;
  const byNumber = sql`length(number), number`;
  type Doc = Amounts & { number: string; date: string; invoice_value: string; place_of_supply: string; rate: number };
  type Note = Amounts & {
    note_type: 'C' | 'D';
    number: string;
    date: string;
    invoice_number: string;
    invoice_date: string;
    note_value: string;
    place_of_supply: string;
    rate: number;
    buyer_gstin: string;
    buyer_name: string;
  };
  const [b2b, b2cl, b2cs, notes, exempt, hsn, docs, [bills], [total]] = await Promise.all([
    queryRows<Doc & { buyer_gstin: string; buyer_name: string }>(
      tx,
      sql`with d as (${lines}) select buyer_gstin, buyer_name, number, date::text as date, document_total::text as invoice_value,
            place_of_supply, rate, ${own}
          from d where section = 'b2b' group by buyer_gstin, buyer_name, number, date, document_total, place_of_supply, rate
          order by ${byNumber}, rate`,
    ),
    queryRows<Doc>(
      tx,
      sql`with d as (${lines}) select number, date::text as date, document_total::text as invoice_value, place_of_supply, rate, ${own}
          from d where section = 'b2cl' group by number, date, document_total, place_of_supply, rate order by ${byNumber}, rate`,
    ),
    queryRows<Amounts & { place_of_supply: string; rate: number }>(
      tx,
      sql`with d as (${lines}) select place_of_supply, rate, ${net} from d where section = 'b2cs'
          group by place_of_supply, rate order by place_of_supply, rate`,
    ),
    queryRows<Note & { section: 'cdnr' | 'cdnur' }>(
      tx,
      sql`with d as (${lines}) select section, note_type, buyer_gstin, buyer_name, number, date::text as date, against_number as invoice_number,
            coalesce(against_date::text, '') as invoice_date, document_total::text as note_value, place_of_supply, rate, ${own}
          from d where section in ('cdnr', 'cdnur')
          group by section, note_type, buyer_gstin, buyer_name, number, date, against_number, against_date, document_total, place_of_supply, rate
          order by ${byNumber}, rate`,
    ),
    queryRows<{ registered: boolean; inter: boolean; nil_rated: string; exempted: string }>(
      tx,
      sql`with d as (${lines}) select registered, inter,
            coalesce(sum(sign * total) filter (where sac_code <> '' and sac_code not like '99%'), 0)::text as nil_rated,
            coalesce(sum(sign * total) filter (where sac_code = '' or sac_code like '99%'), 0)::text as exempted
          from d where section = 'exempt' group by registered, inter`,
    ),
    queryRows<Amounts & { registered: boolean; sac_code: string; rate: number; quantity: string; total_value: string }>(
      tx,
      sql`with d as (${lines}) select registered, sac_code, rate, coalesce(sum(quantity) filter (where kind = 'invoice' and not supplementary), 0)::text as quantity,
            sum(sign * total)::text as total_value, ${net}
          from d group by registered, sac_code, rate order by registered desc, sac_code, rate`,
    ),
    queryRows<{ kind: 'invoice' | 'credit_note'; series: string; from: string; to: string; total: number; cancelled: number }>(
      tx,
      sql`select kind, regexp_replace(number, '[0-9]+$', '') as series,
            (array_agg(number order by length(number), number))[1] as from,
            (array_agg(number order by length(number) desc, number desc))[1] as to,
            count(*)::int as total, count(*) filter (where kind = 'invoice' and status = 'cancelled')::int as cancelled
          from invoice i where organisation_id = ${org} and date between ${from}::date and ${to}::date and ${ofRegistration('i')}
          group by kind, series order by kind desc, series`,
    ),
    queryRows<{ amount: string }>(
      tx,
      sql`select coalesce(sum(case when kind = 'credit_note' then -total else total end), 0)::text as amount from invoice
          where organisation_id = ${org} and date between ${from}::date and ${to}::date and bill_of_supply
            and coalesce(seller ->> 'gstin', '') = ''`,
    ),
    queryRows<Amounts & { total: string }>(tx, sql`with d as (${lines}) select ${net}, sum(sign * total)::text as total from d`),
  ]);
  const pos = <T extends { place_of_supply: string }>(r: T): T => ({ ...r, place_of_supply: placeOfSupply(r.place_of_supply) });
  const rated = <T extends { rate: number }>(r: T): T => ({ ...r, rate: Number(r.rate) });
  const exemptOf = (kind: (typeof GST_EXEMPT_KINDS)[number]) => {
    const inter = kind.startsWith('Inter');
    const registered = !kind.includes('unregistered');
    const row = exempt.find((r) => r.inter === inter && r.registered === registered);
    return { description: kind, nil_rated: money(row?.nil_rated ?? '0'), exempted: money(row?.exempted ?? '0'), non_gst: '0.00' };
  };
  return {
    month,
    from,
    to,
    gstin,
    gstins: [...new Set(registrations.map((g) => g.gstin))].sort(),
    b2b: b2b.map((r) => amounts(pos(rated({ ...r, invoice_value: money(r.invoice_value) })))),
    b2cl: b2cl.map((r) => amounts(pos(rated({ ...r, invoice_value: money(r.invoice_value) })))),
    b2cs: b2cs.map((r) => amounts(pos(rated(r)))),
    cdnr: notes
      .filter((n) => n.section === 'cdnr')
      .map(({ section: _, ...n }) => amounts(pos(rated({ ...n, note_value: money(n.note_value) })))),
    cdnur: notes
      .filter((n) => n.section === 'cdnur')
      .map(({ section: _, buyer_gstin: __, buyer_name: ___, ...n }) =>
        amounts(pos(rated({ ur_type: 'B2CL' as const, ...n, note_value: money(n.note_value) }))),
      ),
    exempt: GST_EXEMPT_KINDS.map(exemptOf),
    hsn: hsn.map(({ registered, ...r }) =>
      amounts(
        rated({
          supply: registered ? ('b2b' as const) : ('b2c' as const),
          ...r,
          uqc: r.sac_code.startsWith('99') || r.sac_code === '' ? 'NA' : 'NOS-NUMBERS',
          quantity: Number(r.quantity).toFixed(2),
          total_value: money(r.total_value),
        }),
      ),
    ),
    documents: docs.map(({ kind, ...d }) => ({ nature: kind === 'invoice' ? 'Invoices for outward supply' : 'Credit Note', ...d })),
    bills_of_supply: money(bills.amount),
    total: { ...amounts(total), total: money(total.total) },
  };
}

// ---- the file ----

type Row = Record<string, string | number>;

/** The tables stacked in one sheet (the CSV): a Section column, then each table's own fields. */
function stackedRows(s: GstSummary): Row[] {
  const out: Row[] = [];
  const push = (section: string, r: Row) => out.push({ section, ...r });
  const tax = (r: Amounts) => ({ taxable_value: r.taxable_value, igst: r.igst, cgst: r.cgst, sgst: r.sgst });
  for (const r of s.b2b)
    push('4A B2B', {
      number: r.number,
      date: r.date,
      party: `${r.buyer_name} (${r.buyer_gstin})`,
      place: r.place_of_supply,
      value: r.invoice_value,
      rate: r.rate,
      ...tax(r),
    });
  for (const r of s.b2cl)
    push('5 B2CL', { number: r.number, date: r.date, place: r.place_of_supply, value: r.invoice_value, rate: r.rate, ...tax(r) });
  for (const r of s.b2cs) push('7 B2CS', { place: r.place_of_supply, rate: r.rate, ...tax(r) });
  for (const r of s.cdnr)
    push('9B CDNR', {
      number: `${r.number} (${r.note_type === 'C' ? 'credit' : 'debit'} note)`,
      date: r.date,
      party: `${r.buyer_name} (${r.buyer_gstin})`,
      against: `${r.invoice_number} of ${r.invoice_date}`,
      place: r.place_of_supply,
      value: r.note_value,
      rate: r.rate,
      ...tax(r),
    });
  for (const r of s.cdnur)
    push('9B CDNUR', {
      number: `${r.number} (${r.note_type === 'C' ? 'credit' : 'debit'} note)`,
      date: r.date,
      party: r.ur_type,
      against: `${r.invoice_number} of ${r.invoice_date}`,
      place: r.place_of_supply,
      value: r.note_value,
      rate: r.rate,
      ...tax(r),
    });
  for (const r of s.exempt)
    push('8 Nil rated, exempted, non-GST', { party: r.description, nil: r.nil_rated, exempted: r.exempted, non_gst: r.non_gst });
  for (const r of s.hsn)
    push(`12 HSN/SAC (${r.supply.toUpperCase()})`, {
      number: r.sac_code,
      party: `${r.quantity} ${r.uqc}`,
      value: r.total_value,
      rate: r.rate,
      ...tax(r),
    });
  for (const r of s.documents)
    push('13 Documents issued', { party: r.nature, number: `${r.from} – ${r.to}`, total: r.total, cancelled: r.cancelled });
  push('Total (net of credit notes)', { value: s.total.total, ...tax(s.total) });
  if (s.bills_of_supply !== '0.00') push('Bills of supply (not in GSTR-1)', { value: s.bills_of_supply });
  return out;
}

const col = (header: string, key: string, type?: 'money' | 'number'): ExportColumn<Row> => ({
  header,
  value: (x) => x[key] ?? '',
  ...(type ? { type } : {}),
});

/** A column of an offline-tool sheet: its header as the tool writes it. Amounts are plain numbers. */
const tool = <T>(header: string, value: (r: T) => string | number): ExportColumn<T> => ({ header, value, type: 'text' });
const num = <T>(header: string, value: (r: T) => string | number): ExportColumn<T> => ({
  header,
  value: (r) => Number(value(r)),
  type: 'number',
});
const blank = <T>(header: string): ExportColumn<T> => ({ header, value: () => '' });

type B2b = GstSummary['b2b'][number];
type B2cl = GstSummary['b2cl'][number];
type B2cs = GstSummary['b2cs'][number];
type Cdnr = GstSummary['cdnr'][number];
type Cdnur = GstSummary['cdnur'][number];
type Exempt = GstSummary['exempt'][number];
type Hsn = GstSummary['hsn'][number];
type Doc = GstSummary['documents'][number];

const hsnColumns: ExportColumn<Hsn>[] = [
  tool('HSN', (r) => r.sac_code),
  blank('Description'),
  tool('UQC', (r) => r.uqc),
  num('Total Quantity', (r) => r.quantity),
  num('Total Value', (r) => r.total_value),
  num('Rate', (r) => r.rate),
  num('Taxable Value', (r) => r.taxable_value),
  num('Integrated Tax Amount', (r) => r.igst),
  num('Central Tax Amount', (r) => r.cgst),
  num('State/UT Tax Amount', (r) => r.sgst),
  num('Cess Amount', () => 0),
];

/** The workbook: one sheet per table of the offline tool, named and headed as the tool's sheets are. */
export const gstSheets = (s: GstSummary) => [
  sheet<B2b>({
    title: 'b2b',
    rows: s.b2b,
    columns: [
      tool('GSTIN/UIN of Recipient', (r) => r.buyer_gstin),
      tool('Receiver Name', (r) => r.buyer_name),
      tool('Invoice Number', (r) => r.number),
      tool('Invoice date', (r) => toolDate(r.date)),
      num('Invoice Value', (r) => r.invoice_value),
      tool('Place Of Supply', (r) => r.place_of_supply),
      tool('Reverse Charge', () => 'N'),
      blank('Applicable % of Tax Rate'),
      tool('Invoice Type', () => 'Regular B2B'),
      blank('E-Commerce GSTIN'),
      num('Rate', (r) => r.rate),
      num('Taxable Value', (r) => r.taxable_value),
      num('Cess Amount', () => 0),
    ],
  }),
  sheet<B2cl>({
    title: 'b2cl',
    rows: s.b2cl,
    columns: [
      tool('Invoice Number', (r) => r.number),
      tool('Invoice date', (r) => toolDate(r.date)),
      num('Invoice Value', (r) => r.invoice_value),
      tool('Place Of Supply', (r) => r.place_of_supply),
      num('Rate', (r) => r.rate),
      blank('Applicable % of Tax Rate'),
      num('Taxable Value', (r) => r.taxable_value),
      num('Cess Amount', () => 0),
      blank('E-Commerce GSTIN'),
    ],
  }),
  sheet<B2cs>({
    title: 'b2cs',
    rows: s.b2cs,
    columns: [
      tool('Type', () => 'OE'),
      tool('Place Of Supply', (r) => r.place_of_supply),
      num('Rate', (r) => r.rate),
      blank('Applicable % of Tax Rate'),
      num('Taxable Value', (r) => r.taxable_value),
      num('Cess Amount', () => 0),
      blank('E-Commerce GSTIN'),
    ],
  }),
  sheet<Cdnr>({
    title: 'cdnr',
    rows: s.cdnr,
    columns: [
      tool('GSTIN/UIN of Recipient', (r) => r.buyer_gstin),
      tool('Receiver Name', (r) => r.buyer_name),
      tool('Note Number', (r) => r.number),
      tool('Note Date', (r) => toolDate(r.date)),
      tool('Note Type', (r) => r.note_type),
      tool('Place Of Supply', (r) => r.place_of_supply),
      tool('Reverse Charge', () => 'N'),
      tool('Note Supply Type', () => 'Regular B2B'),
      num('Note Value', (r) => r.note_value),
      blank('Applicable % of Tax Rate'),
      num('Rate', (r) => r.rate),
      num('Taxable Value', (r) => r.taxable_value),
      num('Cess Amount', () => 0),
    ],
  }),
  sheet<Cdnur>({
    title: 'cdnur',
    rows: s.cdnur,
    columns: [
      tool('UR Type', (r) => r.ur_type),
      tool('Note Number', (r) => r.number),
      tool('Note Date', (r) => toolDate(r.date)),
      tool('Note Type', (r) => r.note_type),
      tool('Place Of Supply', (r) => r.place_of_supply),
      num('Note Value', (r) => r.note_value),
      blank('Applicable % of Tax Rate'),
      num('Rate', (r) => r.rate),
      num('Taxable Value', (r) => r.taxable_value),
      num('Cess Amount', () => 0),
    ],
  }),
  sheet<Exempt>({
    title: 'exemp',
    rows: s.exempt,
    columns: [
      tool('Description', (r) => r.description),
      num('Nil Rated Supplies', (r) => r.nil_rated),
      num('Exempted(other than nil rated/non GST supply)', (r) => r.exempted),
      num('Non-GST Supplies', (r) => r.non_gst),
    ],
  }),
  sheet<Hsn>({ title: 'hsn(b2b)', rows: s.hsn.filter((r) => r.supply === 'b2b'), columns: hsnColumns }),
  sheet<Hsn>({ title: 'hsn(b2c)', rows: s.hsn.filter((r) => r.supply === 'b2c'), columns: hsnColumns }),
  sheet<Doc>({
    title: 'docs',
    rows: s.documents,
    columns: [
      tool('Nature of Document', (r) => r.nature),
      tool('Sr. No. From', (r) => r.from),
      tool('Sr. No. To', (r) => r.to),
      num('Total Number', (r) => r.total),
      num('Cancelled', (r) => r.cancelled),
    ],
  }),
];

/** `GET …/gst-summary/?month=YYYY-MM` (default: this month). */
export const gstSummaryReport: ReportDefinition<{ month?: string; gstin?: string }, GstSummary, Row> = {
  summary:
    "A month's GSTR-1: B2B, B2CL, B2CS, credit notes (CDNR, CDNUR), nil rated and exempt supplies, HSN/SAC summary, documents issued",
  window: null,
  run: ({ tx, ctx, q }) => gstSummary(tx, ctx, q.month ?? ctx.now.today.slice(0, 7), q.gstin),
  file: ({ report }) => ({
    filename: `gstr-1-${report.gstin ? `${report.gstin}-` : ''}${report.month}`,
    title: `GSTR-1 ${report.month}`,
    filters: [`Month: ${displayDate(report.from)} – ${displayDate(report.to)}`, ...(report.gstin ? [`GSTIN: ${report.gstin}`] : [])],
    columns: [
      col('Section', 'section'),
      col('Number', 'number'),
      col('Date', 'date'),
      col('Party', 'party'),
      col('Against', 'against'),
      col('Place of supply', 'place'),
      col('Value', 'value', 'money'),
      col('Rate %', 'rate', 'number'),
      col('Taxable value', 'taxable_value', 'money'),
      col('IGST', 'igst', 'money'),
      col('CGST', 'cgst', 'money'),
      col('SGST', 'sgst', 'money'),
      col('Nil rated', 'nil', 'money'),
      col('Exempted', 'exempted', 'money'),
      col('Non-GST', 'non_gst', 'money'),
      col('Total number', 'total', 'number'),
      col('Cancelled', 'cancelled', 'number'),
    ],
    rows: stackedRows(report),
    workbook: gstSheets(report),
  }),
};

/**
 * Accounts › GST summary: a month's GST documents laid out like GSTR-1's sections; as a file, one
 * stacked sheet (CSV), or a workbook with one sheet per GSTR-1 table (XLSX).
 */
import { moneyFromSql, type GstSummary } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../platform/db/client.js';
import { sheet, type ExportColumn } from '../../../platform/export.js';
import type { ReportDefinition } from '../../../platform/report.js';
import type { Ctx } from '../../../platform/request-context.js';
import { displayDate, monthOf } from '../../../platform/time.js';

const money = moneyFromSql;

/** The month's GST documents, laid out like GSTR-1's sections. */
export async function gstSummary(tx: Tx, ctx: Ctx, month: string): Promise<GstSummary> {
  const { from, to } = monthOf(`${month}-01`);
  const org = ctx.organisationId;
  // Document lines of the month with a sign (credit notes reduce); a cancelled invoice that kept
  // no money (void) is not a supply. Bills of supply are exempt/non-GST value.
  const lines = sql`select i.id, i.kind, i.number, i.date, i.buyer_name, i.buyer_gstin, i.place_of_supply, i.against_id, i.total as document_total,
        case when i.kind = 'credit_note' then -1 else 1 end as sign, l.gst_rate::float8 as rate, l.sac_code, l.quantity,
        l.taxable_value, l.cgst, l.sgst, l.igst, l.total
      from invoice i join invoice_line l on l.organisation_id = i.organisation_id and l.invoice_id = i.id
      where i.organisation_id = ${org} and i.date between ${from}::date and ${to}::date and not i.bill_of_supply
        and not (i.kind = 'invoice' and i.status = 'cancelled' and i.paid = 0 and i.credited = 0)`;
  const sums = sql`sum(sign * taxable_value)::text as taxable_value, sum(sign * cgst)::text as cgst, sum(sign * sgst)::text as sgst,
        sum(sign * igst)::text as igst, sum(sign * total)::text as total`;
  type Sums = { taxable_value: string; cgst: string; sgst: string; igst: string; total: string };
  const fix = <T extends Sums>(r: T) => ({
    ...r,
    taxable_value: money(r.taxable_value),
    cgst: money(r.cgst),
    sgst: money(r.sgst),
    igst: money(r.igst),
    total: money(r.total),
  });
  const [byRate, bySac, b2b, b2c, notes, docs, [exempt], [total]] = await Promise.all([
    queryRows<Sums & { rate: number; invoices: number }>(
      tx,
      sql`with d as (${lines}) select rate, count(distinct id) filter (where kind = 'invoice')::int as invoices, ${sums} from d group by rate order by rate`,
    ),
    queryRows<Sums & { sac_code: string; rate: number; quantity: string }>(
      tx,
      sql`with d as (${lines}) select sac_code, rate, sum(sign * quantity)::text as quantity, ${sums} from d group by sac_code, rate order by sac_code, rate`,
    ),
    queryRows<
      Sums & {
        number: string;
        date: string;
        buyer_name: string;
        buyer_gstin: string;
        place_of_supply: string;
        rate: number;
        invoice_value: string;
      }
    >(
      tx,
      sql`with d as (${lines}) select number, date::text as date, buyer_name, buyer_gstin, place_of_supply, rate, min(document_total)::text as invoice_value, ${sums}
          from d where kind = 'invoice' and buyer_gstin <> '' group by number, date, buyer_name, buyer_gstin, place_of_supply, rate order by number, rate`,
    ),
    queryRows<Sums & { place_of_supply: string; rate: number }>(
      tx,
      sql`with d as (${lines}) select place_of_supply, rate, ${sums} from d where buyer_gstin = '' group by place_of_supply, rate order by place_of_supply, rate`,
    ),
    queryRows<Sums & { number: string; date: string; against: string; buyer_name: string; buyer_gstin: string; rate: number }>(
      tx,
      sql`with d as (${lines}) select d.number, d.date::text as date, coalesce(a.number, '') as against, d.buyer_name, d.buyer_gstin, d.rate,
            sum(d.taxable_value)::text as taxable_value, sum(d.cgst)::text as cgst, sum(d.sgst)::text as sgst, sum(d.igst)::text as igst, sum(d.total)::text as total
          from d left join invoice a on a.organisation_id = ${org} and a.id = d.against_id
          where d.kind = 'credit_note' group by 1, 2, 3, 4, 5, 6 order by 1, 6`,
    ),
    queryRows<{ series: string; from: string; to: string; total: number; cancelled: number }>(
      tx,
      sql`select case kind when 'invoice' then 'Invoices for outward supply' else 'Credit notes' end as series,
            min(number) as from, max(number) as to, count(*)::int as total,
            count(*) filter (where kind = 'invoice' and status = 'cancelled' and paid = 0 and credited = 0)::int as cancelled
          from invoice where organisation_id = ${org} and date between ${from}::date and ${to}::date group by kind order by kind desc`,
    ),
    queryRows<{ amount: string }>(
      tx,
      sql`select coalesce(sum(case when kind = 'credit_note' then -total else total end), 0)::text as amount from invoice
          where organisation_id = ${org} and date between ${from}::date and ${to}::date and bill_of_supply
            and not (kind = 'invoice' and status = 'cancelled' and paid = 0 and credited = 0)`,
    ),
    queryRows<Sums>(tx, sql`with d as (${lines}) select ${sums} from d`),
  ]);
  return {
    month,
    from,
    to,
    by_rate: byRate.map((r) => fix({ ...r, rate: Number(r.rate) })),
    by_sac: bySac.map((r) => fix({ ...r, rate: Number(r.rate), quantity: Number(r.quantity ?? 0).toFixed(2) })),
    b2b: b2b.map((r) => fix({ ...r, rate: Number(r.rate), invoice_value: money(r.invoice_value) })),
    b2c: b2c.map((r) => fix({ ...r, rate: Number(r.rate) })),
    credit_notes: notes.map((r) => fix({ ...r, rate: Number(r.rate) })),
    documents: docs,
    exempt: money(exempt.amount),
    total: fix(total),
  };
}

/** GSTR-1's sections stacked in one sheet: a Section column, then the section's own fields. */
function gstRows(s: GstSummary) {
  type Row = Record<string, string | number>;
  const out: Row[] = [];
  const push = (section: string, r: Row) => out.push({ section, ...r });
  for (const r of s.b2b)
    push('4A B2B', {
      number: r.number,
      date: r.date,
      party: `${r.buyer_name} (${r.buyer_gstin})`,
      place: r.place_of_supply,
      rate: r.rate,
      ...tax(r),
    });
  for (const r of s.b2c) push('7 B2C (others)', { place: r.place_of_supply, rate: r.rate, ...tax(r) });
  for (const r of s.credit_notes)
    push('9B Credit notes', {
      number: r.number,
      date: r.date,
      party: `${r.buyer_name}${r.buyer_gstin ? ` (${r.buyer_gstin})` : ''}`,
      place: `Against ${r.against}`,
      rate: r.rate,
      ...tax(r),
    });
  for (const r of s.by_sac) push('12 HSN/SAC summary', { number: r.sac_code, party: `Qty ${r.quantity}`, rate: r.rate, ...tax(r) });
  for (const r of s.by_rate) push('Outward supplies by rate', { party: `${r.invoices} invoices`, rate: r.rate, ...tax(r) });
  if (s.exempt !== '0.00') push('8 Nil rated / exempt / non-GST', { total: s.exempt });
  for (const r of s.documents)
    push('13 Documents issued', { number: `${r.from} – ${r.to}`, party: r.series, place: `Total ${r.total}, cancelled ${r.cancelled}` });
  push('Total (net of credit notes)', tax(s.total));
  return out;
}
const tax = (r: { taxable_value: string; cgst: string; sgst: string; igst: string; total: string }) => ({
  taxable_value: r.taxable_value,
  cgst: r.cgst,
  sgst: r.sgst,
  igst: r.igst,
  total: r.total,
});

type TaxRow = { taxable_value: string; cgst: string; sgst: string; igst: string; total: string };
const taxColumns = <T extends TaxRow>(): ExportColumn<T>[] => [
  { header: 'Taxable value', value: (r) => r.taxable_value, type: 'money' },
  { header: 'CGST', value: (r) => r.cgst, type: 'money' },
  { header: 'SGST', value: (r) => r.sgst, type: 'money' },
  { header: 'IGST', value: (r) => r.igst, type: 'money' },
  { header: 'Total', value: (r) => r.total, type: 'money' },
];

/** The GST summary as a workbook with one sheet per GSTR-1 table, named as the offline tool names them. */
const gstSheets = (s: GstSummary) => [
  sheet({
    title: 'b2b',
    rows: s.b2b,
    columns: [
      { header: 'GSTIN of recipient', value: (r) => r.buyer_gstin },
      { header: 'Receiver name', value: (r) => r.buyer_name },
      { header: 'Invoice number', value: (r) => r.number },
      { header: 'Invoice date', value: (r) => r.date, type: 'date' },
      { header: 'Invoice value', value: (r) => r.invoice_value, type: 'money' },
      { header: 'Place of supply', value: (r) => r.place_of_supply },
      { header: 'Rate %', value: (r) => r.rate, type: 'number' },
      ...taxColumns<GstSummary['b2b'][number]>(),
    ],
  }),
  sheet({
    title: 'b2cs',
    rows: s.b2c,
    columns: [
      { header: 'Place of supply', value: (r) => r.place_of_supply },
      { header: 'Rate %', value: (r) => r.rate, type: 'number' },
      ...taxColumns<GstSummary['b2c'][number]>(),
    ],
  }),
  sheet({
    title: 'cdnr',
    rows: s.credit_notes,
    columns: [
      { header: 'Note number', value: (r) => r.number },
      { header: 'Note date', value: (r) => r.date, type: 'date' },
      { header: 'Against invoice', value: (r) => r.against },
      { header: 'Receiver', value: (r) => r.buyer_name },
      { header: 'GSTIN of recipient', value: (r) => r.buyer_gstin },
      { header: 'Rate %', value: (r) => r.rate, type: 'number' },
      ...taxColumns<GstSummary['credit_notes'][number]>(),
    ],
  }),
  sheet({
    title: 'hsn',
    rows: s.by_sac,
    columns: [
      { header: 'HSN/SAC', value: (r) => r.sac_code },
      { header: 'Rate %', value: (r) => r.rate, type: 'number' },
      { header: 'Total quantity', value: (r) => r.quantity, type: 'number' },
      ...taxColumns<GstSummary['by_sac'][number]>(),
    ],
  }),
  sheet({
    title: 'exemp',
    rows: [{ description: 'Nil rated, exempted and non-GST outward supplies (bills of supply)', value: s.exempt }],
    columns: [
      { header: 'Description', value: (r) => r.description },
      { header: 'Value', value: (r) => r.value, type: 'money' },
    ],
  }),
  sheet({
    title: 'docs',
    rows: s.documents,
    columns: [
      { header: 'Nature of document', value: (r) => r.series },
      { header: 'Sr. no. from', value: (r) => r.from },
      { header: 'Sr. no. to', value: (r) => r.to },
      { header: 'Total number', value: (r) => r.total, type: 'number' },
      { header: 'Cancelled', value: (r) => r.cancelled, type: 'number' },
    ],
  }),
  sheet({
    title: 'rates',
    rows: [...s.by_rate, { rate: 'Total', invoices: '', ...s.total }],
    columns: [
      { header: 'Rate %', value: (r) => r.rate },
      { header: 'Invoices', value: (r) => r.invoices },
      ...taxColumns<TaxRow & { rate: number | string; invoices: number | string }>(),
    ],
  }),
];

type StackedRow = ReturnType<typeof gstRows>[number];
const col = (header: string, key: string, type?: 'money' | 'number'): ExportColumn<StackedRow> => ({
  header,
  value: (x) => x[key] ?? '',
  ...(type ? { type } : {}),
});

/** `GET …/gst-summary/?month=YYYY-MM` (default: this month). */
export const gstSummaryReport: ReportDefinition<{ month?: string }, GstSummary, StackedRow> = {
  summary: "A month's GST: outward supplies by rate and SAC/HSN, B2B and B2C, credit notes, documents issued (GSTR-1's sections)",
  window: null,
  run: ({ tx, ctx, q }) => gstSummary(tx, ctx, q.month ?? ctx.now.today.slice(0, 7)),
  file: ({ report }) => ({
    filename: `gst-summary-${report.month}`,
    title: `GST summary ${report.month}`,
    filters: [`Month: ${displayDate(report.from)} – ${displayDate(report.to)}`],
    columns: [
      col('Section', 'section'),
      col('Number', 'number'),
      col('Date', 'date'),
      col('Party', 'party'),
      col('Place of supply', 'place'),
      col('Rate %', 'rate'),
      col('Taxable value', 'taxable_value', 'money'),
      col('CGST', 'cgst', 'money'),
      col('SGST', 'sgst', 'money'),
      col('IGST', 'igst', 'money'),
      col('Total', 'total', 'money'),
    ],
    rows: gstRows(report),
    workbook: gstSheets(report),
  }),
};

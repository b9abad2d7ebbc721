import type { ReactNode } from 'react';
import { Alert } from '../../components/Alert';
import { Card } from '../../components/Card';
import { ReportFigures } from '../../components/report/ReportParts';
import { ReportTable, type ReportColumn } from '../../components/report/ReportTable';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import type { GstSummary } from './api';
import { monthLabel, paiseOf, sumCount, sumMoney } from './invoice-format';

type Amounts = { taxable_value: string; igst: string; cgst: string; sgst: string };

/** A column of a GSTR-1 table: its header, each row's cell, and the totals row's cell (none when absent). */
interface GstColumn<R> extends ReportColumn {
  cell: (row: R) => ReactNode;
  total?: ReactNode;
}

const TAX_HEADERS = { taxable_value: 'Taxable value', igst: 'IGST', cgst: 'CGST', sgst: 'SGST' } as const;
type TaxKey = keyof typeof TAX_HEADERS;
const ALL_TAXES = Object.keys(TAX_HEADERS) as TaxKey[];

/** Taxable value and IGST, CGST, SGST (or those `keys` name), totalled over `rows`. */
const taxColumns = <R extends Amounts>(rows: readonly R[], keys: readonly TaxKey[] = ALL_TAXES): GstColumn<R>[] =>
  keys.map((k) => ({
    header: TAX_HEADERS[k],
    numeric: true,
    cell: (r) => formatMoney(r[k]),
    total: formatMoney(sumMoney(rows, (r) => r[k])),
  }));
const money = <R,>(header: string, pick: (row: R) => string, rows: readonly R[]): GstColumn<R> => ({
  header,
  numeric: true,
  cell: (r) => formatMoney(pick(r)),
  total: formatMoney(sumMoney(rows, pick)),
});
const rate = <R extends { rate: number }>(): GstColumn<R> => ({ header: 'Rate', numeric: true, cell: (r) => `${r.rate} %` });
const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;
/** A name with a second line under it (a buyer's GSTIN, an invoice's date), so a table keeps its width. */
/** GSTR-1's note type: C a credit note, D a debit note (a supplementary invoice). */
const noteKind = (type: 'C' | 'D') => (type === 'C' ? 'Credit note' : 'Debit note');

const twoLines = (first: ReactNode, second: ReactNode) => (
  <div>
    <div>{first}</div>
    {second && <div className="whitespace-nowrap text-xs font-normal text-muted tabular">{second}</div>}
  </div>
);

/**
 * One GSTR-1 table: a heading, which table and sheet it is and what it holds, and its rows (named
 * by the heading) with a totals row, which starts with "Total"; "None this month." when it has none.
 */
function GstTable<R>({
  title,
  table,
  note,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  table: string;
  note: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: GstColumn<R>[];
}) {
  return (
    <Card className="overflow-hidden">
      <div className="px-4 pb-2 pt-4">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="text-xs text-muted">
          <span className="font-medium">{table}</span> · {note}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-muted">None this month.</p>
      ) : (
        <ReportTable
          label={title}
          columns={columns}
          rows={rows.map((r) => ({ key: rowKey(r), cells: columns.map((c) => c.cell(r)) }))}
          total={columns.map((c, i) => (i === 0 ? 'Total' : (c.total ?? '')))}
        />
      )}
    </Card>
  );
}

/** Reports › Accounts › GST Summary: the month's GSTR-1, table by table as the GST portal's offline tool has them. */
export function GstSummaryView({ report }: { report: GstSummary }) {
  const tax = paiseOf(report.total.igst) + paiseOf(report.total.cgst) + paiseOf(report.total.sgst);
  const documents = sumCount(report.documents, (d) => d.total);
  const cancelled = sumCount(report.documents, (d) => d.cancelled);
  const exempt = sumMoney(report.exempt, (r) => r.nil_rated) + sumMoney(report.exempt, (r) => r.exempted);

  return (
    <>
      <ReportFigures>
        <StatCard
          label="Taxable value"
          value={formatMoney(report.total.taxable_value)}
          sub={`${monthLabel(report.month)} · net of credit notes`}
        />
        <StatCard label="Tax" value={formatMoney(tax / 100)} sub="IGST + CGST + SGST, net of credit notes" />
        <StatCard label="Nil rated / exempt" value={formatMoney(exempt)} sub="Lines at 0 % (table 8)" />
        <StatCard
          label="Documents issued"
          value={formatCount(documents)}
          sub={cancelled ? `${formatCount(cancelled)} cancelled` : 'None cancelled'}
        />
      </ReportFigures>

      {report.gstin && (
        <Alert tone="info">
          {report.gstins.length > 1
            ? `The GSTR-1 of ${report.gstin}. The organisation has ${report.gstins.length} registrations; choose another GSTIN above for its return.`
            : `The GSTR-1 of ${report.gstin}.`}
        </Alert>
      )}
      {paiseOf(report.bills_of_supply) !== 0 && (
        <Alert tone="info">{`Bills of supply worth ${formatMoney(report.bills_of_supply)} were issued without a GSTIN this month: they are not part of a GSTR-1.`}</Alert>
      )}

      <GstTable
        title="B2B invoices"
        table="Table 4A · sheet b2b"
        note="Invoices to buyers with a GSTIN, by invoice and rate."
        rows={report.b2b}
        rowKey={(r) => `${r.number}|${r.rate}`}
        columns={[
          { header: 'Invoice', cell: (r) => twoLines(nowrap(r.number), formatDate(r.date)) },
          { header: 'Buyer', cell: (r) => twoLines(r.buyer_name || '—', r.buyer_gstin) },
          { header: 'Place of supply', cell: (r) => nowrap(r.place_of_supply) },
          { header: 'Invoice value', numeric: true, cell: (r) => formatMoney(r.invoice_value) },
          rate(),
          ...taxColumns(report.b2b),
        ]}
      />

      <GstTable
        title="B2C large invoices"
        table="Table 5 · sheet b2cl"
        note="Inter-state invoices above ₹1,00,000 to buyers without a GSTIN, by invoice and rate."
        rows={report.b2cl}
        rowKey={(r) => `${r.number}|${r.rate}`}
        columns={[
          { header: 'Invoice', cell: (r) => twoLines(nowrap(r.number), formatDate(r.date)) },
          { header: 'Place of supply', cell: (r) => nowrap(r.place_of_supply) },
          { header: 'Invoice value', numeric: true, cell: (r) => formatMoney(r.invoice_value) },
          rate(),
          ...taxColumns(report.b2cl, ['taxable_value', 'igst']),
        ]}
      />

      <GstTable
        title="B2C small supplies"
        table="Table 7 · sheet b2cs"
        note="Every other supply to buyers without a GSTIN, by place of supply and rate, less its credit notes."
        rows={report.b2cs}
        rowKey={(r) => `${r.place_of_supply}|${r.rate}`}
        columns={[{ header: 'Place of supply', cell: (r) => nowrap(r.place_of_supply) }, rate(), ...taxColumns(report.b2cs)]}
      />

      <GstTable
        title="Credit and debit notes to registered buyers"
        table="Table 9B · sheet cdnr"
        note="Credit notes, and supplementary invoices (debit notes: a dearer move's difference), to buyers with a GSTIN, by note and rate."
        rows={report.cdnr}
        rowKey={(r) => `${r.number}|${r.rate}`}
        columns={[
          { header: 'Note', cell: (r) => twoLines(nowrap(r.number), `${noteKind(r.note_type)} · ${formatDate(r.date)}`) },
          { header: 'Against', cell: (r) => twoLines(nowrap(r.invoice_number), r.invoice_date && formatDate(r.invoice_date)) },
          { header: 'Buyer', cell: (r) => twoLines(r.buyer_name || '—', r.buyer_gstin) },
          { header: 'Place of supply', cell: (r) => nowrap(r.place_of_supply) },
          { header: 'Note value', numeric: true, cell: (r) => formatMoney(r.note_value) },
          rate(),
          ...taxColumns(report.cdnr),
        ]}
      />

      <GstTable
        title="Credit and debit notes to unregistered buyers"
        table="Table 9B · sheet cdnur"
        note="Credit and debit notes against B2C large invoices; other notes to buyers without a GSTIN reduce or add to the B2C small supplies."
        rows={report.cdnur}
        rowKey={(r) => `${r.number}|${r.rate}`}
        columns={[
          { header: 'Note', cell: (r) => twoLines(nowrap(r.number), `${noteKind(r.note_type)} · ${formatDate(r.date)}`) },
          { header: 'Against', cell: (r) => twoLines(nowrap(r.invoice_number), r.invoice_date && formatDate(r.invoice_date)) },
          { header: 'Place of supply', cell: (r) => nowrap(r.place_of_supply) },
          { header: 'Note value', numeric: true, cell: (r) => formatMoney(r.note_value) },
          rate(),
          ...taxColumns(report.cdnur, ['taxable_value', 'igst']),
        ]}
      />

      <GstTable
        title="Nil rated, exempted and non-GST supplies"
        table="Table 8 · sheet exemp"
        note="Lines at 0 %, net of credit notes: goods (an HSN code) nil rated, services (a SAC) exempted."
        rows={report.exempt}
        rowKey={(r) => r.description}
        columns={[
          { header: 'Supplies', cell: (r) => r.description },
          money('Nil rated', (r) => r.nil_rated, report.exempt),
          money('Exempted', (r) => r.exempted, report.exempt),
          money('Non-GST', (r) => r.non_gst, report.exempt),
        ]}
      />

      <GstTable
        title="HSN/SAC summary"
        table="Table 12 · sheets hsn(b2b), hsn(b2c)"
        note="By buyer, SAC or HSN code and rate, net of credit notes; the quantity is what the invoices sold."
        rows={report.hsn}
        rowKey={(r) => `${r.supply}|${r.sac_code}|${r.rate}`}
        columns={[
          {
            header: 'SAC/HSN',
            cell: (r) => twoLines(r.sac_code || 'Not set', r.supply === 'b2b' ? 'Registered buyers' : 'Unregistered buyers'),
          },
          { header: 'UQC', cell: (r) => r.uqc },
          {
            header: 'Quantity',
            numeric: true,
            cell: (r) => formatCount(Number(r.quantity)),
            total: formatCount(sumCount(report.hsn, (r) => Number(r.quantity))),
          },
          rate(),
          money('Total value', (r) => r.total_value, report.hsn),
          ...taxColumns(report.hsn),
        ]}
      />

      <GstTable
        title="Documents issued"
        table="Table 13 · sheet docs"
        note="Each series’ first and last number this month, how many were issued and how many of the invoices are cancelled."
        rows={report.documents}
        rowKey={(d) => d.series}
        columns={[
          { header: 'Nature of document', cell: (d) => d.nature },
          { header: 'From', cell: (d) => nowrap(d.from) },
          { header: 'To', cell: (d) => nowrap(d.to) },
          { header: 'Total', numeric: true, cell: (d) => formatCount(d.total), total: formatCount(documents) },
          { header: 'Cancelled', numeric: true, cell: (d) => formatCount(d.cancelled), total: formatCount(cancelled) },
          {
            header: 'Net issued',
            numeric: true,
            cell: (d) => formatCount(d.total - d.cancelled),
            total: formatCount(documents - cancelled),
          },
        ]}
      />
    </>
  );
}

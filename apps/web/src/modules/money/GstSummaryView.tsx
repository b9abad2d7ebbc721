import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { ReportFigures } from '../../components/report/ReportParts';
import { ReportTable, type ReportColumn } from '../../components/report/ReportTable';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import type { GstSummary } from './api';
import { monthLabel, paiseOf, sumCount, sumMoney } from './invoice-format';

type TaxRow = { taxable_value: string; cgst: string; sgst: string; igst: string; total: string };

const TAX_COLUMNS: ReportColumn[] = [
  { header: 'Taxable value', numeric: true },
  { header: 'CGST', numeric: true },
  { header: 'SGST', numeric: true },
  { header: 'IGST', numeric: true },
  { header: 'Total', numeric: true },
];
const taxCells = (r: TaxRow) => [
  formatMoney(r.taxable_value),
  formatMoney(r.cgst),
  formatMoney(r.sgst),
  formatMoney(r.igst),
  formatMoney(r.total),
];
const taxTotals = (rows: TaxRow[]) =>
  (['taxable_value', 'cgst', 'sgst', 'igst', 'total'] as const).map((k) => formatMoney(sumMoney(rows, (r) => r[k])));
const rate = (r: number) => `${r} %`;
const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;
/** The buyer's name with their GSTIN under it (one column, so a section's figures fit the width). */
const buyer = (name: string, gstin: string) => (
  <div>
    <div>{name || '—'}</div>
    {gstin && <div className="text-xs font-normal text-muted tabular">{gstin}</div>}
  </div>
);

/** One GSTR-1 section: a heading, what it holds, and its table with totals (or "none" when empty). */
function Section({ title, note, children, empty }: { title: string; note: string; children: ReactNode; empty: boolean }) {
  return (
    <Card className="overflow-hidden">
      <div className="px-4 pb-2 pt-4">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="text-xs text-muted">{note}</p>
      </div>
      {empty ? <p className="px-4 pb-4 text-sm text-muted">None this month.</p> : children}
    </Card>
  );
}

/** Reports › Accounts › GST Summary: the month's outward supplies laid out as GSTR-1's sections. */
export function GstSummaryView({ report }: { report: GstSummary }) {
  const tax = paiseOf(report.total.cgst) + paiseOf(report.total.sgst) + paiseOf(report.total.igst);
  const documents = sumCount(report.documents, (d) => d.total);
  const cancelled = sumCount(report.documents, (d) => d.cancelled);

  return (
    <>
      <ReportFigures>
        <StatCard
          label="Taxable value"
          value={formatMoney(report.total.taxable_value)}
          sub={`${monthLabel(report.month)} · ${formatDate(report.from)} – ${formatDate(report.to)}`}
        />
        <StatCard label="Tax" value={formatMoney(tax / 100)} sub="CGST + SGST + IGST, net of credit notes" />
        <StatCard label="Exempt / non-GST" value={formatMoney(report.exempt)} sub="Bills of supply" />
        <StatCard
          label="Documents issued"
          value={formatCount(documents)}
          sub={cancelled ? `${formatCount(cancelled)} cancelled` : 'None cancelled'}
        />
      </ReportFigures>

      <Section
        title="Outward supplies by rate"
        note="Taxable supplies net of credit notes, by GST rate."
        empty={report.by_rate.length === 0}
      >
        <ReportTable
          label="Outward supplies by rate"
          columns={[{ header: 'Rate' }, { header: 'Invoices', numeric: true }, ...TAX_COLUMNS]}
          rows={report.by_rate.map((r) => ({ key: String(r.rate), cells: [rate(r.rate), formatCount(r.invoices), ...taxCells(r)] }))}
          total={['Total', formatCount(sumCount(report.by_rate, (r) => r.invoices)), ...taxCells(report.total)]}
        />
      </Section>

      <Section title="HSN/SAC summary" note="GSTR-1 table 12: by SAC or HSN code and rate." empty={report.by_sac.length === 0}>
        <ReportTable
          label="HSN/SAC summary"
          columns={[{ header: 'SAC/HSN' }, { header: 'Rate', numeric: true }, { header: 'Quantity', numeric: true }, ...TAX_COLUMNS]}
          rows={report.by_sac.map((r) => ({
            key: `${r.sac_code}|${r.rate}`,
            cells: [r.sac_code || 'Not set', rate(r.rate), formatCount(r.quantity), ...taxCells(r)],
          }))}
          total={['Total', '', formatCount(sumCount(report.by_sac, (r) => Number(r.quantity))), ...taxTotals(report.by_sac)]}
        />
      </Section>

      <Section title="B2B invoices" note="GSTR-1 table 4: invoices to buyers with a GSTIN." empty={report.b2b.length === 0}>
        <ReportTable
          label="B2B invoices"
          columns={[
            { header: 'Invoice' },
            { header: 'Date' },
            { header: 'Buyer' },
            { header: 'Place of supply' },
            { header: 'Invoice value', numeric: true },
            { header: 'Rate', numeric: true },
            ...TAX_COLUMNS.slice(0, 4),
          ]}
          rows={report.b2b.map((r) => ({
            key: `${r.number}|${r.rate}`,
            cells: [
              nowrap(r.number),
              formatDate(r.date),
              buyer(r.buyer_name, r.buyer_gstin),
              r.place_of_supply,
              formatMoney(r.invoice_value),
              rate(r.rate),
              ...taxCells(r).slice(0, 4),
            ],
          }))}
          total={['Total', '', '', '', '', '', ...taxTotals(report.b2b).slice(0, 4)]}
        />
      </Section>

      <Section
        title="B2C supplies"
        note="GSTR-1 table 7: to buyers without a GSTIN, by place of supply and rate."
        empty={report.b2c.length === 0}
      >
        <ReportTable
          label="B2C supplies"
          columns={[{ header: 'Place of supply' }, { header: 'Rate', numeric: true }, ...TAX_COLUMNS]}
          rows={report.b2c.map((r) => ({
            key: `${r.place_of_supply}|${r.rate}`,
            cells: [r.place_of_supply || '—', rate(r.rate), ...taxCells(r)],
          }))}
          total={['Total', '', ...taxTotals(report.b2c)]}
        />
      </Section>

      <Section title="Credit notes" note="GSTR-1 table 9B: credit notes issued against invoices." empty={report.credit_notes.length === 0}>
        <ReportTable
          label="Credit notes"
          columns={[
            { header: 'Credit note' },
            { header: 'Date' },
            { header: 'Against' },
            { header: 'Buyer' },
            { header: 'Rate', numeric: true },
            ...TAX_COLUMNS,
          ]}
          rows={report.credit_notes.map((r) => ({
            key: `${r.number}|${r.rate}`,
            cells: [
              nowrap(r.number),
              formatDate(r.date),
              nowrap(r.against),
              buyer(r.buyer_name, r.buyer_gstin),
              rate(r.rate),
              ...taxCells(r),
            ],
          }))}
          total={['Total', '', '', '', '', ...taxTotals(report.credit_notes)]}
        />
      </Section>

      <Section title="Documents issued" note="GSTR-1 table 13: each series’ first and last number." empty={report.documents.length === 0}>
        <ReportTable
          label="Documents issued"
          columns={[
            { header: 'Series' },
            { header: 'From' },
            { header: 'To' },
            { header: 'Total', numeric: true },
            { header: 'Cancelled', numeric: true },
            { header: 'Net issued', numeric: true },
          ]}
          rows={report.documents.map((d) => ({
            key: d.series,
            cells: [
              d.series,
              nowrap(d.from),
              nowrap(d.to),
              formatCount(d.total),
              formatCount(d.cancelled),
              formatCount(d.total - d.cancelled),
            ],
          }))}
          total={['Total', '', '', formatCount(documents), formatCount(cancelled), formatCount(documents - cancelled)]}
        />
      </Section>

      <Card className="flex flex-wrap items-baseline justify-between gap-2 p-4">
        <div>
          <h2 className="text-sm font-semibold">Exempt and non-GST supplies</h2>
          <p className="text-xs text-muted">GSTR-1 table 8: the value of bills of supply, issued while the seller had no GSTIN.</p>
        </div>
        <p className="text-lg font-semibold tabular">{formatMoney(report.exempt)}</p>
      </Card>
    </>
  );
}

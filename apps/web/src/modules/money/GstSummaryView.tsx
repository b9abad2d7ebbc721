import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { ReportFigures } from '../../components/report/ReportParts';
import { ReportTable, type ReportColumn } from '../../components/report/ReportTable';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import type { GstSummary } from './api';
import { monthLabel, paiseOf, sumCount, sumMoney } from './invoice-format';

type TaxRow = { taxable_value: string; cgst: string; sgst: string; igst: string; total: string };

/** A column of a GSTR-1 table: its header, each row's cell, and the totals row's cell (none when absent). */
interface GstColumn<R> extends ReportColumn {
  cell: (row: R) => ReactNode;
  total?: ReactNode;
}

const TAX_HEADERS = { taxable_value: 'Taxable value', cgst: 'CGST', sgst: 'SGST', igst: 'IGST', total: 'Total' } as const;
type TaxKey = keyof typeof TAX_HEADERS;
const TAX_KEYS = Object.keys(TAX_HEADERS) as TaxKey[];

/** Taxable value, CGST, SGST, IGST (and Total, unless `keys` leave it out), totalled by `total`. */
const taxColumns = <R extends TaxRow>(total: (key: TaxKey) => ReactNode, keys: readonly TaxKey[] = TAX_KEYS): GstColumn<R>[] =>
  keys.map((k) => ({ header: TAX_HEADERS[k], numeric: true, cell: (r) => formatMoney(r[k]), total: total(k) }));
/** The tax columns totalled over `rows`. */
const summedTaxColumns = <R extends TaxRow>(rows: readonly R[], keys?: readonly TaxKey[]) =>
  taxColumns<R>((k) => formatMoney(sumMoney(rows, (r) => r[k])), keys);
const rate = (r: number) => `${r} %`;
const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;
/** The buyer's name with their GSTIN under it (one column, so a section's figures fit the width). */
const buyer = (name: string, gstin: string) => (
  <div>
    <div>{name || '—'}</div>
    {gstin && <div className="text-xs font-normal text-muted tabular">{gstin}</div>}
  </div>
);

/**
 * One GSTR-1 section: a heading, what it holds, and its table (named by the heading) with a
 * totals row, which starts with "Total"; "None this month." when it has no rows.
 */
function GstTable<R>({
  title,
  note,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  note: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: GstColumn<R>[];
}) {
  return (
    <Card className="overflow-hidden">
      <div className="px-4 pb-2 pt-4">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="text-xs text-muted">{note}</p>
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

      <GstTable
        title="Outward supplies by rate"
        note="Taxable supplies net of credit notes, by GST rate."
        rows={report.by_rate}
        rowKey={(r) => String(r.rate)}
        columns={[
          { header: 'Rate', cell: (r) => rate(r.rate) },
          {
            header: 'Invoices',
            numeric: true,
            cell: (r) => formatCount(r.invoices),
            total: formatCount(sumCount(report.by_rate, (r) => r.invoices)),
          },
          // Totalled by the report's own total (as the API gives it), not by summing the rows.
          ...taxColumns((k) => formatMoney(report.total[k])),
        ]}
      />

      <GstTable
        title="HSN/SAC summary"
        note="GSTR-1 table 12: by SAC or HSN code and rate."
        rows={report.by_sac}
        rowKey={(r) => `${r.sac_code}|${r.rate}`}
        columns={[
          { header: 'SAC/HSN', cell: (r) => r.sac_code || 'Not set' },
          { header: 'Rate', numeric: true, cell: (r) => rate(r.rate) },
          {
            header: 'Quantity',
            numeric: true,
            cell: (r) => formatCount(r.quantity),
            total: formatCount(sumCount(report.by_sac, (r) => Number(r.quantity))),
          },
          ...summedTaxColumns(report.by_sac),
        ]}
      />

      <GstTable
        title="B2B invoices"
        note="GSTR-1 table 4: invoices to buyers with a GSTIN."
        rows={report.b2b}
        rowKey={(r) => `${r.number}|${r.rate}`}
        columns={[
          { header: 'Invoice', cell: (r) => nowrap(r.number) },
          { header: 'Date', cell: (r) => formatDate(r.date) },
          { header: 'Buyer', cell: (r) => buyer(r.buyer_name, r.buyer_gstin) },
          { header: 'Place of supply', cell: (r) => r.place_of_supply },
          { header: 'Invoice value', numeric: true, cell: (r) => formatMoney(r.invoice_value) },
          { header: 'Rate', numeric: true, cell: (r) => rate(r.rate) },
          ...summedTaxColumns(report.b2b, ['taxable_value', 'cgst', 'sgst', 'igst']),
        ]}
      />

      <GstTable
        title="B2C supplies"
        note="GSTR-1 table 7: to buyers without a GSTIN, by place of supply and rate."
        rows={report.b2c}
        rowKey={(r) => `${r.place_of_supply}|${r.rate}`}
        columns={[
          { header: 'Place of supply', cell: (r) => r.place_of_supply || '—' },
          { header: 'Rate', numeric: true, cell: (r) => rate(r.rate) },
          ...summedTaxColumns(report.b2c),
        ]}
      />

      <GstTable
        title="Credit notes"
        note="GSTR-1 table 9B: credit notes issued against invoices."
        rows={report.credit_notes}
        rowKey={(r) => `${r.number}|${r.rate}`}
        columns={[
          { header: 'Credit note', cell: (r) => nowrap(r.number) },
          { header: 'Date', cell: (r) => formatDate(r.date) },
          { header: 'Against', cell: (r) => nowrap(r.against) },
          { header: 'Buyer', cell: (r) => buyer(r.buyer_name, r.buyer_gstin) },
          { header: 'Rate', numeric: true, cell: (r) => rate(r.rate) },
          ...summedTaxColumns(report.credit_notes),
        ]}
      />

      <GstTable
        title="Documents issued"
        note="GSTR-1 table 13: each series’ first and last number."
        rows={report.documents}
        rowKey={(d) => d.series}
        columns={[
          { header: 'Series', cell: (d) => d.series },
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

import type { ExpiredReport, ProfitReport, PurchaseReport, SalesReport, StockReport } from '@arena/contracts/store';
import { storeReportEndpoints } from '@arena/contracts/store/routes';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO, startOfMonth, subMonths } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { CentreFilter } from '../../../components/CentreFilter';
import { Chart } from '../../../components/charts/Chart';
import { FilterSelect } from '../../../components/FilterSelect';
import { optionsOf } from '../../../components/form';
import { monthLabel } from '../../../components/MonthStepper';
import { countCell, moneyCell, periodText, ReportChart, ReportFigures, ReportTableCard } from '../../../components/report/ReportParts';
import {
  PeriodFilters,
  periodEmpty,
  ReportPage,
  useReportPeriod,
  useReportTab,
  type ReportTab,
} from '../../../components/report/ReportPage';
import { StatCard } from '../../../components/StatCard';
import { call, type FileSource } from '../../../lib/api';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { todayDate, todayIso } from '../../../lib/today';
import { useBrandOptions, useCategoryOptions } from '../api';

type Kind = 'sales' | 'stocks' | 'expired' | 'purchase' | 'profit';
interface ReportData {
  sales: SalesReport;
  stocks: StockReport;
  expired: ExpiredReport;
  purchase: PurchaseReport;
  profit: ProfitReport;
}
const ENDPOINTS = {
  sales: storeReportEndpoints.sales,
  stocks: storeReportEndpoints.stock,
  expired: storeReportEndpoints.expired,
  purchase: storeReportEndpoints.purchase,
  profit: storeReportEndpoints.profit,
} as const;
const REPORTS: ReportTab<Kind>[] = [
  {
    id: 'sales',
    label: 'Sales',
    description: 'What the counter sold in the period, a day or a month a row: bills, units, taxable value, GST and total.',
  },
  {
    id: 'stocks',
    label: 'Stocks',
    description: 'Stock as it stands now, per variant: units, reorder level, and its value at cost and at MRP.',
  },
  {
    id: 'expired',
    label: 'Expired',
    description: 'Batches whose expiry fell in the period: what was left at expiry, what was written off, and its value at cost.',
  },
  {
    id: 'purchase',
    label: 'Purchase',
    description: 'Suppliers’ bills entered in the period, per supplier: bills, units, taxable value, GST, total and still payable.',
  },
  {
    id: 'profit',
    label: 'Profit',
    description:
      'Per variant sold in the period: the taxable value less the cost of the batches it came from (earliest expiry first), and the margin.',
  },
];
const EMPTY: Record<Kind, string> = {
  sales: 'Nothing was sold',
  stocks: 'There is no stock',
  expired: 'No batch expired',
  purchase: 'No purchases were entered',
  profit: 'Nothing was sold',
};
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Reports › Store: sales, stocks, expired, purchase, profit. */
export function StoreReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod({ from: iso(startOfMonth(subMonths(todayDate(), 2))), to: todayIso() });
  const [category, setCategory] = useState('');
  const [brand, setBrand] = useState('');
  const categories = useCategoryOptions();
  const brands = useBrandOptions();
  const { from, to, centre } = period;
  const windowless = kind === 'stocks';
  const q = {
    ...(windowless ? {} : { date_after: from, date_before: to }),
    centre: centre || undefined,
    category: category || undefined,
    brand: brand || undefined,
  };
  const query = useQuery({
    queryKey: ['store', 'reports', kind, q],
    queryFn: () => call(ENDPOINTS[kind] as typeof ENDPOINTS.sales, { query: q as never }) as Promise<ReportData[Kind]>,
  });
  const own = (
    <>
      <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
      <FilterSelect label="Brand" value={brand} onChange={setBrand} options={optionsOf(brands.data)} />
    </>
  );
  return (
    <ReportPage
      title="Store Reports"
      tabsLabel="Store reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => data.rows.length === 0}
      exportFile={{
        source: { endpoint: ENDPOINTS[kind] } satisfies FileSource,
        params: q,
        name: windowless ? `store-stock-report-${todayIso()}` : `store-${kind}-report-${from}-to-${to}`,
      }}
      filters={
        windowless ? (
          <>
            <CentreFilter value={period.centre} onChange={period.setCentre} />
            {own}
          </>
        ) : (
          <>
            <PeriodFilters period={period} />
            {own}
          </>
        )
      }
      empty={
        windowless
          ? { message: `There is no stock${centre ? ' at this center' : ''}${category || brand ? ' in this category or brand' : ''}.` }
          : periodEmpty(EMPTY[kind], period)
      }
    >
      {(data) => <View report={data} kind={kind} />}
    </ReportPage>
  );
}

const VIEWS: { [K in Kind]: (props: { report: ReportData[K] }) => ReactNode } = {
  sales: SalesView,
  stocks: StockView,
  expired: ExpiredView,
  purchase: PurchaseView,
  profit: ProfitView,
};
function View({ report, kind }: { report: ReportData[Kind]; kind: Kind }) {
  const Report = VIEWS[kind] as (props: { report: ReportData[Kind] }) => ReactNode;
  return <Report report={report} />;
}

function SalesView({ report }: { report: SalesReport }) {
  const t = report.total;
  const label = (p: string) => (report.period === 'month' ? monthLabel(p) : formatDate(p));
  const tick = (p: string) => (report.period === 'month' ? format(parseISO(`${p}-01`), 'MMM ’yy') : format(parseISO(p), 'd MMM'));
  return (
    <>
      <ReportFigures>
        <StatCard label="Sales" value={formatMoney(t.total)} sub={periodText(report)} />
        <StatCard label="Bills" value={formatCount(t.sales)} />
        <StatCard label="Units sold" value={formatCount(t.quantity)} />
        <StatCard label="GST collected" value={formatMoney(t.gst)} sub={`${formatMoney(t.taxable)} taxable`} />
      </ReportFigures>
      <ReportChart title={report.period === 'month' ? 'Sales by month' : 'Sales by day'}>
        <Chart
          kind="bar"
          money
          label={`Store sales per ${report.period}: taxable value and GST`}
          data={report.rows.map((r) => ({ period: r.period, taxable: Number(r.taxable), gst: Number(r.gst) }))}
          x="period"
          stacked
          xFormat={(v) => tick(String(v))}
          xTooltip={(v) => label(String(v))}
          series={[
            { key: 'taxable', label: 'Taxable' },
            { key: 'gst', label: 'GST' },
          ]}
          xLabel={report.period === 'month' ? 'Month' : 'Day'}
          yLabel="Amount"
        />
      </ReportChart>
      <ReportTableCard
        label="Sales report"
        columns={[
          { header: report.period === 'month' ? 'Month' : 'Day' },
          { header: 'Bills', numeric: true },
          { header: 'Units', numeric: true },
          { header: 'Taxable', numeric: true },
          { header: 'GST', numeric: true },
          { header: 'Total', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: r.period,
          cells: [label(r.period), countCell(r.sales), countCell(r.quantity), moneyCell(r.taxable), moneyCell(r.gst), moneyCell(r.total)],
        }))}
        total={['Total', formatCount(t.sales), formatCount(t.quantity), formatMoney(t.taxable), formatMoney(t.gst), formatMoney(t.total)]}
      />
    </>
  );
}

function StockView({ report }: { report: StockReport }) {
  const t = report.total;
  const low = report.rows.filter((r) => r.stock <= r.reorder_level).length;
  const top = [...report.rows].sort((a, b) => Number(b.cost_value) - Number(a.cost_value)).slice(0, 12);
  return (
    <>
      <ReportFigures>
        <StatCard label="Units in stock" value={formatCount(t.stock)} sub={`${formatCount(report.rows.length)} variants`} />
        <StatCard label="Value at cost" value={formatMoney(t.cost_value)} />
        <StatCard label="Value at MRP" value={formatMoney(t.mrp_value)} />
        <StatCard label="At or below reorder level" value={formatCount(low)} />
      </ReportFigures>
      <ReportChart title="Stock value at cost, largest first">
        <Chart
          kind="bar"
          horizontal
          money
          label="The variants holding the most stock value at cost"
          data={top.map((r) => ({ label: r.label, cost: Number(r.cost_value) }))}
          x="label"
          series={[{ key: 'cost', label: 'Value at cost' }]}
          xLabel="Value at cost"
        />
      </ReportChart>
      <ReportTableCard
        label="Stock report"
        columns={[
          { header: 'Variant' },
          { header: 'Category' },
          { header: 'Brand' },
          { header: 'Stock', numeric: true },
          { header: 'Reorder at', numeric: true },
          { header: 'Value at cost', numeric: true },
          { header: 'Value at MRP', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.sub_product),
          cells: [
            r.label,
            r.category_name,
            r.brand_name || '—',
            r.stock <= r.reorder_level ? (
              <span className="font-medium text-danger-text">{formatCount(r.stock)}</span>
            ) : (
              formatCount(r.stock)
            ),
            countCell(r.reorder_level),
            moneyCell(r.cost_value),
            moneyCell(r.mrp_value),
          ],
        }))}
        total={['Total', '', '', formatCount(t.stock), '', formatMoney(t.cost_value), formatMoney(t.mrp_value)]}
      />
    </>
  );
}

function ExpiredView({ report }: { report: ExpiredReport }) {
  const t = report.total;
  const byMonth = new Map<string, number>();
  for (const r of report.rows) byMonth.set(r.expiry_date.slice(0, 7), (byMonth.get(r.expiry_date.slice(0, 7)) ?? 0) + Number(r.value));
  return (
    <>
      <ReportFigures columns={3}>
        <StatCard label="Units expired" value={formatCount(t.quantity)} sub={periodText(report)} />
        <StatCard
          label="Written off"
          value={formatCount(t.written_off)}
          sub={`${formatCount(Math.max(t.quantity - t.written_off, 0))} still to write off`}
        />
        <StatCard label="Value at cost" value={formatMoney(t.value)} />
      </ReportFigures>
      <ReportChart title="Value expired by month">
        <Chart
          kind="bar"
          money
          label="Value at cost of the stock that expired, by month of expiry"
          data={[...byMonth.entries()].sort().map(([month, value]) => ({ month, value }))}
          x="month"
          xFormat={(v) => format(parseISO(`${String(v)}-01`), 'MMM ’yy')}
          xTooltip={(v) => monthLabel(String(v))}
          series={[{ key: 'value', label: 'Value at cost' }]}
          xLabel="Month of expiry"
        />
      </ReportChart>
      <ReportTableCard
        label="Expired report"
        columns={[
          { header: 'Variant' },
          { header: 'Batch' },
          { header: 'Expiry' },
          { header: 'Centre' },
          { header: 'Units', numeric: true },
          { header: 'Written off', numeric: true },
          { header: 'Value', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.batch),
          cells: [
            r.label,
            r.batch_no || '—',
            formatDate(r.expiry_date),
            r.centre_name,
            countCell(r.quantity),
            countCell(r.written_off),
            moneyCell(r.value),
          ],
        }))}
        total={['Total', '', '', '', formatCount(t.quantity), formatCount(t.written_off), formatMoney(t.value)]}
      />
    </>
  );
}

function PurchaseView({ report }: { report: PurchaseReport }) {
  const t = report.total;
  return (
    <>
      <ReportFigures>
        <StatCard label="Purchases" value={formatMoney(t.total)} sub={periodText(report)} />
        <StatCard label="Bills" value={formatCount(t.bills)} sub={`${formatCount(t.quantity)} units`} />
        <StatCard label="Input GST" value={formatMoney(t.gst)} sub={`${formatMoney(t.taxable)} taxable`} />
        <StatCard label="Still payable" value={formatMoney(t.payable)} />
      </ReportFigures>
      <ReportChart title="Purchases by supplier">
        <Chart
          kind="bar"
          horizontal
          stacked
          money
          label="Purchases by supplier: paid and still payable"
          data={report.rows.map((r) => ({
            supplier: r.supplier_name,
            paid: Math.max(Number(r.total) - Number(r.payable), 0),
            payable: Number(r.payable),
          }))}
          x="supplier"
          series={[
            { key: 'paid', label: 'Paid' },
            { key: 'payable', label: 'Payable' },
          ]}
          xLabel="Amount"
        />
      </ReportChart>
      <ReportTableCard
        label="Purchase report"
        columns={[
          { header: 'Supplier' },
          { header: 'Bills', numeric: true },
          { header: 'Units', numeric: true },
          { header: 'Taxable', numeric: true },
          { header: 'GST', numeric: true },
          { header: 'Total', numeric: true },
          { header: 'Payable', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.supplier),
          cells: [
            r.supplier_name,
            countCell(r.bills),
            countCell(r.quantity),
            moneyCell(r.taxable),
            moneyCell(r.gst),
            moneyCell(r.total),
            moneyCell(r.payable),
          ],
        }))}
        total={[
          'Total',
          formatCount(t.bills),
          formatCount(t.quantity),
          formatMoney(t.taxable),
          formatMoney(t.gst),
          formatMoney(t.total),
          formatMoney(t.payable),
        ]}
      />
    </>
  );
}

function ProfitView({ report }: { report: ProfitReport }) {
  const t = report.total;
  const top = [...report.rows].sort((a, b) => Number(b.profit) - Number(a.profit)).slice(0, 12);
  return (
    <>
      <ReportFigures>
        <StatCard label="Profit" value={formatMoney(t.profit)} sub={periodText(report)} />
        <StatCard label="Margin" value={`${t.margin} %`} sub="of the taxable value" />
        <StatCard label="Sales before GST" value={formatMoney(t.taxable)} sub={`${formatCount(t.quantity)} units`} />
        <StatCard label="Cost of goods sold" value={formatMoney(t.cost)} sub="batch cost, earliest expiry first" />
      </ReportFigures>
      <ReportChart title="Most profitable variants">
        <Chart
          kind="bar"
          horizontal
          money
          label="The variants that made the most profit in the period: cost and profit"
          data={top.map((r) => ({ label: r.label, cost: Number(r.cost), profit: Number(r.profit) }))}
          x="label"
          stacked
          series={[
            { key: 'cost', label: 'Cost' },
            { key: 'profit', label: 'Profit' },
          ]}
          xLabel="Taxable value"
        />
      </ReportChart>
      <ReportTableCard
        label="Profit report"
        columns={[
          { header: 'Variant' },
          { header: 'Category' },
          { header: 'Units', numeric: true },
          { header: 'Taxable', numeric: true },
          { header: 'Cost', numeric: true },
          { header: 'Profit', numeric: true },
          { header: 'Margin', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: String(r.sub_product),
          cells: [
            r.label,
            r.category_name,
            countCell(r.quantity),
            moneyCell(r.taxable),
            moneyCell(r.cost),
            Number(r.profit) < 0 ? <span className="text-danger-text">{formatMoney(r.profit)}</span> : moneyCell(r.profit),
            `${r.margin} %`,
          ],
        }))}
        total={['Total', '', formatCount(t.quantity), formatMoney(t.taxable), formatMoney(t.cost), formatMoney(t.profit), `${t.margin} %`]}
      />
    </>
  );
}

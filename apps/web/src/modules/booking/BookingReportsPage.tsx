import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { format, startOfMonth } from 'date-fns';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { api, download } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, useCentreOptions } from './api';
import { FilterDate, FilterSelect } from './FilterSelect';

type ReportKind = 'booked' | 'online' | 'collection';
interface BookingReport {
  rows: { key: string | number; label: string; bookings: number; slots: number; amount: string }[];
  total: { bookings: number; slots: number; amount: string };
}
interface CollectionReport {
  rows: { date: string; payment_mode: string; amount: string; count: number }[];
  by_mode: { payment_mode: string; amount: string; count: number }[];
  total: { amount: string; count: number } | string;
}
interface Table {
  header: string[];
  rows: (string | number)[][];
  numeric: boolean[];
  total?: (string | number)[];
  chart: { label: string; value: number }[];
  chartLabel: string;
}

const REPORTS: { id: ReportKind; label: string; description: string }[] = [
  { id: 'booked', label: 'Booked', description: 'Bookings made, by date, facility or sport (cancelled bookings excluded).' },
  { id: 'online', label: 'Online', description: 'Bookings made by visitors on the online portal.' },
  { id: 'collection', label: 'Collection', description: 'Money received against bookings, by date and payment mode.' },
];

const num = (v: string | number) => Number(v);

function toTable(kind: ReportKind, data: BookingReport | CollectionReport, groupBy: string): Table {
  if (kind === 'collection') {
    const d = data as CollectionReport;
    const total = typeof d.total === 'string' ? { amount: d.total, count: d.rows.reduce((n, r) => n + r.count, 0) } : d.total;
    return {
      header: ['Date', 'Payment mode', 'Payments', 'Amount'],
      numeric: [false, false, true, true],
      rows: d.rows.map((r) => [r.date, r.payment_mode, r.count, num(r.amount)]),
      total: ['Total', '', total.count, num(total.amount)],
      chart: d.by_mode.map((m) => ({ label: m.payment_mode, value: num(m.amount) })),
      chartLabel: 'Collected by payment mode',
    };
  }
  const d = data as BookingReport;
  return {
    header: [groupBy === 'date' ? 'Date' : groupBy === 'sport' ? 'Sport' : 'Facility', 'Bookings', 'Slots', 'Amount'],
    numeric: [false, true, true, true],
    rows: d.rows.map((r) => [r.label, r.bookings, r.slots, num(r.amount)]),
    total: ['Total', d.total.bookings, d.total.slots, num(d.total.amount)],
    chart: d.rows.map((r) => ({ label: groupBy === 'date' ? formatDate(r.label) || r.label : r.label, value: num(r.amount) })),
    chartLabel: 'Amount',
  };
}

/** Reports › Booking: booked, online and collection, with date range and centre filters, a chart, a table and CSV/XLSX export. */
export function BookingReportsPage() {
  const [params, setParams] = useSearchParams();
  const kind: ReportKind = (['booked', 'online', 'collection'] as const).find((k) => k === params.get('report')) ?? 'booked';
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentreOptions();
  const [centre, setCentre] = useState(selectedCentre);
  const [from, setFrom] = useState(format(startOfMonth(new Date()), 'yyyy-MM-dd'));
  const [to, setTo] = useState(format(new Date(), 'yyyy-MM-dd'));
  const [groupBy, setGroupBy] = useState('date');
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  // The screen and its exports read the same report with the same filters.
  const source =
    kind === 'collection'
      ? { path: '/booking/reports/booking/transaction/', params: { date_after: from, date_before: to, centre } }
      : { path: '/booking/reports/booking/', params: { report: kind, date_after: from, date_before: to, centre, group_by: groupBy } };
  const query = useQuery<BookingReport | CollectionReport>({
    queryKey: [...bookingKeys.reports, kind, centre, from, to, groupBy],
    queryFn: () => api.get<BookingReport | CollectionReport>(source.path, { params: source.params }),
  });
  const table = query.data ? toTable(kind, query.data, groupBy) : null;
  const meta = REPORTS.find((r) => r.id === kind)!;

  async function exportAs(fileFormat: 'csv' | 'xlsx') {
    setExporting(fileFormat);
    try {
      await download(source.path, { ...source.params, format: fileFormat }, `booking-${kind}-report-${from}-to-${to}.${fileFormat}`);
      notify.success('Export ready');
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(null);
    }
  }
  const cellText = (v: string | number, i: number) =>
    table?.header[i] === 'Amount'
      ? formatMoney(v)
      : i === 0 && kind !== 'collection' && groupBy !== 'date'
        ? v
        : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)
          ? formatDate(v)
          : v;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Booking Reports"
        description={meta.description}
        actions={
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={!table || table.rows.length === 0 || !!exporting}
              onClick={() => void exportAs('csv')}
            >
              <Download size={15} aria-hidden /> {exporting === 'csv' ? 'Exporting…' : 'Export CSV'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={!table || table.rows.length === 0 || !!exporting}
              onClick={() => void exportAs('xlsx')}
            >
              <FileSpreadsheet size={15} aria-hidden /> {exporting === 'xlsx' ? 'Exporting…' : 'Export XLSX'}
            </Button>
          </>
        }
      />
      <div role="tablist" aria-label="Booking reports" className="-mt-2 flex gap-1 border-b border-line">
        {REPORTS.map((r) => (
          <button
            key={r.id}
            type="button"
            role="tab"
            aria-selected={kind === r.id}
            onClick={() => setParams({ report: r.id }, { replace: true })}
            className={clsx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              kind === r.id ? 'border-accent text-accent-text' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {r.label}
          </button>
        ))}
      </div>
      <Card className="flex flex-wrap items-center gap-3 p-3">
        <FilterDate label="From" value={from} onChange={setFrom} />
        <FilterDate label="To" value={to} onChange={setTo} />
        <FilterSelect
          label="Centre"
          value={centre}
          onChange={setCentre}
          allLabel="All centres"
          options={(centres.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        {kind !== 'collection' && (
          <label className="flex w-full items-center gap-2 text-sm sm:w-auto">
            <span className="w-20 shrink-0 text-muted sm:w-auto">Group by</span>
            <select
              value={groupBy}
              onChange={(e) => setGroupBy(e.target.value)}
              className="h-9 min-w-0 flex-1 rounded-md border border-line-strong bg-surface px-2 text-sm shadow-sm sm:flex-none"
            >
              <option value="date">Date</option>
              <option value="facility">Facility</option>
              <option value="sport">Sport</option>
            </select>
          </label>
        )}
      </Card>

      {query.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : query.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : !table || table.rows.length === 0 ? (
        <Card>
          <EmptyState title="Nothing in this period">Try a wider date range or another centre.</EmptyState>
        </Card>
      ) : (
        <>
          <Card className="p-4">
            <h2 className="mb-3 text-sm font-semibold">{table.chartLabel}</h2>
            <div className="h-64" role="img" aria-label={`${meta.label} report chart`}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={table.chart} margin={{ top: 5, right: 5, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" vertical={false} />
                  <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--color-muted)' }} interval="preserveStartEnd" minTickGap={12} />
                  <YAxis
                    tick={{ fontSize: 11, fill: 'var(--color-muted)' }}
                    tickFormatter={(v: number) => (v >= 1000 ? `${Math.round(v / 1000)}k` : String(v))}
                  />
                  <Tooltip
                    formatter={(v) => formatMoney(Number(v))}
                    contentStyle={{
                      background: 'var(--color-surface)',
                      border: '1px solid var(--color-line)',
                      borderRadius: 8,
                      fontSize: 12,
                    }}
                  />
                  <Bar dataKey="value" name="Amount" fill="var(--color-accent)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <Card className="relative overflow-x-auto">
            <table className="w-full text-sm" aria-label={`${meta.label} report`}>
              <thead>
                <tr>
                  {table.header.map((h, i) => (
                    <th
                      key={h}
                      scope="col"
                      className={clsx(
                        'whitespace-nowrap border-b border-line bg-subtle px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-muted sm:px-4',
                        table.numeric[i] ? 'text-right' : 'text-left',
                      )}
                    >
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((r, ri) => (
                  <tr key={ri} className="hover:bg-subtle/60">
                    {r.map((v, i) => (
                      <td
                        key={i}
                        className={clsx(
                          'whitespace-nowrap border-b border-line px-3 py-2.5 sm:px-4',
                          table.numeric[i] && 'text-right tabular',
                        )}
                      >
                        {cellText(v, i)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {table.total && (
                <tfoot>
                  <tr className="font-semibold">
                    {table.total.map((v, i) => (
                      <td key={i} className={clsx('whitespace-nowrap px-3 py-2.5 sm:px-4', table.numeric[i] && 'text-right tabular')}>
                        {i === 0 ? v : v === '' ? '' : table.header[i] === 'Amount' ? formatMoney(v) : v}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              )}
            </table>
          </Card>
        </>
      )}
    </div>
  );
}

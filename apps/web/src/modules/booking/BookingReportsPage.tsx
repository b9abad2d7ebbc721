import type { BookingReport, TransactionReport } from '@arena/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { format, isValid, parseISO, startOfMonth, subMonths } from 'date-fns';
import { BarChart3, Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { api, download } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCentres } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys } from './api';
import { BookingReportView, type GroupBy } from './BookingReportView';
import { CollectionReportView } from './CollectionReportView';

type ReportKind = 'booked' | 'online' | 'collection';

const REPORTS: { id: ReportKind; label: string; description: string }[] = [
  { id: 'booked', label: 'Booked', description: 'Bookings made, by date, facility or sport (cancelled bookings excluded).' },
  { id: 'online', label: 'Online', description: 'Bookings made by visitors on the online portal.' },
  { id: 'collection', label: 'Collection', description: 'Money received against bookings, by date and payment mode.' },
];
const GROUPS: { value: GroupBy; label: string }[] = [
  { value: 'date', label: 'Date' },
  { value: 'facility', label: 'Facility' },
  { value: 'sport', label: 'Sport' },
];
const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** Reports › Booking: booked, online and collection, with date range and centre filters, KPIs, a chart, a table and CSV/XLSX export. */
export function BookingReportsPage() {
  const [params, setParams] = useSearchParams();
  const kind: ReportKind = (['booked', 'online', 'collection'] as const).find((k) => k === params.get('report')) ?? 'booked';
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentres();
  const [centre, setCentre] = useState(selectedCentre);
  const [from, setFrom] = useState(iso(startOfMonth(new Date())));
  const [to, setTo] = useState(iso(new Date()));
  const [groupBy, setGroupBy] = useState<GroupBy>('date');
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  // The screen and its exports read the same report with the same filters.
  const source =
    kind === 'collection'
      ? { path: '/booking/reports/booking/transaction/', params: { date_after: from, date_before: to, centre } }
      : { path: '/booking/reports/booking/', params: { report: kind, date_after: from, date_before: to, centre, group_by: groupBy } };
  const query = useQuery<BookingReport | TransactionReport>({
    queryKey: [...bookingKeys.reports, kind, centre, from, to, groupBy],
    queryFn: () => api.get<BookingReport | TransactionReport>(source.path, { params: source.params }),
  });
  const meta = REPORTS.find((r) => r.id === kind)!;
  const empty = !query.data || query.data.rows.length === 0;
  const end = isValid(parseISO(to)) ? parseISO(to) : new Date();

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

  return (
    <div className="space-y-5">
      <PageHeader
        title="Booking Reports"
        description={meta.description}
        actions={
          <>
            <Button variant="secondary" size="sm" disabled={empty || !!exporting} onClick={() => void exportAs('csv')}>
              <Download size={15} aria-hidden /> {exporting === 'csv' ? 'Exporting…' : 'Export CSV'}
            </Button>
            <Button variant="secondary" size="sm" disabled={empty || !!exporting} onClick={() => void exportAs('xlsx')}>
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
      <Card className="flex flex-wrap items-center gap-2 p-3">
        <FilterDate label="From" value={from} onChange={setFrom} required />
        <FilterDate label="To" value={to} onChange={setTo} required />
        <FilterSelect
          label="Center"
          value={centre}
          onChange={setCentre}
          allLabel="All Centers"
          options={(centres.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        {kind !== 'collection' && (
          <FilterSelect label="Group by" value={groupBy} onChange={(v) => setGroupBy(v as GroupBy)} allLabel={false} options={GROUPS} />
        )}
      </Card>

      {query.isPending ? (
        <div className="space-y-5" aria-busy="true">
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-[88px]" />
            ))}
          </div>
          <Skeleton className="h-80 w-full" />
        </div>
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
      ) : empty ? (
        <Card>
          <EmptyState
            icon={BarChart3}
            title="Nothing in this period"
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setFrom(iso(subMonths(end, 12)));
                  setTo(iso(end));
                }}
              >
                Show the 12 months to {formatDate(iso(end))}
              </Button>
            }
          >
            {kind === 'collection' ? 'No payments were received' : 'No bookings were made'} between these dates
            {centre ? ' at this center' : ''}. Try a wider date range or another center.
          </EmptyState>
        </Card>
      ) : kind === 'collection' ? (
        <CollectionReportView report={query.data as TransactionReport} />
      ) : (
        <BookingReportView report={query.data as BookingReport} groupBy={groupBy} online={kind === 'online'} />
      )}
    </div>
  );
}

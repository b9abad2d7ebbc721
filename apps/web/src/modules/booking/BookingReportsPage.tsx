import { type BookingReport, type ClientReliability, type OccupancyReport, type TransactionReport } from '@arena/contracts/booking';
import { bookingReportEndpoints as e } from '@arena/contracts/booking/routes';
import type { Paginated } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { format, isValid, parseISO, subDays } from 'date-fns';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { FilterSelect } from '../../components/FilterSelect';
import { PeriodFilters, periodEmpty, ReportPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/report/ReportPage';
import { call } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { bookingKeys } from './api';
import { BookingReportView, type GroupBy } from './BookingReportView';
import { CLIENT_PAGE_SIZES, ClientReliabilityView } from './ClientReliabilityView';
import { CollectionReportView } from './CollectionReportView';
import { OccupancyHeatmap } from './OccupancyHeatmap';
import { todayDate } from '../../lib/today';

type ReportKind = 'booked' | 'online' | 'collection' | 'occupancy' | 'clients';
type AnyReport = BookingReport | TransactionReport | OccupancyReport | Paginated<ClientReliability>;
/** The occupancy and client reports cover at most this many days (the server refuses more). */
const MAX_DAYS = 92;

const REPORTS: ReportTab<ReportKind>[] = [
  { id: 'booked', label: 'Booked', description: 'Bookings made, by date, facility or sport (cancelled bookings excluded).' },
  { id: 'online', label: 'Online', description: 'Bookings made by visitors on the online portal.' },
  {
    id: 'collection',
    label: 'Collection',
    description: 'Money received against bookings, by date and payment mode, less the refunds given back.',
  },
  {
    id: 'occupancy',
    label: 'Occupancy',
    description: 'How much of each facility’s slot time was booked, hour by hour (at most 92 days at once).',
  },
  {
    id: 'clients',
    label: 'No-shows',
    description: 'No-shows and cancellations by client, most no-shows first (bookings dated in the period, at most 92 days).',
  },
];
const GROUPS: { value: GroupBy; label: string }[] = [
  { value: 'date', label: 'Date' },
  { value: 'facility', label: 'Facility' },
  { value: 'sport', label: 'Sport' },
];

/**
 * Reports › Booking: booked, online, collection (with refunds), occupancy (a heat map of facilities
 * × hours) and no-shows by client, with date range and centre filters, and CSV/XLSX export.
 */
export function BookingReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod();
  const { from, to, centre } = period;
  const [groupBy, setGroupBy] = useState<GroupBy>('date');

  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(CLIENT_PAGE_SIZES[0]);
  // A new period or centre starts the client list again from its first page.
  useEffect(() => setPage(1), [from, to, centre, pageSize]);

  // The screen and its exports read the same report with the same filters.
  const range = { date_after: from, date_before: to, centre };
  const source =
    kind === 'collection'
      ? { endpoint: e.collections, params: range }
      : kind === 'occupancy'
        ? { endpoint: e.occupancy, params: { from, to, centre } }
        : kind === 'clients'
          ? { endpoint: e.clientReliability, params: { from, to, centre } }
          : { endpoint: e.bookings, params: { report: kind, ...range, group_by: groupBy } };
  const paged = kind === 'clients' ? { page, page_size: pageSize } : {};
  const query = useQuery<AnyReport>({
    queryKey: [...bookingKeys.reports, kind, centre, from, to, groupBy, paged],
    queryFn: () => call(source.endpoint, { query: { ...source.params, ...paged } }),
    // Paging the client list keeps the shown page until the next arrives (never another report's data).
    placeholderData: (previous) => (kind === 'clients' && previous && 'results' in previous ? previous : undefined),
  });
  const bounded = kind === 'occupancy' || kind === 'clients';
  const isEmpty = (data: AnyReport) =>
    'results' in data ? data.count === 0 : 'facilities' in data ? data.total.offered_hours === 0 : data.rows.length === 0;

  return (
    <ReportPage
      title="Booking Reports"
      tabsLabel="Booking reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={isEmpty}
      exportFile={{ source: { endpoint: source.endpoint }, params: source.params, name: `booking-${kind}-report-${from}-to-${to}` }}
      filters={
        <>
          <PeriodFilters period={period} />
          {(kind === 'booked' || kind === 'online') && (
            <FilterSelect label="Group by" value={groupBy} onChange={(v) => setGroupBy(v as GroupBy)} allLabel={false} options={GROUPS} />
          )}
        </>
      }
      empty={periodEmpty(
        kind === 'collection' ? 'No payments were received' : kind === 'occupancy' ? 'No facility offered slots' : 'No bookings were made',
        period,
        bounded ? <LastDaysButton period={period} /> : undefined,
      )}
    >
      {(data) =>
        kind === 'collection' ? (
          <CollectionReportView report={data as TransactionReport} />
        ) : kind === 'occupancy' ? (
          <OccupancyHeatmap report={data as OccupancyReport} />
        ) : kind === 'clients' ? (
          <ClientReliabilityView
            page={data as Paginated<ClientReliability>}
            pageNumber={page}
            pageSize={pageSize}
            loading={query.isPlaceholderData}
            onPage={setPage}
            onPageSize={setPageSize}
          />
        ) : (
          <BookingReportView report={data as BookingReport} groupBy={groupBy} online={kind === 'online'} />
        )
      }
    </ReportPage>
  );
}

/** The widest period the occupancy and client reports take: the 92 days to the period's last day. */
function LastDaysButton({ period }: { period: ReturnType<typeof useReportPeriod> }) {
  const end = isValid(parseISO(period.to)) ? parseISO(period.to) : todayDate();
  const iso = (d: Date) => format(d, 'yyyy-MM-dd');
  return (
    <Button variant="secondary" onClick={() => period.setRange({ from: iso(subDays(end, MAX_DAYS - 1)), to: iso(end) })}>
      Show the {MAX_DAYS} days to {formatDate(iso(end))}
    </Button>
  );
}

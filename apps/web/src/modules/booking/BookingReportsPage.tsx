import type { BookingReport, TransactionReport } from '@arena/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterSelect } from '../../components/FilterSelect';
import { PeriodFilters, periodEmpty, ReportsPage, useReportPeriod, useReportTab, type ReportTab } from '../../components/ReportsPage';
import { api } from '../../lib/api';
import { bookingKeys } from './api';
import { BookingReportView, type GroupBy } from './BookingReportView';
import { CollectionReportView } from './CollectionReportView';

type ReportKind = 'booked' | 'online' | 'collection';

const REPORTS: ReportTab<ReportKind>[] = [
  { id: 'booked', label: 'Booked', description: 'Bookings made, by date, facility or sport (cancelled bookings excluded).' },
  { id: 'online', label: 'Online', description: 'Bookings made by visitors on the online portal.' },
  { id: 'collection', label: 'Collection', description: 'Money received against bookings, by date and payment mode.' },
];
const GROUPS: { value: GroupBy; label: string }[] = [
  { value: 'date', label: 'Date' },
  { value: 'facility', label: 'Facility' },
  { value: 'sport', label: 'Sport' },
];

/** Reports › Booking: booked, online and collection, with date range and centre filters, KPIs, a chart, a table and CSV/XLSX export. */
export function BookingReportsPage() {
  const kind = useReportTab(REPORTS);
  const period = useReportPeriod();
  const { from, to, centre } = period;
  const [groupBy, setGroupBy] = useState<GroupBy>('date');

  // The screen and its exports read the same report with the same filters.
  const source =
    kind === 'collection'
      ? { path: '/booking/reports/booking/transaction/', params: { date_after: from, date_before: to, centre } }
      : { path: '/booking/reports/booking/', params: { report: kind, date_after: from, date_before: to, centre, group_by: groupBy } };
  const query = useQuery<BookingReport | TransactionReport>({
    queryKey: [...bookingKeys.reports, kind, centre, from, to, groupBy],
    queryFn: () => api.get<BookingReport | TransactionReport>(source.path, { params: source.params }),
  });

  return (
    <ReportsPage
      title="Booking Reports"
      tabsLabel="Booking reports"
      reports={REPORTS}
      report={kind}
      query={query}
      isEmpty={(data) => data.rows.length === 0}
      exportFile={{ ...source, name: `booking-${kind}-report-${from}-to-${to}` }}
      filters={
        <>
          <PeriodFilters period={period} />
          {kind !== 'collection' && (
            <FilterSelect label="Group by" value={groupBy} onChange={(v) => setGroupBy(v as GroupBy)} allLabel={false} options={GROUPS} />
          )}
        </>
      }
      empty={periodEmpty(kind === 'collection' ? 'No payments were received' : 'No bookings were made', period)}
    >
      {(data) =>
        kind === 'collection' ? (
          <CollectionReportView report={data as TransactionReport} />
        ) : (
          <BookingReportView report={data as BookingReport} groupBy={groupBy} online={kind === 'online'} />
        )
      }
    </ReportsPage>
  );
}

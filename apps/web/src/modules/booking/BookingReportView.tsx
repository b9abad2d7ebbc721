import type { BookingReport } from '@arena/contracts/booking';
import { format, parseISO } from 'date-fns';
import { periodText, ReportChart, ReportFigures, ReportTableCard } from '../../components/report/ReportParts';
import { Chart } from '../../components/charts/Chart';
import { StatCard } from '../../components/StatCard';
import { formatCount, formatDate, formatMoney } from '../../lib/format';

export type GroupBy = 'date' | 'facility' | 'sport';
const GROUP_HEADER: Record<GroupBy, string> = { date: 'Date', facility: 'Facility', sport: 'Sport' };

/** Reports › Booking › Booked and Online: bookings, slots and amount per date, facility or sport. */
export function BookingReportView({ report, groupBy, online }: { report: BookingReport; groupBy: GroupBy; online: boolean }) {
  const byDate = groupBy === 'date';
  const rowName = (label: string) => (byDate ? formatDate(label) : label);
  const data = report.rows.map((r) => ({ label: r.label, amount: Number(r.amount), bookings: r.bookings }));
  const period = periodText(report);

  return (
    <>
      <ReportFigures columns={3}>
        <StatCard
          className="max-lg:col-span-2"
          label={online ? 'Online bookings' : 'Bookings'}
          value={formatCount(report.total.bookings)}
          sub={period}
        />
        <StatCard label="Slots" value={formatCount(report.total.slots)} />
        <StatCard label="Amount" value={formatMoney(report.total.amount)} sub="Cancelled bookings excluded" />
      </ReportFigures>
      <ReportChart title={`${byDate ? 'Amount and bookings per day' : `Amount by ${groupBy}`}`}>
        {byDate ? (
          <Chart
            kind="bar"
            money
            label="Amount booked and number of bookings per day"
            data={data}
            x="label"
            xFormat={(d) => format(parseISO(String(d)), 'd MMM')}
            xTooltip={(d) => formatDate(String(d))}
            series={[
              { key: 'amount', label: 'Amount' },
              { key: 'bookings', label: 'Bookings', kind: 'line', format: 'count', axis: 'right' },
            ]}
            xLabel="Date"
            yLabel="Amount"
            y2Label="Bookings"
          />
        ) : (
          <Chart
            kind="bar"
            horizontal
            money
            label={`Amount booked by ${groupBy}`}
            data={data}
            x="label"
            series={[{ key: 'amount', label: 'Amount' }]}
            xLabel="Amount"
          />
        )}
      </ReportChart>
      <ReportTableCard
        label={`${online ? 'Online' : 'Booked'} report`}
        columns={[
          { header: GROUP_HEADER[groupBy] },
          { header: 'Bookings', numeric: true },
          { header: 'Slots', numeric: true },
          { header: 'Amount', numeric: true },
        ]}
        rows={report.rows.map((r) => ({
          key: r.key,
          cells: [rowName(r.label), formatCount(r.bookings), formatCount(r.slots), formatMoney(r.amount)],
        }))}
        total={['Total', formatCount(report.total.bookings), formatCount(report.total.slots), formatMoney(report.total.amount)]}
      />
    </>
  );
}

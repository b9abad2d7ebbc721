import type { ClientReliability } from '@arena/contracts/booking';
import type { Paginated } from '@arena/contracts/kit';
import { Card } from '../../components/Card';
import { DataTablePager } from '../../components/DataTablePager';
import { ReportTable } from '../../components/report/ReportTable';
import { formatCount } from '../../lib/format';

const percent = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const dash = <span className="text-muted">—</span>;
const countOrDash = (n: number) => (n === 0 ? dash : formatCount(n));

export const CLIENT_PAGE_SIZES = [25, 50, 100];

/** Reports › Booking › No-shows: per client, bookings dated in the period and how they ended, most no-shows first, in pages. */
export function ClientReliabilityView({
  page: data,
  pageNumber,
  pageSize,
  loading,
  onPage,
  onPageSize,
}: {
  page: Paginated<ClientReliability>;
  pageNumber: number;
  pageSize: number;
  loading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  return (
    <Card className="overflow-hidden">
      <ReportTable
        label="No-shows and cancellations by client"
        columns={[
          { header: 'Client' },
          { header: 'Bookings', numeric: true },
          { header: 'Completed', numeric: true },
          { header: 'No-shows', numeric: true },
          { header: 'Cancellations', numeric: true },
          { header: 'No-show rate', numeric: true },
        ]}
        rows={data.results.map((c) => ({
          key: String(c.client),
          cells: [
            <span>
              {c.name}
              {c.mobile && <span className="block text-xs font-normal tabular text-muted">{c.mobile}</span>}
            </span>,
            formatCount(c.bookings),
            countOrDash(c.completed),
            c.no_shows ? <span className="font-semibold text-danger-text">{formatCount(c.no_shows)}</span> : dash,
            countOrDash(c.cancellations),
            c.no_show_rate === null ? dash : `${percent.format(c.no_show_rate)}%`,
          ],
        }))}
      />
      <p className="border-t border-line px-4 py-2.5 text-xs text-muted">
        No-show rate: no-shows out of the bookings that were completed or missed. Cancelled and upcoming bookings count only under Bookings.
      </p>
      <div className="border-t border-line">
        <DataTablePager
          page={pageNumber}
          pageSize={pageSize}
          pageSizes={CLIENT_PAGE_SIZES}
          count={data.count}
          loading={loading}
          onPage={onPage}
          onPageSize={onPageSize}
        />
      </div>
    </Card>
  );
}

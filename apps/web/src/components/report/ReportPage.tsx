import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { format, isValid, parseISO, startOfMonth, subMonths } from 'date-fns';
import { BarChart3, Download, FileSpreadsheet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { downloadFrom, type FileSource, type RequestOptions } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Card } from '../Card';
import { CentreFilter } from '../CentreFilter';
import { EmptyState } from '../EmptyState';
import { FilterDate } from '../FilterSelect';
import { PageHeader } from '../PageHeader';
import { Skeleton } from '../Skeleton';
import { todayDate, todayIso } from '../../lib/today';

/** One report of a reports page: its tab's label, and the page's description while it is shown. */
export interface ReportTab<K extends string> {
  id: K;
  label: string;
  description: string;
}

/** The report the address chooses (`?report=`): the first one when it names none of them. */
export function useReportTab<K extends string>(reports: readonly ReportTab<K>[]): K {
  const [params] = useSearchParams();
  return (reports.find((r) => r.id === params.get('report')) ?? reports[0]).id;
}

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** The days (`yyyy-MM-dd`, both included) and the centre ('' = all) a report covers. */
export function useReportPeriod(initial?: { from: string; to: string }) {
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const [centre, setCentre] = useState(selectedCentre);
  // This month so far, at first.
  const [range, setRange] = useState(() => initial ?? { from: iso(startOfMonth(todayDate())), to: todayIso() });
  return {
    from: range.from,
    to: range.to,
    centre,
    setCentre,
    setRange,
    setFrom: (from: string) => setRange((r) => ({ ...r, from })),
    setTo: (to: string) => setRange((r) => ({ ...r, to })),
  };
}
export type ReportPeriod = ReturnType<typeof useReportPeriod>;

/** The From, To and Center filters of a report's period. */
export function PeriodFilters({ period }: { period: ReportPeriod }) {
  return (
    <>
      <FilterDate label="From" value={period.from} onChange={period.setFrom} required />
      <FilterDate label="To" value={period.to} onChange={period.setTo} required />
      <CentreFilter value={period.centre} onChange={period.setCentre} />
    </>
  );
}

/**
 * What a report says when its period has nothing in it: `what` happened nowhere ("No bookings were
 * made") between these dates, and `action` — by default the button that widens the period to the
 * 12 months ending on its last day.
 */
export function periodEmpty(what: string, period: ReportPeriod, action?: ReactNode): ReportEmpty {
  return {
    message: `${what} between these dates${period.centre ? ' at this center' : ''}. Try a wider date range or another center.`,
    action: action ?? <TwelveMonthsButton period={period} />,
  };
}

function TwelveMonthsButton({ period }: { period: ReportPeriod }) {
  const end = isValid(parseISO(period.to)) ? parseISO(period.to) : todayDate();
  return (
    <Button variant="secondary" onClick={() => period.setRange({ from: iso(subMonths(end, 12)), to: iso(end) })}>
      Show the 12 months to {formatDate(iso(end))}
    </Button>
  );
}

/** The empty state of a report: its title ('Nothing in this period' unless given), its text and its action. */
export interface ReportEmpty {
  title?: string;
  message: ReactNode;
  action?: ReactNode;
}

/**
 * The one report page: the reports as tabs chosen by `?report=`, the shown report's description and its
 * CSV/XLSX export in the header, the filters, then the report — or its skeleton, its error with
 * Retry, or `empty` when `isEmpty` says there is nothing to show (the export is off then too).
 */
export function ReportPage<K extends string, T>({
  title,
  tabsLabel,
  reports,
  report,
  query,
  isEmpty,
  exportFile,
  filters,
  empty,
  children,
}: {
  title: string;
  /** The tab list's accessible name. */
  tabsLabel: string;
  reports: readonly ReportTab<K>[];
  /** The report shown (`useReportTab(reports)`). */
  report: K;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  /** What the export buttons download: the report's path and parameters (the screen's own), and the file name without `.csv`/`.xlsx`. */
  exportFile: { source: FileSource; params: RequestOptions['params'] } & {
    name: string;
  };
  /** The filter controls (`PeriodFilters` and the report's own). */
  filters: ReactNode;
  /** What to say when `isEmpty` (`periodEmpty(…)` for a period with nothing in it). */
  empty: ReportEmpty;
  /** The report itself, from the query's data. */
  children: (data: T) => ReactNode;
}) {
  const [, setParams] = useSearchParams();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const meta = reports.find((r) => r.id === report)!;
  const nothing = !query.data || isEmpty(query.data);

  async function exportAs(fileFormat: 'csv' | 'xlsx') {
    setExporting(fileFormat);
    try {
      await downloadFrom(exportFile.source, { ...exportFile.params, format: fileFormat }, `${exportFile.name}.${fileFormat}`);
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
        title={title}
        description={meta.description}
        actions={
          <>
            <Button variant="secondary" size="sm" disabled={nothing || !!exporting} onClick={() => void exportAs('csv')}>
              <Download size={15} aria-hidden /> {exporting === 'csv' ? 'Exporting…' : 'Export CSV'}
            </Button>
            <Button variant="secondary" size="sm" disabled={nothing || !!exporting} onClick={() => void exportAs('xlsx')}>
              <FileSpreadsheet size={15} aria-hidden /> {exporting === 'xlsx' ? 'Exporting…' : 'Export XLSX'}
            </Button>
          </>
        }
      />
      <div role="tablist" aria-label={tabsLabel} className="-mt-2 flex gap-1 overflow-x-auto border-b border-line">
        {reports.map((r) => (
          <button
            key={r.id}
            type="button"
            role="tab"
            aria-selected={report === r.id}
            onClick={() => setParams({ report: r.id }, { replace: true })}
            className={clsx(
              '-mb-px whitespace-nowrap border-b-2 px-2.5 py-2 text-sm font-medium sm:px-3',
              report === r.id ? 'border-accent text-accent-text' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {r.label}
          </button>
        ))}
      </div>
      <Card className="flex flex-wrap items-center gap-2 p-3">{filters}</Card>

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
      ) : nothing ? (
        <Card>
          <EmptyState icon={BarChart3} title={empty.title ?? 'Nothing in this period'} action={empty.action}>
            {empty.message}
          </EmptyState>
        </Card>
      ) : (
        children(query.data)
      )}
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { clsx } from 'clsx';
import { PageHeader } from '../../components/PageHeader';
import { BoardView, useBoardLayout } from './BoardView';
import { BookingList } from './BookingList';
import { DayView } from './DayView';

/** Booking › Booking: the board of a centre's facilities (one facility's day view on a phone), and the list of all bookings. */
export function BookingPage() {
  const [params, setParams] = useSearchParams();
  const wide = useBoardLayout();
  // A search link (the top bar's results) opens the list with that search.
  const view = params.get('view') === 'list' || params.has('search') ? 'list' : 'day';
  const tab = (value: 'day' | 'list', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === value}
      onClick={() => setParams(value === 'list' ? { view: 'list' } : {}, { replace: true })}
      className={clsx(
        '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
        view === value ? 'border-accent text-accent-text' : 'border-transparent text-muted hover:text-fg',
      )}
    >
      {label}
    </button>
  );
  return (
    <div>
      <PageHeader title="Booking" description="Take desk bookings, see who booked what, and collect payments." />
      <div role="tablist" aria-label="Booking views" className="-mt-2 mb-5 flex gap-1 border-b border-line">
        {tab('day', 'Day View')}
        {tab('list', 'All Bookings')}
      </div>
      {view === 'day' ? wide ? <BoardView /> : <DayView /> : <BookingList initialSearch={params.get('search') ?? ''} />}
    </div>
  );
}

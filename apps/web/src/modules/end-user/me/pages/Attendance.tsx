import { meDeskEndpoints } from '@arena/contracts/end-user/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage } from '../../../../lib/errors';
import { PageLoading } from '../MeApp';
import { Panel } from '../ui';

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const total = y * 12 + m - 1 + by;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}
const monthTitle = (month: string) => new Date(`${month}-01T00:00:00`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' });
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The member's attendance: a month calendar with the days they came, the month's count, previous and next month. */
export default function Attendance() {
  const current = thisMonth();
  const oldest = shiftMonth(current, -36);
  const [month, setMonth] = useState(current);
  const data = useQuery({
    queryKey: ['me', 'attendance', month],
    queryFn: () => call(meDeskEndpoints.attendance, { query: { month } }),
    placeholderData: keepPreviousData,
  });
  const [y, m] = month.split('-').map(Number);
  const daysInMonth = new Date(y, m, 0).getDate();
  const lead = (new Date(y, m - 1, 1).getDay() + 6) % 7;
  const visited = new Set(data.data?.month === month ? data.data.days : []);
  const today = new Date().toISOString().slice(0, 10);
  const stepper =
    'inline-flex size-12 items-center justify-center rounded-lg border border-line-strong bg-surface text-fg disabled:opacity-40';

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Attendance</h1>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={stepper}
          aria-label="Previous month"
          disabled={month <= oldest}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft size={20} aria-hidden />
        </button>
        <p className="text-base font-semibold text-fg" aria-live="polite">
          {monthTitle(month)}
        </p>
        <button
          type="button"
          className={stepper}
          aria-label="Next month"
          disabled={month >= current}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight size={20} aria-hidden />
        </button>
      </div>
      {data.isPending ? (
        <PageLoading />
      ) : data.error ? (
        <Alert>{errorMessage(data.error)}</Alert>
      ) : (
        <Panel>
          <p className="mb-3 text-sm text-muted">
            <span className="text-2xl font-semibold text-fg tabular" data-testid="attendance-count">
              {data.data.count}
            </span>{' '}
            {data.data.count === 1 ? 'day' : 'days'} this month
          </p>
          <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
            <caption className="sr-only">Days you came in {monthTitle(month)}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map((d) => (
                  <th key={d} scope="col" className="pb-1 text-xs font-medium text-muted">
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: Math.ceil((lead + daysInMonth) / 7) }, (_, week) => (
                <tr key={week}>
                  {Array.from({ length: 7 }, (_, i) => {
                    const day = week * 7 + i - lead + 1;
                    if (day < 1 || day > daysInMonth) return <td key={i} />;
                    const date = `${month}-${String(day).padStart(2, '0')}`;
                    const came = visited.has(date);
                    return (
                      <td key={i}>
                        <span
                          className={
                            came
                              ? 'mx-auto flex size-9 items-center justify-center rounded-full bg-accent font-semibold text-accent-fg'
                              : `mx-auto flex size-9 items-center justify-center rounded-full text-fg ${date === today ? 'ring-2 ring-accent/40' : ''}`
                          }
                        >
                          {day}
                          {came && <span className="sr-only"> (came)</span>}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      )}
    </div>
  );
}

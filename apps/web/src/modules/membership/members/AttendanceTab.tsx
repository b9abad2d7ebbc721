import { clsx } from 'clsx';
import { format, parseISO } from 'date-fns';
import { CalendarCheck, ChevronLeft, ChevronRight, LogIn } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { todayIso } from '../../../lib/today';
import { useCheckInAction } from './actions';
import { useMemberAttendance, type Attendance, type Member } from './api';
import { addMonths, monthOf, monthRange, monthWeeks, visitsByDay } from '../../../lib/calendar';
import { formatTime } from './time';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const SOURCE_LABEL: Record<string, string> = { desk: 'Desk', qr: 'QR code', import: 'Import' };

/** Attendance: a month calendar of the member's visits (previous / next month), and the list of that month's visits. */
export function AttendanceTab({ member }: { member: Member }) {
  const today = todayIso();
  const [month, setMonth] = useState(monthOf(today));
  const { from, to } = monthRange(month);
  const visits = useMemberAttendance(member.id, from, to);
  const { checkIn, busy, dialog: secondSession } = useCheckInAction();
  const byDay = useMemo(() => visitsByDay(visits.data ?? []), [visits.data]);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const list = useMemo(() => [...(visits.data ?? [])].sort((a, b) => (a.check_in < b.check_in ? 1 : -1)), [visits.data]);
  const title = format(parseISO(from), 'MMMM yyyy');
  const isCurrentMonth = month === monthOf(today);

  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Card className="p-4 sm:p-5">
        <div className="mb-3 flex items-center justify-between gap-2">
          <Button size="sm" variant="ghost" aria-label="Previous month" onClick={() => setMonth(addMonths(month, -1))}>
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <div className="text-center">
            <h2 className="text-base font-semibold" aria-live="polite">
              {title}
            </h2>
            <p className="text-xs text-muted">
              {visits.isPending
                ? 'Loading…'
                : `${visits.data?.length ?? 0} ${visits.data?.length === 1 ? 'visit' : 'visits'} on ${byDay.size} ${byDay.size === 1 ? 'day' : 'days'}`}
            </p>
          </div>
          <div className="flex items-center gap-1">
            {!isCurrentMonth && (
              <Button size="sm" variant="ghost" onClick={() => setMonth(monthOf(today))}>
                Today
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label="Next month"
              disabled={isCurrentMonth}
              onClick={() => setMonth(addMonths(month, 1))}
            >
              <ChevronRight size={16} aria-hidden />
            </Button>
          </div>
        </div>
        {visits.isError && <Alert tone="error">{errorMessage(visits.error)}</Alert>}
        <table
          className={clsx('w-full table-fixed border-collapse text-sm', visits.isFetching && 'opacity-70')}
          aria-label={`Visits in ${title}`}
        >
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" className="pb-2 text-center text-xs font-medium text-muted">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].date}>
                {week.map((day) => {
                  const came = byDay.get(day.date);
                  const label = `${format(parseISO(day.date), 'EEEE, d MMMM yyyy')}: ${came ? `visited${came.length > 1 ? ` ${came.length} times` : ''}` : 'no visit'}`;
                  return (
                    <td key={day.date} className="p-0.5 text-center sm:p-1">
                      <div
                        aria-label={day.inMonth ? label : undefined}
                        aria-hidden={day.inMonth ? undefined : true}
                        title={came ? came.map((v) => formatTime(v.check_in)).join(', ') : undefined}
                        className={clsx(
                          'mx-auto flex h-9 w-full max-w-12 flex-col items-center justify-center rounded-md tabular sm:h-11',
                          !day.inMonth && 'text-muted/40',
                          day.inMonth && came && 'bg-success-soft font-semibold text-success ring-1 ring-inset ring-success/30',
                          day.inMonth && !came && day.date <= today && 'text-fg',
                          day.inMonth && day.date > today && 'text-muted',
                          day.date === today && 'ring-2 ring-inset ring-accent/50',
                        )}
                      >
                        {Number(day.date.slice(8))}
                        {day.inMonth && came && (
                          <span className="hidden text-[10px] font-medium leading-none sm:block">{formatTime(came[0].check_in)}</span>
                        )}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 flex items-center gap-2 text-xs text-muted">
          <span className="inline-block h-3 w-3 rounded-sm bg-success-soft ring-1 ring-inset ring-success/30" aria-hidden /> Came in (first
          check-in time)
        </p>
      </Card>

      <Card>
        <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 className="text-sm font-semibold">Visits in {title}</h2>
          <Button size="sm" variant="secondary" disabled={busy === member.id} onClick={() => void checkIn(member)}>
            <LogIn size={15} aria-hidden /> Check in
          </Button>
        </div>
        {visits.isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={CalendarCheck} title="No visits this month">
            Check-ins at the desk or with the member card's QR code appear here.
          </EmptyState>
        ) : (
          <ul className="max-h-[28rem] divide-y divide-line overflow-y-auto" aria-label={`Visits in ${title}`}>
            {list.map((v) => (
              <VisitRow key={v.id} visit={v} today={today} />
            ))}
          </ul>
        )}
      </Card>
      {secondSession}
    </div>
  );
}

function VisitRow({ visit: v, today }: { visit: Attendance; today: string }) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
      <span className="min-w-0">
        <span className="block font-medium">{format(parseISO(v.date), 'EEE, d MMM yyyy')}</span>
        <span className="block text-xs text-muted">
          {SOURCE_LABEL[v.source] ?? v.source}
          {v.plan_name && ` · ${v.plan_name}`}
          {v.override && ' · let in without a running plan'}
          {v.sessions_left !== null && !v.override && (v.spent_session ? ' · 1 session used' : ' · no session used')}
        </span>
      </span>
      <span className="shrink-0 text-right tabular">
        {formatTime(v.check_in)}
        {v.check_out ? (
          <span className="text-muted"> – {formatTime(v.check_out)}</span>
        ) : (
          v.date === today && <span className="text-success"> · in now</span>
        )}
      </span>
    </li>
  );
}

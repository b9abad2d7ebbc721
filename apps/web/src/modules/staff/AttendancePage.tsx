import {
  STAFF_ATTENDANCE_LABELS,
  STAFF_ATTENDANCE_STATUSES,
  type StaffAttendanceDay,
  type StaffAttendanceMonth,
  type StaffAttendanceStatus,
} from '@arena/contracts/staff';
import { CalendarCheck, CheckCheck } from 'lucide-react';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CentreFilter } from '../../components/CentreFilter';
import { EmptyState } from '../../components/EmptyState';
import { FilterDate } from '../../components/FilterSelect';
import { MarkToggle, type MarkTone } from '../../components/MarkToggle';
import { monthLabel, MonthStepper } from '../../components/MonthStepper';
import { PageHeader } from '../../components/PageHeader';
import { PersonAvatar } from '../../components/PersonAvatar';
import { Skeleton } from '../../components/Skeleton';
import { monthOf } from '../../lib/calendar';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useSidebar } from '../../state/sidebar';
import { useAttendanceMarks, useAttendanceRegister } from './api';
import { staffPath } from './paths';

export const MARK_TONE: Record<StaffAttendanceStatus, MarkTone> = {
  present: 'success',
  half_day: 'info',
  leave: 'warning',
  absent: 'danger',
};
/** The month grid's letter of each mark. */
export const MARK_LETTER: Record<StaffAttendanceStatus, string> = { present: 'P', half_day: 'H', leave: 'L', absent: 'A' };
export const MARK_CELL: Record<StaffAttendanceStatus, string> = {
  present: 'bg-success-soft text-success',
  half_day: 'bg-accent-soft text-accent-text',
  leave: 'bg-warning-soft text-warning-text',
  absent: 'bg-danger-soft text-danger-text',
};

/**
 * Staff Management › Attendance: a day's register (one tap marks a staff member present, half
 * day, on leave or absent; one click marks everyone still unmarked present) and a month's grid.
 */
export function StaffAttendancePage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'month' ? 'month' : 'day';
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [centre, setCentre] = useState(sidebarCentre);
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [month, setMonth] = useState(monthOf(today));
  const setView = (v: 'day' | 'month') => setParams(v === 'month' ? { view: 'month' } : {}, { replace: true });

  return (
    <div>
      <PageHeader
        title="Staff Attendance"
        description="Mark who came in today with one tap, or look back over a month. Payroll counts these marks: half days as half, leave up to the category's paid leave."
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="View" className="inline-flex rounded-md border border-line-strong bg-surface p-0.5">
          {(['day', 'month'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={clsx('rounded px-3 py-1.5 text-sm font-medium', view === v ? 'bg-accent text-white' : 'text-muted hover:text-fg')}
            >
              {v === 'day' ? 'Day register' : 'Month grid'}
            </button>
          ))}
        </div>
        {view === 'day' ? (
          <FilterDate label="Date" value={date} onChange={(v) => setDate(v && v <= today ? v : today)} required />
        ) : (
          <MonthStepper month={month} onChange={setMonth} max={monthOf(today)} />
        )}
        <CentreFilter value={centre} onChange={setCentre} />
      </div>
      {view === 'day' ? <DayRegister date={date} centre={centre} /> : <MonthGrid month={month} centre={centre} />}
    </div>
  );
}

function DayRegister({ date, centre }: { date: string; centre: string }) {
  const register = useAttendanceRegister({ date, centre });
  const { mark, bulk } = useAttendanceMarks();
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  if (register.isPending) return <Skeleton className="h-72 w-full rounded-lg" />;
  if (register.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void register.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(register.error)}
      </Alert>
    );
  const day = register.data as StaffAttendanceDay;
  const unmarked = day.rows.filter((r) => !r.attendance);

  const tap = async (staff: number, name: string, status: StaffAttendanceStatus) => {
    setBusy(staff);
    try {
      await mark.mutateAsync({ staff, date, status, check_in: null, check_out: null, notes: '' });
    } catch (error) {
      notify.error(`${name}: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };
  const markAllPresent = async () => {
    setBusy('all');
    try {
      const done = await bulk.mutateAsync({ date, rows: unmarked.map((r) => ({ staff: r.staff, status: 'present' as const })) });
      notify.success(`${formatCount(done.saved)} marked present for ${formatDate(date)}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  if (day.rows.length === 0)
    return (
      <Card>
        <EmptyState icon={CalendarCheck} title="No active staff here">
          Add staff (or choose another center) to mark their attendance.
        </EmptyState>
      </Card>
    );
  const t = day.totals;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm" aria-live="polite">
          <span className="font-semibold">{formatDate(date)}</span>
          <span className="font-semibold text-success">{formatCount(t.present)} present</span>
          <span className="text-accent-text">{formatCount(t.half_day)} half day</span>
          <span className="text-warning-text">{formatCount(t.leave)} on leave</span>
          <span className="text-danger-text">{formatCount(t.absent)} absent</span>
          <span className="text-muted">{formatCount(t.unmarked)} not marked</span>
        </p>
        <Button size="sm" disabled={unmarked.length === 0 || busy !== null} onClick={() => void markAllPresent()}>
          <CheckCheck size={16} aria-hidden /> Mark {unmarked.length ? `${formatCount(unmarked.length)} unmarked` : 'everyone'} present
        </Button>
      </div>
      <ul className="divide-y divide-line" aria-label={`Attendance of ${formatDate(date)}`}>
        {day.rows.map((r) => {
          const status = r.attendance?.status ?? null;
          const before = date < r.joining_date;
          return (
            <li key={r.staff} className="flex flex-col gap-2 px-4 py-3 lg:flex-row lg:items-center lg:gap-3">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <PersonAvatar name={r.staff_name} />
                <div className="min-w-0">
                  <Link to={staffPath(r.staff, 'attendence')} className="block truncate font-medium text-accent-text hover:underline">
                    {r.staff_name}
                  </Link>
                  <p className="text-xs text-muted tabular">
                    {r.staff_code} · {r.category_name}
                    {before && ` · joins ${formatDate(r.joining_date)}`}
                    {r.attendance?.check_in &&
                      ` · in ${r.attendance.check_in}${r.attendance.check_out ? `, out ${r.attendance.check_out}` : ''}`}
                  </p>
                </div>
              </div>
              <div className="grid grid-cols-2 gap-2 sm:flex">
                {STAFF_ATTENDANCE_STATUSES.map((s) => (
                  <MarkToggle
                    key={s}
                    compact
                    label={`${STAFF_ATTENDANCE_LABELS[s]} ${r.staff_name}`}
                    pressed={status === s}
                    tone={MARK_TONE[s]}
                    disabled={before || busy !== null}
                    onClick={() => void tap(r.staff, r.staff_name, s)}
                  >
                    {STAFF_ATTENDANCE_LABELS[s]}
                  </MarkToggle>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function MonthGrid({ month, centre }: { month: string; centre: string }) {
  const register = useAttendanceRegister({ month, centre });
  if (register.isPending) return <Skeleton className="h-72 w-full rounded-lg" />;
  if (register.isError) return <Alert tone="error">{errorMessage(register.error)}</Alert>;
  const grid = register.data as StaffAttendanceMonth;
  if (grid.rows.length === 0)
    return (
      <Card>
        <EmptyState icon={CalendarCheck} title="No active staff here">
          Add staff (or choose another center) to see their month.
        </EmptyState>
      </Card>
    );
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Attendance grid of ${monthLabel(month)}`}>
        <table className="w-full border-collapse text-xs">
          <thead className="bg-subtle text-muted">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-subtle px-3 py-2 text-left font-semibold">
                Staff
              </th>
              {grid.days.map((d) => (
                <th key={d} scope="col" className="w-7 px-0.5 py-2 text-center font-medium tabular">
                  <abbr title={formatDate(d)} className="no-underline">
                    {Number(d.slice(8))}
                  </abbr>
                </th>
              ))}
              {(['present', 'half_day', 'leave', 'absent'] as const).map((s) => (
                <th key={s} scope="col" className="px-2 py-2 text-right font-semibold">
                  {STAFF_ATTENDANCE_LABELS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {grid.rows.map((r) => (
              <tr key={r.staff}>
                <th scope="row" className="sticky left-0 z-10 bg-surface px-3 py-1.5 text-left font-medium">
                  <Link to={staffPath(r.staff, 'attendence')} className="whitespace-nowrap text-sm hover:text-accent-text hover:underline">
                    {r.staff_name}
                  </Link>
                </th>
                {r.days.map((s, i) => (
                  <td key={grid.days[i]} className="px-0.5 py-1 text-center">
                    {s ? (
                      <span
                        title={`${formatDate(grid.days[i])}: ${STAFF_ATTENDANCE_LABELS[s]}`}
                        className={clsx('inline-flex h-6 w-6 items-center justify-center rounded font-semibold', MARK_CELL[s])}
                      >
                        {MARK_LETTER[s]}
                      </span>
                    ) : (
                      <span className="text-line-strong" aria-label={`${formatDate(grid.days[i])}: not marked`}>
                        ·
                      </span>
                    )}
                  </td>
                ))}
                <td className="px-2 text-right tabular">{formatCount(r.totals.present)}</td>
                <td className="px-2 text-right tabular">{formatCount(r.totals.half_day)}</td>
                <td className="px-2 text-right tabular">{formatCount(r.totals.leave)}</td>
                <td className="px-2 text-right tabular">{formatCount(r.totals.absent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="border-t border-line px-4 py-2 text-xs text-muted">P present · H half day · L leave · A absent · · not marked</p>
    </Card>
  );
}

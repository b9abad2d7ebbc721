import { CalendarCheck, LogOut, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { CentreFilter } from '../../../components/CentreFilter';
import { EmptyState } from '../../../components/EmptyState';
import { FilterDate, FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { Skeleton } from '../../../components/Skeleton';
import { StatCard } from '../../../components/StatCard';
import { usePhoneLayout } from '../../../components/usePhoneLayout';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { authStore } from '../../../state/auth';
import { useSidebar } from '../../../state/sidebar';
import { useAttendanceMutations, useRegister, type Attendance } from './api';
import { CheckInBox } from './CheckInBox';
import { MemberAvatar, memberPath } from './parts';
import { clockTime, visitLength } from './rules';

const SHOW_OPTIONS = [
  { value: 'in', label: 'In now' },
  { value: 'out', label: 'Checked out' },
];

/** How a visit came in: the desk, the card's QR code, an import; and whether it was let in by override. */
function SourceBadges({ a }: { a: Attendance }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={a.source === 'qr' ? 'info' : 'neutral'}>
        {a.source === 'qr' ? 'QR' : a.source === 'import' ? 'Import' : a.source === 'batch' ? 'Roll call' : 'Desk'}
      </Badge>
      {a.override && <Badge tone="danger">Override</Badge>}
    </span>
  );
}

/** Membership › Attendance: the fast check-in box and the day's register (who is in now, who came). */
export function AttendancePage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [centre, setCentre] = useState(sidebarCentre);
  const [show, setShow] = useState('');
  const [search, setSearch] = useState('');
  const register = useRegister(date, centre);
  const { checkOut } = useAttendanceMutations();
  const phone = usePhoneLayout();
  const zone = authStore.get().organisation?.time_zone;
  const isToday = date === today;

  const needle = search.trim().toLowerCase();
  const rows = (register.data?.results ?? [])
    .filter((a) => (show === 'in' ? !a.check_out : show === 'out' ? !!a.check_out : true))
    .filter((a) => !needle || a.member_name.toLowerCase().includes(needle) || a.member_code.toLowerCase().includes(needle))
    // Who is in now first, then the latest arrivals.
    .sort((a, b) => Number(!!a.check_out) - Number(!!b.check_out) || b.check_in.localeCompare(a.check_in));

  const out = async (a: Attendance) => {
    try {
      const done = await checkOut.mutateAsync(a.id);
      notify.success(`${a.member_name} checked out at ${clockTime(done.check_out, zone)}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const checkOutButton = (a: Attendance) =>
    !a.check_out && isToday ? (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Check out ${a.member_name}`}
        disabled={checkOut.isPending && checkOut.variables === a.id}
        onClick={() => void out(a)}
      >
        <LogOut size={14} aria-hidden /> Check out
      </Button>
    ) : null;
  const outCell = (a: Attendance) =>
    a.check_out ? (
      <span className="tabular">{clockTime(a.check_out, zone)}</span>
    ) : isToday ? (
      <Badge tone="success">In now</Badge>
    ) : (
      <span className="text-muted">Not recorded</span>
    );

  return (
    <div className="space-y-5">
      <PageHeader
        title="Attendance"
        description="Check members in as they arrive, and see who is in now and who came. Times are 24-hour."
      />
      <CheckInBox viewingOtherDay={!isToday} />

      <Card className="flex flex-wrap items-center gap-2 p-3">
        <FilterDate label="Date" value={date} onChange={setDate} required />
        {!isToday && (
          <Button size="sm" variant="ghost" onClick={() => setDate(today)}>
            Back to today
          </Button>
        )}
        <CentreFilter value={centre} onChange={setCentre} />
        <FilterSelect label="Show" value={show} onChange={setShow} options={SHOW_OPTIONS} allLabel="Everyone" />
        <div className="relative w-full sm:w-auto sm:min-w-[200px] sm:flex-1">
          <Search size={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Find in the register"
            aria-label="Find in the register"
            className="h-9 w-full rounded-md border border-line-strong bg-surface pl-8 pr-3 text-sm text-fg shadow-sm placeholder:text-muted focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
          />
        </div>
      </Card>

      {register.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <div className="grid grid-cols-3 gap-3 sm:gap-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-[88px]" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : register.isError || !register.data ? (
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
      ) : (
        <>
          <div className="grid grid-cols-3 gap-3 sm:gap-4">
            <StatCard label={isToday ? 'In now' : 'Not checked out'} value={formatCount(register.data.in_now)} />
            <StatCard label="Visits" value={formatCount(register.data.visits)} sub={isToday ? 'today' : formatDate(date)} />
            <StatCard label="Members" value={formatCount(register.data.members)} sub="came" />
          </div>
          <Card className="overflow-hidden">
            <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">
              Register, {isToday ? `today (${formatDate(date)})` : formatDate(date)}
            </h2>
            {rows.length === 0 ? (
              <EmptyState icon={CalendarCheck} title={register.data.results.length ? 'Nobody matches' : 'No visits on this day'}>
                {register.data.results.length
                  ? 'Try another name or show everyone.'
                  : isToday
                    ? 'Check members in with the box above as they arrive.'
                    : 'Nobody was checked in on this day at this center.'}
              </EmptyState>
            ) : phone ? (
              <ul className="divide-y divide-line" aria-label="Register">
                {rows.map((a) => (
                  <li key={a.id} className="flex items-start gap-3 px-4 py-3">
                    <MemberAvatar name={a.member_name} photo={a.photo} />
                    <div className="min-w-0 flex-1">
                      <Link to={memberPath(a.member)} className="block truncate font-medium text-accent-text hover:underline">
                        {a.member_name}
                      </Link>
                      <p className="truncate text-xs tabular text-muted">
                        {a.member_code}
                        {a.plan_name && ` · ${a.plan_name}`}
                        {a.sessions_left !== null && !a.override && (a.spent_session ? ' · 1 session used' : ' · no session used')}
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm tabular">
                        <span>In {clockTime(a.check_in, zone)}</span>
                        <span className="text-muted">·</span>
                        {a.check_out ? <span>Out {clockTime(a.check_out, zone)}</span> : outCell(a)}
                        <SourceBadges a={a} />
                      </p>
                    </div>
                    {checkOutButton(a)}
                  </li>
                ))}
              </ul>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" aria-label="Register">
                  <thead className="bg-subtle">
                    <tr className="text-left text-xs font-semibold uppercase tracking-wide text-muted">
                      <th scope="col" className="px-4 py-2">
                        Member
                      </th>
                      <th scope="col" className="px-4 py-2">
                        Plan
                      </th>
                      <th scope="col" className="px-4 py-2">
                        In
                      </th>
                      <th scope="col" className="px-4 py-2">
                        Out
                      </th>
                      <th scope="col" className="px-4 py-2">
                        Time spent
                      </th>
                      <th scope="col" className="px-4 py-2">
                        How
                      </th>
                      <th scope="col" className="px-4 py-2 text-right">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {rows.map((a) => (
                      <tr key={a.id} className="hover:bg-subtle/50">
                        <td className="px-4 py-2.5">
                          <div className="flex items-center gap-3">
                            <MemberAvatar name={a.member_name} photo={a.photo} />
                            <div className="min-w-0">
                              <Link to={memberPath(a.member)} className="block font-medium text-accent-text hover:underline">
                                {a.member_name}
                              </Link>
                              <span className="text-xs tabular text-muted">{a.member_code}</span>
                            </div>
                          </div>
                        </td>
                        <td className="px-4 py-2.5">
                          {a.plan_name || <span className="text-muted">—</span>}
                          {a.sessions_left !== null && (
                            <span className="block text-xs text-muted">
                              {!a.override && (a.spent_session ? '1 session used · ' : 'no session used · ')}
                              {a.sessions_left} {a.sessions_left === 1 ? 'session' : 'sessions'} left
                            </span>
                          )}
                        </td>
                        <td className="whitespace-nowrap px-4 py-2.5 tabular">{clockTime(a.check_in, zone)}</td>
                        <td className="whitespace-nowrap px-4 py-2.5">{outCell(a)}</td>
                        <td className="whitespace-nowrap px-4 py-2.5 tabular text-muted">
                          {a.check_out || isToday ? visitLength(a.check_in, a.check_out) : '—'}
                        </td>
                        <td className="px-4 py-2.5">
                          <SourceBadges a={a} />
                        </td>
                        <td className="px-4 py-2.5 text-right">{checkOutButton(a)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}

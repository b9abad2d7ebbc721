import { ArrowLeft, Check, ChevronLeft, ChevronRight, ClipboardCheck, DoorOpen, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCrumbName } from '../../../lib/crumbs';
import { Alert } from '../../../components/Alert';
import { Button, buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { MarkToggle } from '../../../components/MarkToggle';
import { FilterDate } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { Skeleton } from '../../../components/Skeleton';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatCount, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { authStore } from '../../../state/auth';
import { useRollCall, useRollCallMark, type RollCall, type RollCallEntry, type RollCallStatus } from './api';
import { SeatBadge } from './BatchMembersDialog';
import { MemberAvatar, memberPath } from './parts';
import { clockTime, refusalText, timeRange } from './rules';

const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: 'UTC' });
const dayName = (iso: string) => WEEKDAY.format(new Date(`${iso}T00:00:00Z`));

/**
 * Membership › Batch › Roll call: a session's roster (today's by default) with one-tap Present
 * and Absent for each member. A tap on the pressed button clears the mark. Members who came
 * through the door that day show present already.
 */
export function RollCallPage() {
  const params = useParams();
  const batchId = Number(params.batchId);
  const [date, setDate] = useState('');
  const roll = useRollCall(batchId, date);
  useCrumbName(`/membership/batch/${params.batchId}`, roll.data?.batch_name);
  const dateError = roll.error instanceof ApiError && roll.error.status === 400 ? refusalText(roll.error.data) : null;

  if (!Number.isInteger(batchId) || batchId <= 0)
    return <EmptyState title="No such batch">Open a batch from Membership › Batch.</EmptyState>;

  const data = roll.data;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={data ? `${data.batch_name}: roll call` : 'Roll call'}
        description={
          data
            ? `${dayName(data.date)}, ${formatDate(data.date)} · ${timeRange(data.start_time, data.end_time)}${data.centre_name ? ` · ${data.centre_name}` : ''}`
            : undefined
        }
        actions={
          <Link to="/membership/batch" className={buttonClass('ghost', 'sm')}>
            <ArrowLeft size={14} aria-hidden /> Batches
          </Link>
        }
      />

      <div className="mb-4 flex items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          aria-label="Previous session"
          disabled={!data?.previous_date}
          onClick={() => data?.previous_date && setDate(data.previous_date)}
        >
          <ChevronLeft size={16} aria-hidden />
        </Button>
        <div className="min-w-0 flex-1 sm:flex-none">
          <FilterDate label="Session" value={data?.date ?? date} onChange={setDate} required />
        </div>
        <Button
          size="sm"
          variant="secondary"
          aria-label="Next session"
          disabled={!data?.next_date}
          onClick={() => data?.next_date && setDate(data.next_date)}
        >
          <ChevronRight size={16} aria-hidden />
        </Button>
        {date && (
          <Button size="sm" variant="ghost" aria-label="Today’s session" onClick={() => setDate('')}>
            Today
          </Button>
        )}
      </div>

      {roll.isPending ? (
        <Skeleton className="h-64" />
      ) : dateError ? (
        <Alert
          tone="warning"
          action={
            <Button size="sm" variant="secondary" onClick={() => setDate('')}>
              Today’s session
            </Button>
          }
        >
          {dateError}
        </Alert>
      ) : roll.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void roll.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(roll.error)}
        </Alert>
      ) : (
        <Roster key={data!.date} roll={data!} batchId={batchId} />
      )}
    </div>
  );
}

function Roster({ roll, batchId }: { roll: RollCall; batchId: number }) {
  const mark = useRollCallMark(batchId);
  const zone = authStore.get().organisation?.time_zone;
  const tap = async (r: RollCallEntry, pressed: RollCallStatus) => {
    const status: RollCallStatus = r.status === pressed && r.marked_by === 'roll_call' ? 'unmarked' : pressed;
    try {
      await mark.mutateAsync({ member: r.member, date: roll.date, status });
    } catch (error) {
      notify.error((error instanceof ApiError && refusalText(error.data)) || errorMessage(error));
    }
  };
  const busy = (r: RollCallEntry) => mark.isPending && mark.variables?.member === r.member;

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" aria-live="polite">
        <span className="font-semibold text-success">{formatCount(roll.present)} present</span> ·{' '}
        <span className="font-semibold text-danger-text">{formatCount(roll.absent)} absent</span> · {formatCount(roll.unmarked)} not marked
      </p>
      {!roll.can_mark && <Alert tone="info">This session is ahead: its roster is shown, and it is marked on the day.</Alert>}
      {roll.results.length === 0 ? (
        <Card>
          <EmptyState icon={ClipboardCheck} title="Nobody on the roster">
            Nobody held a seat in this batch on {formatDate(roll.date)}. Add members from Membership › Batch.
          </EmptyState>
        </Card>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface" aria-label={`Roll call of ${roll.batch_name}`}>
          {roll.results.map((r) => (
            <li key={r.member} className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:gap-3">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <MemberAvatar name={r.member_name} photo={r.photo} />
                <div className="min-w-0 flex-1">
                  <Link to={memberPath(r.member)} className="block truncate font-medium text-accent-text hover:underline">
                    {r.member_name}
                  </Link>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs tabular text-muted">
                    <span>{r.member_code}</span>
                    {r.marked_by === 'door' && r.check_in && (
                      <span className="inline-flex items-center gap-1 text-success">
                        <DoorOpen size={12} aria-hidden /> Checked in {clockTime(r.check_in, zone)}
                      </span>
                    )}
                    <SeatBadge m={{ ...r, seat_until: null }} />
                  </p>
                </div>
              </div>
              <div className="grid grid-cols-2 gap-2 sm:flex">
                <MarkToggle
                  label={`Present ${r.member_name}`}
                  pressed={r.status === 'present'}
                  tone="success"
                  disabled={!roll.can_mark || busy(r)}
                  onClick={() => void tap(r, 'present')}
                >
                  <Check size={18} aria-hidden /> Present
                </MarkToggle>
                <MarkToggle
                  label={`Absent ${r.member_name}`}
                  pressed={r.status === 'absent'}
                  tone="danger"
                  disabled={!roll.can_mark || busy(r)}
                  onClick={() => void tap(r, 'absent')}
                >
                  <X size={18} aria-hidden /> Absent
                </MarkToggle>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

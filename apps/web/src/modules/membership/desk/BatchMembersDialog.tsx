import { ClipboardCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button, buttonClass } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Skeleton } from '../../../components/Skeleton';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { countOf, formatCount, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  useBatchMemberMutations,
  useBatchMembers,
  useBatchWaitlist,
  useWaitlistMutations,
  type Batch,
  type BatchMember,
  type BatchWaitlistEntry,
  type MemberLookup,
} from './api';
import { MemberAvatar, MemberPicker, memberPath, MemberStatusBadge, SeatsCell } from './parts';
import { refusalText, timeRange, weekdaysText } from './rules';

/** The roll call of a batch (today's session by default). */
export const rollCallPath = (batch: number) => `/membership/batch/${batch}/roll-call`;

/** A batch's members: who holds a seat (and whose seat lapses), its waiting list, add a member or put one on the list. */
export function BatchMembersDialog({ batch, onClose }: { batch: Batch | null; onClose: () => void }) {
  return (
    <Dialog
      open={!!batch}
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title={batch ? `${batch.name}: members` : 'Members'}
      description={
        batch
          ? `${weekdaysText(batch.weekdays)} · ${timeRange(batch.start_time, batch.end_time)}${batch.centre_name ? ` · ${batch.centre_name}` : ''}`
          : undefined
      }
    >
      {batch && <MembersBody key={batch.id} batch={batch} />}
    </Dialog>
  );
}

const refusalOf = (error: unknown) =>
  (error instanceof ApiError && (error.status === 400 || error.status === 409 || error.status === 404) ? refusalText(error.data) : null) ??
  errorMessage(error);

/** The seat of a member: lapsed (kept N more days) or freed; nothing for a held seat. */
export function SeatBadge({ m }: { m: Pick<BatchMember, 'seat_status' | 'seat_days_left' | 'seat_until'> }) {
  if (m.seat_status === 'lapsed')
    return (
      <span title={m.seat_until ? `The seat is kept until ${formatDate(m.seat_until)}` : undefined}>
        <Badge tone="danger">{m.seat_days_left === null ? 'Lapsed' : `Lapsed · ${countOf(m.seat_days_left, 'day')} left`}</Badge>
      </span>
    );
  if (m.seat_status === 'freed') return <Badge tone="neutral">Seat freed</Badge>;
  return null;
}

function MembersBody({ batch }: { batch: Batch }) {
  const members = useBatchMembers(batch.id);
  const waitlist = useBatchWaitlist(batch.id);
  const { add, remove } = useBatchMemberMutations(batch.id);
  const lists = useWaitlistMutations(batch.id);
  const [adding, setAdding] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = members.data ?? [];
  const seated = rows.filter((r) => r.seat_status !== 'freed');
  const lapsed = rows.filter((r) => r.seat_status === 'lapsed').length;
  const open = (waitlist.data ?? []).filter((e) => e.position !== null);
  const offered = open.filter((e) => e.status === 'offered');
  const taken = members.data ? seated.length : batch.members_count;
  const waiting = waitlist.data ? open.length : batch.waitlist_count;
  const left = batch.is_active ? Math.max(0, batch.capacity - taken - waiting) : 0;
  const full = left <= 0;

  const join = async (m: MemberLookup) => {
    setAdding(m.id);
    setRefusal(null);
    try {
      if (full) {
        const entry = await lists.join.mutateAsync(m.id);
        notify.success(`${m.full_name} is ${ordinal(entry.position ?? 1)} on the waiting list for ${batch.name}.`);
      } else {
        await add.mutateAsync(m.id);
        notify.success(`${m.full_name} joined ${batch.name}.`);
      }
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setAdding(null);
    }
  };
  const leave = async (member: number, name: string) => {
    try {
      await remove.mutateAsync(member);
      setRefusal(null);
      notify.success(`${name} left ${batch.name}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-xs">
          <SeatsCell members={taken} capacity={batch.capacity} left={left} />
          {lapsed > 0 && (
            <p className="mt-1 text-xs text-muted">
              {countOf(lapsed, 'seat')} held by lapsed {lapsed === 1 ? 'member' : 'members'}: renew to keep {lapsed === 1 ? 'it' : 'them'}.
            </p>
          )}
        </div>
        <Link to={rollCallPath(batch.id)} className={buttonClass('secondary', 'sm')}>
          <ClipboardCheck size={14} aria-hidden /> Roll call
        </Link>
      </div>

      <section aria-labelledby="batch-add-heading" className="space-y-2">
        <h3 id="batch-add-heading" className="text-sm font-semibold">
          {full ? 'Add to the waiting list' : 'Add a member'}
        </h3>
        {full && !refusal && (
          <Alert tone="warning">
            {!batch.is_active
              ? `${batch.name} is inactive; activate it to add members.`
              : offered.length > 0
                ? `${offered.map((e) => e.member_name).join(', ')} ${offered.length === 1 ? 'is' : 'are'} offered the free ${offered.length === 1 ? 'seat' : 'seats'}: confirm or decline below. Others join the waiting list.`
                : `The batch is full (${countOf(batch.capacity, 'seat')}). Members you add join the waiting list; the first in line is offered the next free seat.`}
          </Alert>
        )}
        {refusal && <Alert tone="error">{refusal}</Alert>}
        {batch.is_active && (
          <MemberPicker
            label="Find member"
            value={null}
            onChange={() => undefined}
            exclude={[...seated.map((r) => r.member), ...open.map((e) => e.member)]}
            action={{ label: full ? 'Join waitlist' : 'Add', run: join, busy: adding }}
          />
        )}
      </section>

      <WaitlistSection batch={batch} entries={open} loading={waitlist.isPending} lists={lists} onRefusal={setRefusal} />

      <section aria-labelledby="batch-members-heading">
        <h3 id="batch-members-heading" className="mb-2 text-sm font-semibold">
          In this batch {members.data && <span className="font-normal text-muted">({formatCount(seated.length)})</span>}
        </h3>
        {members.isPending ? (
          <Skeleton className="h-32" />
        ) : members.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={() => void members.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(members.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-line px-3 py-6 text-center text-sm text-muted">
            Nobody is in this batch yet. Find a member above to add them.
          </p>
        ) : (
          <ul className="divide-y divide-line rounded-md border border-line" aria-label={`Members of ${batch.name}`}>
            {rows.map((r) => (
              <li key={r.member} className="flex items-center gap-3 px-3 py-2">
                <MemberAvatar name={r.member_name} />
                <div className="min-w-0 flex-1">
                  <Link to={memberPath(r.member)} className="block truncate text-sm font-medium text-accent-text hover:underline">
                    {r.member_name}
                  </Link>
                  <p className="truncate text-xs tabular text-muted">
                    {r.member_code} · {r.phone} · joined {formatDate(r.joined_on)}
                  </p>
                  {r.seat_status !== 'held' && (
                    <p className="mt-1 sm:hidden">
                      <SeatBadge m={r} />
                    </p>
                  )}
                </div>
                <span className="hidden items-center gap-1.5 sm:inline-flex">
                  <SeatBadge m={r} />
                  <MemberStatusBadge status={r.status} />
                </span>
                <Button
                  size="sm"
                  variant="ghost-danger"
                  aria-label={`Remove ${r.member_name} from ${batch.name}`}
                  disabled={remove.isPending && remove.variables === r.member}
                  onClick={() => void leave(r.member, r.member_name)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** The waiting list in order: an offered seat's Confirm and Decline, and Remove for everyone. */
function WaitlistSection({
  batch,
  entries,
  loading,
  lists,
  onRefusal,
}: {
  batch: Batch;
  entries: BatchWaitlistEntry[];
  loading: boolean;
  lists: ReturnType<typeof useWaitlistMutations>;
  onRefusal: (text: string | null) => void;
}) {
  const run = async (what: 'confirm' | 'decline' | 'remove', e: BatchWaitlistEntry) => {
    onRefusal(null);
    try {
      await lists[what].mutateAsync(e.id);
      notify.success(
        what === 'confirm'
          ? `${e.member_name} joined ${batch.name}.`
          : what === 'decline'
            ? `${e.member_name} declined the seat; the next in line is offered it.`
            : `${e.member_name} is off the waiting list.`,
      );
    } catch (error) {
      onRefusal(refusalOf(error));
    }
  };
  if (loading) return <Skeleton className="h-16" />;
  if (entries.length === 0) return null;
  const busy = (e: BatchWaitlistEntry) =>
    (lists.confirm.isPending && lists.confirm.variables === e.id) ||
    (lists.decline.isPending && lists.decline.variables === e.id) ||
    (lists.remove.isPending && lists.remove.variables === e.id);
  return (
    <section aria-labelledby="batch-waitlist-heading">
      <h3 id="batch-waitlist-heading" className="mb-2 text-sm font-semibold">
        Waiting list <span className="font-normal text-muted">({formatCount(entries.length)})</span>
      </h3>
      <ol className="divide-y divide-line rounded-md border border-line" aria-label={`Waiting list of ${batch.name}`}>
        {entries.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2">
            <span className="w-6 text-center text-sm font-semibold tabular text-muted" aria-label={`${ordinal(e.position ?? 0)} in line`}>
              {e.position}
            </span>
            <div className="min-w-0 flex-1">
              <Link to={memberPath(e.member)} className="block truncate text-sm font-medium text-accent-text hover:underline">
                {e.member_name}
              </Link>
              <p className="truncate text-xs tabular text-muted">
                {e.member_code} · {e.phone}
                {e.note ? ` · ${e.note}` : ''}
              </p>
            </div>
            {e.status === 'offered' ? <Badge tone="info">Seat offered</Badge> : <Badge tone="neutral">Waiting</Badge>}
            <div className="flex gap-1.5">
              {e.status === 'offered' && (
                <>
                  <Button
                    size="sm"
                    aria-label={`Confirm the seat for ${e.member_name}`}
                    disabled={busy(e)}
                    onClick={() => void run('confirm', e)}
                  >
                    Confirm
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${e.member_name} declines the seat`}
                    disabled={busy(e)}
                    onClick={() => void run('decline', e)}
                  >
                    Decline
                  </Button>
                </>
              )}
              <Button
                size="sm"
                variant="ghost-danger"
                aria-label={`Remove ${e.member_name} from the waiting list`}
                disabled={busy(e)}
                onClick={() => void run('remove', e)}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

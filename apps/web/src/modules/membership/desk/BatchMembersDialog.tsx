import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Skeleton } from '../../../components/Skeleton';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { countOf, formatCount, formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useBatchMemberMutations, useBatchMembers, type Batch, type Member } from './api';
import { MemberAvatar, MemberPicker, memberPath, MemberStatusBadge, SeatsCell } from './parts';
import { refusalText, timeRange, weekdaysText } from './rules';

/** A batch's members: who is in it, seats left, add a member (refused when full), remove one. */
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

function MembersBody({ batch }: { batch: Batch }) {
  const members = useBatchMembers(batch.id);
  const { add, remove } = useBatchMemberMutations(batch.id);
  const [adding, setAdding] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rows = members.data ?? [];
  const taken = members.data ? rows.length : batch.members_count;
  const left = batch.capacity - taken;

  const join = async (m: Member) => {
    setAdding(m.id);
    setRefusal(null);
    try {
      await add.mutateAsync(m.id);
      notify.success(`${m.full_name} joined ${batch.name}.`);
    } catch (error) {
      const reason = error instanceof ApiError && (error.status === 400 || error.status === 409) ? refusalText(error.data) : null;
      setRefusal(reason ?? errorMessage(error));
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
      <div className="max-w-xs">
        <SeatsCell members={taken} capacity={batch.capacity} left={left} />
      </div>

      <section aria-labelledby="batch-add-heading" className="space-y-2">
        <h3 id="batch-add-heading" className="text-sm font-semibold">
          Add a member
        </h3>
        {left <= 0 && !refusal && (
          <Alert tone="warning">
            The batch is full ({countOf(batch.capacity, 'seat')}). Raise its capacity or remove someone before adding another.
          </Alert>
        )}
        {refusal && <Alert tone="error">{refusal}</Alert>}
        <MemberPicker
          label="Find member"
          value={null}
          onChange={() => undefined}
          exclude={rows.map((r) => r.member)}
          action={{ label: 'Add', run: join, busy: adding }}
        />
      </section>

      <section aria-labelledby="batch-members-heading">
        <h3 id="batch-members-heading" className="mb-2 text-sm font-semibold">
          In this batch {members.data && <span className="font-normal text-muted">({formatCount(rows.length)})</span>}
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
                </div>
                <span className="hidden sm:inline">
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

import type { DeskMemberRequest, MemberRequestStatus } from '@arena/contracts/end-user';
import { memberRequestEndpoints } from '@arena/contracts/end-user/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { NOTE_DIALOG_CANCELLED, openNoteDialog } from '../../../components/NoteDialog';
import { PageHeader } from '../../../components/PageHeader';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { memberPath } from './parts';

const KEY = ['membership', 'member-requests'];
const TABS: { status: MemberRequestStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
];
const TONE = { pending: 'info', approved: 'success', rejected: 'danger' } as const;

/**
 * Membership › Member Requests: freezes and cancellations members asked for in the member app.
 * Approve makes the freeze or the cancellation through the membership's own rules (a refusal says
 * why and changes nothing); Reject sends the member a reason.
 */
export function MemberRequestsPage() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<MemberRequestStatus>('pending');
  const list = useQuery({
    queryKey: [...KEY, status],
    queryFn: () => call(memberRequestEndpoints.list, { query: { status, page_size: 100 } }),
  });
  const done = (r: DeskMemberRequest) => {
    notify.success(`${r.member_name}'s ${r.kind === 'freeze' ? 'freeze' : 'cancellation'} request ${r.status}.`);
    void queryClient.invalidateQueries({ queryKey: KEY });
  };
  const approve = useMutation({
    mutationFn: (id: number) => call(memberRequestEndpoints.approve, { params: { id } }),
    onSuccess: done,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(memberRequestEndpoints.reject, { params: { id }, body: { reason } }),
    onSuccess: done,
  });
  async function askReject(r: DeskMemberRequest) {
    try {
      const { text } = await openNoteDialog({
        type: 'note',
        title: `Reject ${r.member_name}'s request`,
        description: 'The member sees this reason in the app.',
        label: 'Reason',
      });
      reject.mutate({ id: r.id, reason: text });
    } catch (error) {
      if (!(error instanceof Error && error.message === NOTE_DIALOG_CANCELLED)) throw error;
    }
  }
  const failure = approve.error ?? reject.error;
  return (
    <div>
      <PageHeader title="Member Requests" description="Freezes and cancellations members asked for in the member app." />
      <div role="tablist" aria-label="Request status" className="mb-4 flex gap-1 border-b border-line">
        {TABS.map((t) => (
          <button
            key={t.status}
            type="button"
            role="tab"
            aria-selected={status === t.status}
            onClick={() => setStatus(t.status)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${status === t.status ? 'border-accent text-accent-text' : 'border-transparent text-muted hover:text-fg'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {failure && <Alert className="mb-4">{errorMessage(failure)}</Alert>}
      {list.isPending ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : list.error ? (
        <Alert>{errorMessage(list.error)}</Alert>
      ) : list.data.results.length === 0 ? (
        <EmptyState icon={Inbox} title={status === 'pending' ? 'No requests waiting' : `No ${status} requests`}>
          Members ask for a freeze or a cancellation from the member app; their requests show here.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {list.data.results.map((r) => (
            <li key={r.id}>
              <Card className="flex flex-wrap items-start gap-4 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">
                    <Link to={memberPath(r.member)} className="hover:underline">
                      {r.member_name}
                    </Link>{' '}
                    <span className="text-sm text-muted tabular">({r.member_code})</span>
                  </p>
                  <p className="text-sm text-fg">
                    {r.kind === 'freeze'
                      ? `Freeze ${r.plan_name}: ${formatDate(r.from!)} – ${formatDate(r.to!)} (${r.days} ${r.days === 1 ? 'day' : 'days'})`
                      : `Cancel ${r.plan_name}`}
                  </p>
                  {r.reason && <p className="text-sm text-muted">“{r.reason}”</p>}
                  {r.decision_note && <p className="text-sm text-muted">Reason given: {r.decision_note}</p>}
                  <p className="mt-1 text-xs text-muted">Asked {formatDateTime(r.created_at)}</p>
                </div>
                <div className="flex items-center gap-2">
                  <Badge tone={TONE[r.status]}>
                    {r.status === 'pending' ? 'Pending' : r.status === 'approved' ? 'Approved' : 'Rejected'}
                  </Badge>
                  {r.status === 'pending' && (
                    <>
                      <Button size="sm" disabled={approve.isPending || reject.isPending} onClick={() => approve.mutate(r.id)}>
                        <Check size={14} aria-hidden /> Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={approve.isPending || reject.isPending}
                        onClick={() => void askReject(r)}
                      >
                        <X size={14} aria-hidden /> Reject
                      </Button>
                    </>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

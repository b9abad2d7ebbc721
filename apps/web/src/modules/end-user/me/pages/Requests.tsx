import type { MemberRequest } from '@arena/contracts/end-user';
import { meDeskEndpoints } from '@arena/contracts/end-user/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../../../lib/errors';
import { formatDate } from '../../../../lib/format';
import { useFeature } from '../features';
import { PageLoading } from '../MeApp';
import { BigButton, MeField, Panel } from '../ui';

const KEY = ['me', 'requests'];
const STATUS: Record<MemberRequest['status'], { label: string; tone: string }> = {
  pending: { label: 'Waiting for the desk', tone: 'bg-warning-soft text-warning-text' },
  approved: { label: 'Approved', tone: 'bg-success-soft text-success' },
  rejected: { label: 'Rejected', tone: 'bg-danger-soft text-danger-text' },
};
const selectClass =
  'block h-12 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg shadow-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none';

/** Freeze and cancellation requests: a form for each (when switched on), and the member's requests with the desk's answer. */
export default function Requests() {
  const on = useFeature();
  const data = useQuery({ queryKey: KEY, queryFn: () => call(meDeskEndpoints.requests) });
  const [kind, setKind] = useState<'freeze' | 'cancel'>(on('freeze_request') ? 'freeze' : 'cancel');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Freeze or cancel</h1>
      {data.isPending ? (
        <PageLoading />
      ) : data.error ? (
        <Alert>{errorMessage(data.error)}</Alert>
      ) : (
        <>
          {data.data.memberships.length === 0 ? (
            <Panel>
              <p className="text-sm text-muted">You have no running membership to freeze or cancel.</p>
            </Panel>
          ) : (
            <Panel title="Ask the desk">
              <div role="radiogroup" aria-label="What to ask" className="mb-3 grid grid-cols-2 gap-2">
                {(['freeze', 'cancel'] as const)
                  .filter((k) => on(k === 'freeze' ? 'freeze_request' : 'cancel_request'))
                  .map((k) => (
                    <button
                      key={k}
                      type="button"
                      role="radio"
                      aria-checked={kind === k}
                      onClick={() => setKind(k)}
                      className={`min-h-12 rounded-lg border text-base font-medium ${kind === k ? 'border-accent bg-accent-soft text-accent-text' : 'border-line-strong bg-surface text-fg'}`}
                    >
                      {k === 'freeze' ? 'Freeze' : 'Cancel'}
                    </button>
                  ))}
              </div>
              <RequestForm key={kind} kind={kind} memberships={data.data.memberships} />
            </Panel>
          )}
          <section aria-labelledby="my-requests" className="space-y-3">
            <h2 id="my-requests" className="text-base font-semibold text-fg">
              Your requests
            </h2>
            {data.data.results.length === 0 ? (
              <p className="text-sm text-muted">None yet.</p>
            ) : (
              <ul className="space-y-3">
                {data.data.results.map((r) => (
                  <li key={r.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
                    <div className="flex items-start justify-between gap-2">
                      <p className="font-medium text-fg">
                        {r.kind === 'freeze' ? 'Freeze' : 'Cancel'} · {r.plan_name}
                      </p>
                      <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[r.status].tone}`}>
                        {STATUS[r.status].label}
                      </span>
                    </div>
                    {r.kind === 'freeze' && r.from && r.to && (
                      <p className="text-sm text-muted">
                        {formatDate(r.from)} – {formatDate(r.to)} ({r.days} {r.days === 1 ? 'day' : 'days'})
                      </p>
                    )}
                    {r.reason && <p className="text-sm text-muted">“{r.reason}”</p>}
                    {r.decision_note && <p className="mt-1 text-sm text-fg">Desk: {r.decision_note}</p>}
                    <p className="mt-1 text-xs text-muted">Asked {formatDate(r.created_at.slice(0, 10))}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function RequestForm({
  kind,
  memberships,
}: {
  kind: 'freeze' | 'cancel';
  memberships: { id: number; plan_name: string; end_date: string }[];
}) {
  const queryClient = useQueryClient();
  const selectId = useId();
  const [membership, setMembership] = useState(memberships[0]?.id ?? 0);
  const [from, setFrom] = useState('');
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      call(meDeskEndpoints.createRequest, {
        body: kind === 'freeze' ? { kind, membership, from, days: Number(days), reason } : { kind, membership, reason },
      }),
    onSuccess: () => {
      setSent(true);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const errors = fieldErrors(send.error);
  const general = send.error ? (generalError(send.error) ?? (Object.keys(errors).length ? null : errorMessage(send.error))) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    send.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {general && <Alert>{general}</Alert>}
      {sent && (
        <p role="status" className="rounded-lg bg-success-soft px-3 py-2 text-sm text-success">
          Sent. The desk will answer here.
        </p>
      )}
      <div>
        <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-fg">
          Membership
        </label>
        <select id={selectId} className={selectClass} value={membership} onChange={(e) => setMembership(Number(e.target.value))}>
          {memberships.map((m) => (
            <option key={m.id} value={m.id}>
              {m.plan_name} (to {formatDate(m.end_date)})
            </option>
          ))}
        </select>
        {errors.membership && <p className="mt-1.5 text-sm text-danger-text">{errors.membership}</p>}
      </div>
      {kind === 'freeze' && (
        <div className="grid grid-cols-2 gap-3">
          <MeField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} error={errors.from} required />
          <MeField
            label="Days"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={errors.days}
            required
          />
        </div>
      )}
      <MeField label="Reason" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
      <BigButton type="submit" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : kind === 'freeze' ? 'Ask to freeze' : 'Ask to cancel'}
      </BigButton>
    </form>
  );
}

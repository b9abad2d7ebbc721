import { daysBetween, proRataRefund } from '@arena/contracts/membership';
import { fromPaise } from '@arena/contracts/kit';
import { type InvoiceStatus } from '@arena/contracts/money';
import { CalendarClock, Pencil, Plus, Snowflake, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { InvoiceActionButtons, InvoiceStatusBadge } from '../../money/public';
import { useMembershipMutations, useMemberships, type Freeze, type Member, type Membership } from './api';
import { CancelSaleDialog, type CancellableSale } from './CancelSaleDialog';
import { CollectPaymentDialog } from './CollectPaymentDialog';
import { CreditNoteList } from './CreditNoteList';
import { FreezeDialog } from './FreezeDialog';
import { RenewDialog } from './RenewDialog';
import { positive } from './sale';
import { MembershipStatusBadge } from './status';

/** Where a freeze stands on `today`: not started (can be deleted), running (can end early), or over. */
export function freezeState(f: Pick<Freeze, 'from_date' | 'to_date' | 'ended_on'>, today: string): 'upcoming' | 'running' | 'ended' {
  if (f.ended_on) return 'ended';
  if (today < f.from_date) return 'upcoming';
  if (today <= f.to_date) return 'running';
  return 'ended';
}

/** The Membership tab: every membership of the member, newest first, with its money, freezes and invoice. */
export function MembershipTab({ member }: { member: Member }) {
  const memberships = useMemberships(member.id);
  const [selling, setSelling] = useState(false);

  if (memberships.isPending) return <Skeleton className="h-56 w-full rounded-lg" />;
  if (memberships.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void memberships.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(memberships.error)}
      </Alert>
    );

  const sell = (
    <Button onClick={() => setSelling(true)}>
      <Plus size={16} aria-hidden /> {memberships.data.length ? 'Renew or change plan' : 'Sell a plan'}
    </Button>
  );
  return (
    <div className="space-y-4">
      {memberships.data.length === 0 ? (
        <Card>
          <EmptyState icon={CalendarClock} title="No memberships yet" action={sell}>
            Sell {member.first_name} a plan to start their membership; its invoice and dues appear here.
          </EmptyState>
        </Card>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">
              {memberships.data.length} {memberships.data.length === 1 ? 'membership' : 'memberships'}, newest first.
            </p>
            {sell}
          </div>
          {memberships.data.map((m) => (
            <MembershipCard key={m.id} membership={m} member={member} current={m.id === member.current_membership?.id} />
          ))}
        </>
      )}
      {selling && <RenewDialog member={member.id} memberName={member.full_name} open onOpenChange={(o) => !o && setSelling(false)} />}
    </div>
  );
}

function Money({ label, value, tone }: { label: string; value: string; tone?: 'danger' }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={tone ? 'font-semibold tabular text-danger-text' : 'font-medium tabular'}>{formatMoney(value)}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line px-4 py-3 sm:px-5">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      {children}
    </section>
  );
}

function MembershipCard({ membership: m, member, current }: { membership: Membership; member: Member; current: boolean }) {
  const [dialog, setDialog] = useState<'collect' | 'freeze' | 'cancel' | null>(null);
  const [freezeAction, setFreezeAction] = useState<{ kind: 'delete' | 'end'; freeze: Freeze } | null>(null);
  const [changing, setChanging] = useState<Freeze | null>(null);
  const { deleteFreeze, unfreeze } = useMembershipMutations();
  const today = todayIso();
  const open = m.status !== 'cancelled' && m.status !== 'expired';
  const canFreeze = ['active', 'expiring', 'upcoming'].includes(m.status);
  // A cancelled membership owes nothing any more, whatever its invoice kept.
  const due = m.status !== 'cancelled' && positive(m.due);
  const cancelling: CancellableSale | null =
    dialog === 'cancel' ? { kind: 'membership', id: m.id, name: m.plan_name, paid: m.paid, proposal: proposalOf(m) } : null;

  const freezeConfirm = async () => {
    if (!freezeAction) return;
    try {
      if (freezeAction.kind === 'delete') {
        await deleteFreeze.mutateAsync({ id: m.id, freeze: freezeAction.freeze.id });
        notify.success('The freeze was deleted; the end date is back.');
      } else {
        const after = await unfreeze.mutateAsync({ id: m.id });
        notify.success(`The freeze ended today; the membership now ends on ${formatDate(after.end_date)}.`);
      }
    } catch (error) {
      notify.error(errorMessage(error));
      return false;
    }
  };

  return (
    <Card
      aria-label={`${m.plan_name} from ${formatDate(m.start_date)}`}
      role="region"
      className={current ? 'ring-1 ring-accent/30' : undefined}
    >
      <div className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold">{m.plan_name}</h2>
            <MembershipStatusBadge status={m.status} />
            {current && <span className="text-xs font-medium text-accent-text">Current</span>}
          </div>
          <p className="mt-0.5 text-sm text-muted tabular">
            {formatDate(m.start_date)} – {formatDate(m.end_date)}
            {m.frozen_days > 0 && ` (${m.frozen_days} frozen ${m.frozen_days === 1 ? 'day' : 'days'} added)`}
            {m.sessions_total !== null && ` · ${m.sessions_left ?? 0} of ${m.sessions_total} sessions left`}
            {m.renewed_from && ' · renewal'}
          </p>
          {m.status === 'cancelled' && (
            <p className="mt-1 text-sm text-danger-text">
              Cancelled{m.cancelled_at ? ` on ${formatDate(m.cancelled_at)}` : ''}
              {m.cancel_reason ? `: ${m.cancel_reason}` : ''}
            </p>
          )}
        </div>
        {(open || due) && (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {due && (
              <Button size="sm" onClick={() => setDialog('collect')}>
                Collect {formatMoney(m.due)}
              </Button>
            )}
            {canFreeze && (
              <Button size="sm" variant="secondary" onClick={() => setDialog('freeze')}>
                <Snowflake size={15} aria-hidden /> Freeze
              </Button>
            )}
            {open && (
              <Button size="sm" variant="ghost-danger" onClick={() => setDialog('cancel')}>
                Cancel
              </Button>
            )}
          </div>
        )}
      </div>

      <Section title="Amount">
        <dl className="grid grid-cols-3 gap-3 text-sm sm:grid-cols-6">
          <Money label="Price" value={m.price} />
          <Money label="Discount" value={m.discount} />
          <Money label="Joining fee" value={m.joining_fee} />
          <Money label="Total" value={m.total} />
          <Money label="Paid" value={m.paid} />
          {m.status === 'cancelled' ? (
            <div>
              <dt className="text-xs text-muted">Due</dt>
              <dd className="font-medium">—</dd>
            </div>
          ) : (
            <Money label="Due" value={m.due} tone={due ? 'danger' : undefined} />
          )}
        </dl>
      </Section>

      {m.freezes.length > 0 && (
        <Section title="Freezes">
          <ul className="divide-y divide-line rounded-md border border-line">
            {m.freezes.map((f) => {
              const state = freezeState(f, today);
              return (
                <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="tabular">
                      {f.days > 0 ? `${formatDate(f.from_date)} – ${formatDate(f.to_date)}` : formatDate(f.from_date)}
                    </span>
                    <span className="text-muted">
                      {' '}
                      · {f.days > 0 ? `${f.days} ${f.days === 1 ? 'day' : 'days'}` : 'no days used'}
                      {f.ended_on && ` · ended early on ${formatDate(f.ended_on)}`}
                      {state === 'running' && ` · frozen now, ${daysBetween(today, f.to_date) + 1} days to go`}
                      {state === 'upcoming' && ' · not started'}
                      {f.reason && ` · ${f.reason}`}
                    </span>
                  </span>
                  <span className="flex flex-wrap gap-1">
                    {(state === 'upcoming' || state === 'running') && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Change the freeze from ${formatDate(f.from_date)}`}
                        onClick={() => setChanging(f)}
                      >
                        <Pencil size={15} aria-hidden /> Change
                      </Button>
                    )}
                    {state === 'upcoming' && (
                      <Button size="sm" variant="ghost-danger" onClick={() => setFreezeAction({ kind: 'delete', freeze: f })}>
                        <Trash2 size={15} aria-hidden /> Delete
                      </Button>
                    )}
                    {state === 'running' && (
                      <Button size="sm" variant="secondary" onClick={() => setFreezeAction({ kind: 'end', freeze: f })}>
                        End freeze early
                      </Button>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      {m.invoice && (
        <Section title="Invoice">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex items-center gap-2 text-sm">
              <span className="font-medium tabular">{m.invoice.number}</span>
              <InvoiceStatusBadge status={m.invoice.status as InvoiceStatus} />
            </span>
            <span className="flex flex-wrap gap-2">
              <InvoiceActionButtons invoice={m.invoice} receipt />
            </span>
          </div>
          <CreditNoteList notes={m.invoice.credit_notes} />
        </Section>
      )}

      {dialog === 'collect' && (
        <CollectPaymentDialog
          member={member.id}
          memberName={member.full_name}
          sale={`membership:${m.id}`}
          open
          onOpenChange={(o) => !o && setDialog(null)}
        />
      )}
      <FreezeDialog membership={dialog === 'freeze' ? m : null} onClose={() => setDialog(null)} />
      {changing && <FreezeDialog membership={m} editing={changing} onClose={() => setChanging(null)} />}
      <CancelSaleDialog sale={cancelling} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={!!freezeAction}
        onOpenChange={(o) => !o && setFreezeAction(null)}
        title={freezeAction?.kind === 'delete' ? 'Delete this freeze?' : 'End the freeze today?'}
        confirmLabel={freezeAction?.kind === 'delete' ? 'Delete freeze' : 'End freeze'}
        tone={freezeAction?.kind === 'delete' ? 'danger' : 'primary'}
        onConfirm={freezeConfirm}
      >
        {freezeAction?.kind === 'delete'
          ? `The freeze from ${formatDate(freezeAction.freeze.from_date)} has not started; deleting it takes its ${freezeAction.freeze.days} days off the end date again.`
          : 'The member is back from today: the days of the freeze not used are given back, so the end date moves in again.'}
      </ConfirmDialog>
    </Card>
  );
}

/** The pro-rata refund of a membership cancelled today: the plan part of what was sold for the unused days, at most what was paid. */
function proposalOf(m: Membership): CancellableSale['proposal'] {
  const p = proRataRefund(
    {
      total: m.total,
      joiningFee: m.joining_fee,
      paid: m.paid,
      start: m.start_date,
      end: m.end_date,
      sessionsTotal: m.sessions_total,
      sessionsLeft: m.sessions_left,
    },
    todayIso(),
  );
  return { amount: fromPaise(p.paise), unusedDays: p.unusedDays, totalDays: p.totalDays };
}

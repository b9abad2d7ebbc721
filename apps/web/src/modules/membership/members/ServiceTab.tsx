import type { InvoiceStatus } from '@arena/contracts/money';
import { HeartPulse, Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { InvoiceActionButtons, InvoiceStatusBadge } from '../../money/public';
import { useMemberServices, type Member, type MemberService } from './api';
import { CancelSaleDialog, type CancellableSale } from './CancelSaleDialog';
import { CollectPaymentDialog } from './CollectPaymentDialog';
import { positive } from './sale';
import { SellServiceDialog } from './SellServiceDialog';
import { MembershipStatusBadge } from './status';

/** Service: what the member bought besides the plan (personal training, a locker …), with money, invoice, collect and cancel. */
export function ServiceTab({ member }: { member: Member }) {
  const services = useMemberServices(member.id);
  const [selling, setSelling] = useState(false);
  const sell = (
    <Button onClick={() => setSelling(true)}>
      <Plus size={16} aria-hidden /> Sell service
    </Button>
  );

  let body;
  if (services.isPending) body = <Skeleton className="h-40 w-full rounded-lg" />;
  else if (services.isError) body = <Alert tone="error">{errorMessage(services.error)}</Alert>;
  else if (services.data.length === 0)
    body = (
      <Card>
        <EmptyState icon={HeartPulse} title="No services yet" action={sell}>
          Personal training, a locker, physiotherapy: sell {member.first_name} a service and it shows here with its dues and invoice.
        </EmptyState>
      </Card>
    );
  else
    body = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted">
            {services.data.length} {services.data.length === 1 ? 'service' : 'services'}, newest first.
          </p>
          {sell}
        </div>
        <Card>
          <ul className="divide-y divide-line">
            {services.data.map((s) => (
              <ServiceRow key={s.id} service={s} member={member} />
            ))}
          </ul>
        </Card>
      </>
    );

  return (
    <div className="space-y-4">
      {body}
      <SellServiceDialog member={member.id} memberName={member.full_name} open={selling} onOpenChange={setSelling} />
    </div>
  );
}

function ServiceRow({ service: s, member }: { service: MemberService; member: Member }) {
  const [dialog, setDialog] = useState<'collect' | 'cancel' | null>(null);
  const open = s.status !== 'cancelled' && s.status !== 'expired';
  // A cancelled sale owes nothing any more, whatever its invoice kept.
  const due = s.status !== 'cancelled' && positive(s.due);
  const cancelling: CancellableSale | null =
    dialog === 'cancel' ? { kind: 'member_service', id: s.id, name: s.service_name, paid: s.paid } : null;
  return (
    <li className="space-y-3 px-4 py-3 sm:px-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold">{s.service_name}</h3>
            <MembershipStatusBadge status={s.status} />
          </div>
          <p className="mt-0.5 text-sm text-muted tabular">
            {formatDate(s.start_date)} – {formatDate(s.end_date)}
            {s.sessions_total !== null && ` · ${s.sessions_left ?? 0} of ${s.sessions_total} sessions left`}
            {s.staff_name && ` · with ${s.staff_name}`}
          </p>
          {s.status === 'cancelled' && s.cancel_reason && <p className="mt-1 text-sm text-danger-text">Cancelled: {s.cancel_reason}</p>}
        </div>
        <dl className="flex shrink-0 gap-5 text-sm sm:text-right">
          <div>
            <dt className="text-xs text-muted">Total</dt>
            <dd className="font-medium tabular">{formatMoney(s.total)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Paid</dt>
            <dd className="font-medium tabular">{formatMoney(s.paid)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Due</dt>
            <dd className={due ? 'font-semibold tabular text-danger-text' : 'font-medium tabular'}>
              {s.status === 'cancelled' ? '—' : formatMoney(s.due)}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {s.invoice ? (
          <span className="flex flex-wrap items-center gap-2">
            <span className="text-sm font-medium tabular">{s.invoice.number}</span>
            <InvoiceStatusBadge status={s.invoice.status as InvoiceStatus} />
            <InvoiceActionButtons invoice={s.invoice} receipt={false} />
          </span>
        ) : (
          <span />
        )}
        {(open || due) && (
          <span className="flex flex-wrap gap-2">
            {due && (
              <Button size="sm" onClick={() => setDialog('collect')}>
                Collect {formatMoney(s.due)}
              </Button>
            )}
            {open && (
              <Button size="sm" variant="ghost-danger" onClick={() => setDialog('cancel')}>
                Cancel
              </Button>
            )}
          </span>
        )}
      </div>
      {dialog === 'collect' && (
        <CollectPaymentDialog
          member={member.id}
          memberName={member.full_name}
          sale={`member_service:${s.id}`}
          open
          onOpenChange={(o) => !o && setDialog(null)}
        />
      )}
      <CancelSaleDialog sale={cancelling} onClose={() => setDialog(null)} />
    </li>
  );
}

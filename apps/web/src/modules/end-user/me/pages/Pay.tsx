import type { MeDue } from '@arena/contracts/end-user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../../../lib/errors';
import { formatDate, formatMoney } from '../../../../lib/format';
import { meKeys, useHome } from '../api';
import { PageLoading } from '../MeApp';
import { Link, useSearchParams } from '../router';
import { BigButton, bigButton, MeField, Panel } from '../ui';
import { downloadInvoice, goToCheckout, meMoneyEndpoints, moneyKeys } from './money';

/** One membership's due: pay all of it, or a part (at most the due). */
function DueCard({ due }: { due: MeDue }) {
  const [amount, setAmount] = useState(due.due);
  const pay = useMutation({
    mutationFn: () => call(meMoneyEndpoints.pay, { body: { membership: due.membership, amount } }),
    onSuccess: (order) => goToCheckout(order.checkout_url),
  });
  const errors = fieldErrors(pay.error);
  return (
    <li className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-base font-semibold text-fg">{due.plan_name}</p>
          <p className="text-sm text-muted">
            {formatDate(due.start_date)} – {formatDate(due.end_date)}
          </p>
        </div>
        <p className="text-lg font-semibold text-fg" data-testid="due-amount">
          {formatMoney(due.due)}
        </p>
      </div>
      <p className="mt-1 text-sm text-muted">
        Total {formatMoney(due.total)} · paid {formatMoney(due.paid)}
      </p>
      <form
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          pay.mutate();
        }}
      >
        <MeField
          label="Amount to pay (₹)"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount ?? errors.membership}
          hint={`At most ${formatMoney(due.due)}`}
        />
        {generalError(pay.error) && <Alert>{generalError(pay.error)}</Alert>}
        <BigButton type="submit" className="w-full" disabled={pay.isPending}>
          {pay.isPending ? 'Opening the payment…' : `Pay ${formatMoney(amount || 0)}`}
        </BigButton>
      </form>
    </li>
  );
}

/** Back from the checkout: the payment's state and, once paid, its invoice. */
function PaymentResult({ order }: { order: string }) {
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: moneyKeys.order(order),
    queryFn: async () => {
      const o = await call(meMoneyEndpoints.order, { params: { order } });
      if (o.status === 'paid') {
        void queryClient.invalidateQueries({ queryKey: moneyKeys.dues });
        void queryClient.invalidateQueries({ queryKey: meKeys.home });
      }
      return o;
    },
    // The gateway's callback may land a moment after the browser: look again while it is pending.
    refetchInterval: (q) => (q.state.data?.status === 'created' ? 2000 : false),
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (result.isPending) return <PageLoading />;
  if (result.error) return <Alert>{errorMessage(result.error)}</Alert>;
  const o = result.data;
  if (o.status === 'paid')
    return (
      <Panel>
        <div className="flex items-center gap-2 text-success" role="status">
          <CheckCircle2 aria-hidden className="h-7 w-7" />
          <p className="text-xl font-semibold">Paid</p>
        </div>
        <p className="mt-2 text-base text-fg">
          {formatMoney(o.amount)} · {o.description}
        </p>
        {o.invoice && (
          <BigButton
            variant="secondary"
            className="mt-4 w-full"
            onClick={() => downloadInvoice(o.invoice!.id, o.invoice!.number).catch((e) => setDownloadError(errorMessage(e)))}
          >
            <FileDown aria-hidden className="h-5 w-5" /> Invoice {o.invoice.number}
          </BigButton>
        )}
        {downloadError && <Alert className="mt-3">{downloadError}</Alert>}
      </Panel>
    );
  if (o.status === 'created') return <Alert tone="info">Waiting for the payment to be confirmed…</Alert>;
  return <Alert tone="warning">The payment was not completed ({o.status}). Nothing was charged to your account; you can try again.</Alert>;
}

/** What the member owes, and paying it online (issue 27). */
export default function PayPage() {
  const [params] = useSearchParams();
  const order = params.get('order');
  const { home } = useHome();
  const dues = useQuery({ queryKey: moneyKeys.dues, queryFn: () => call(meMoneyEndpoints.dues) });
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Pay</h1>
      {order && <PaymentResult order={order} />}
      {dues.isPending ? (
        <PageLoading />
      ) : dues.error ? (
        <Alert>{errorMessage(dues.error)}</Alert>
      ) : dues.data.results.length === 0 ? (
        <Panel>
          <p className="text-base text-fg">Nothing is due. Thank you!</p>
        </Panel>
      ) : (
        <>
          <p className="text-base text-fg">
            You owe <strong data-testid="dues-total">{formatMoney(dues.data.total)}</strong>
          </p>
          <ul className="space-y-3">
            {dues.data.results.map((d) => (
              <DueCard key={d.membership} due={d} />
            ))}
          </ul>
        </>
      )}
      <div className="flex flex-col gap-2">
        {home?.features.renew && (
          <Link to="/renew" className={bigButton('secondary', 'w-full')}>
            Renew my membership
          </Link>
        )}
        {home?.features.invoices && (
          <Link to="/invoices" className={bigButton('ghost', 'w-full')}>
            Invoices and payments
          </Link>
        )}
      </div>
    </div>
  );
}

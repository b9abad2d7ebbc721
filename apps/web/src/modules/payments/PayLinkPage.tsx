import type { PublicPaymentLink } from '@arena/contracts/payments';
import { paymentEndpoints, paymentLinkEndpoints } from '@arena/contracts/payments/routes';
import { useQuery } from '@tanstack/react-query';
import { Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { ApiError, call } from '../../lib/api';
import { formatDateTime, formatMoney } from '../../lib/format';
import { usePublicPaymentLink } from './api';

/** The link the payer was on when they went to the checkout (the order's return path names no token). */
const LAST_LINK = 'arena.pay.link';

const detailOf = (err: unknown, fallback: string) =>
  err instanceof ApiError && typeof (err.data as { detail?: unknown })?.detail === 'string'
    ? (err.data as { detail: string }).detail
    : fallback;

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <main className="flex min-h-full items-start justify-center bg-canvas px-4 py-6 sm:items-center sm:py-10">
      <section aria-labelledby="pay-title" className="w-full max-w-md rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        {children}
      </section>
    </main>
  );
}

const statusBadge: Record<PublicPaymentLink['status'], { tone: 'success' | 'danger' | 'neutral' | 'info'; label: string }> = {
  open: { tone: 'info', label: 'Due' },
  paid: { tone: 'success', label: 'Paid' },
  cancelled: { tone: 'neutral', label: 'Cancelled' },
  expired: { tone: 'danger', label: 'Expired' },
};

/**
 * A payment link's page (`/pay/:token`, issue 23; no login, made for phones): who is paid, what is
 * owed now and for what, and Pay, which makes a payment order for the due at that moment and goes
 * to the checkout. The checkout returns to `/pay/return?order=…&status=…`, which comes back here.
 */
export default function PayLinkPage() {
  const { token = '' } = useParams();
  if (token === 'return') return <PayReturn />;
  return <PayLink token={token} />;
}

/** Back from the checkout: to the link the payer came from, else the order's own state. */
function PayReturn() {
  const [search] = useSearchParams();
  const order = search.get('order') ?? '';
  const last = sessionStorage.getItem(LAST_LINK);
  const status = useQuery({
    queryKey: ['pay-order', order],
    queryFn: () => call(paymentEndpoints.status, { params: { id: order } }),
    enabled: !last && !!order,
    retry: false,
  });
  if (last) return <Navigate replace to={`/pay/${last}?${search.toString()}`} />;
  return (
    <Shell>
      <h1 id="pay-title" className="text-lg font-semibold">
        Payment
      </h1>
      {status.isPending && <Skeleton className="mt-5 h-16 w-full" />}
      {status.isError && <Alert className="mt-5">This payment could not be found on this site.</Alert>}
      {status.data && (
        <Alert className="mt-5" tone={status.data.status === 'paid' ? 'success' : 'warning'}>
          {status.data.status === 'paid'
            ? `Paid ${formatMoney(status.data.amount)} for ${status.data.description}. Thank you!`
            : 'The payment was not completed. Open your payment link again to retry.'}
        </Alert>
      )}
    </Shell>
  );
}

function PayLink({ token }: { token: string }) {
  const [search] = useSearchParams();
  const link = usePublicPaymentLink(token);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const l = link.data;
  const returned = search.get('status');

  useEffect(() => {
    document.title = l ? `Pay ${l.payee_name}` : 'Payment';
  }, [l]);
  useEffect(() => {
    // Back from a payment: the callback may still be landing; look again once.
    if (returned === 'paid' && l?.status === 'open') {
      const id = setTimeout(() => void link.refetch(), 1500);
      return () => clearTimeout(id);
    }
  }, [returned, l?.status, link]);

  async function pay() {
    setBusy(true);
    setError(null);
    try {
      const res = await call(paymentLinkEndpoints.pay, { params: { token } });
      sessionStorage.setItem(LAST_LINK, token);
      window.location.assign(res.checkout_url);
    } catch (err) {
      setError(detailOf(err, 'Something went wrong. Please try again.'));
      setBusy(false);
      void link.refetch();
    }
  }

  if (link.isPending)
    return (
      <Shell>
        <div className="space-y-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      </Shell>
    );
  if (!l)
    return (
      <Shell>
        <h1 id="pay-title" className="text-lg font-semibold">
          Payment link
        </h1>
        <Alert className="mt-4">
          {link.error instanceof ApiError && link.error.status === 404
            ? 'This payment link does not exist on this site. Check the link you were sent.'
            : 'The payment could not be loaded. Please try again.'}
        </Alert>
      </Shell>
    );

  const badge = statusBadge[l.status];
  return (
    <Shell>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">Pay to</p>
          <h1 id="pay-title" className="text-lg font-semibold leading-tight">
            {l.payee_name}
          </h1>
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      {l.buyer_name && <p className="mt-3 text-sm">Hello {l.buyer_name.split(/\s+/)[0]}, here is what is due on your account.</p>}

      <div className="mt-4 rounded-lg border border-line">
        <div className="flex items-baseline justify-between gap-3 border-b border-line px-4 py-3">
          <div className="min-w-0">
            <p className="font-medium">{l.sale_label}</p>
            {l.invoice_numbers.length > 0 && <p className="text-xs text-muted">Invoice {l.invoice_numbers.join(', ')}</p>}
          </div>
        </div>
        {l.lines.length > 0 && (
          <ul className="divide-y divide-line text-sm">
            {l.lines.map((line, i) => (
              <li key={i} className="flex justify-between gap-3 px-4 py-2">
                <span className="min-w-0">
                  {line.description}
                  {Number(line.quantity) !== 1 && <span className="text-muted"> × {Number(line.quantity)}</span>}
                </span>
                <span className="tabular shrink-0">{formatMoney(line.amount)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="space-y-1 border-t border-line bg-subtle px-4 py-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Total</dt>
            <dd className="tabular">{formatMoney(l.total)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Paid</dt>
            <dd className="tabular">{formatMoney(l.paid)}</dd>
          </div>
          <div className="flex items-baseline justify-between pt-1">
            <dt className="font-medium">Due now</dt>
            <dd className="text-2xl font-semibold tabular" aria-label={`Due now ${formatMoney(l.due)}`}>
              {formatMoney(l.due)}
            </dd>
          </div>
        </dl>
      </div>

      {error && <Alert className="mt-4">{error}</Alert>}
      {l.status === 'paid' ? (
        <Alert className="mt-5" tone="success">
          <span className="font-medium">Paid</span> {l.paid_amount && `${formatMoney(l.paid_amount)} `}
          {l.paid_at && `on ${formatDateTime(l.paid_at)}`}. Thank you! Your invoice is settled.
        </Alert>
      ) : l.status === 'open' ? (
        returned === 'paid' ? (
          <Alert className="mt-5" tone="info">
            Your payment is being confirmed…
          </Alert>
        ) : Number(l.due) > 0 ? (
          <div className="mt-5 space-y-3">
            {returned === 'failed' && <Alert tone="warning">The payment was not completed. You can try again.</Alert>}
            <Button className="h-11 w-full text-base" disabled={busy} onClick={() => void pay()}>
              <Lock className="h-4 w-4" aria-hidden />
              {busy ? 'Opening the payment…' : `Pay ${formatMoney(l.due)}`}
            </Button>
            <p className="flex items-center gap-1.5 text-xs text-muted">
              <ShieldCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
              Paid securely online. Valid until {formatDateTime(l.expires_at)}.
            </p>
          </div>
        ) : (
          <Alert className="mt-5" tone="success">
            Nothing is due: this has already been paid in full.
          </Alert>
        )
      ) : (
        <Alert className="mt-5" tone="warning">
          {l.status === 'expired'
            ? `This payment link expired on ${formatDateTime(l.expires_at)}. Ask ${l.payee_name} for a new one.`
            : `This payment link was cancelled. Ask ${l.payee_name} for a new one.`}
        </Alert>
      )}
    </Shell>
  );
}

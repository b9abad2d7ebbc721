import type { CheckoutOrder } from '@arena/contracts/payments';
import { paymentEndpoints } from '@arena/contracts/payments/routes';
import { useQuery } from '@tanstack/react-query';
import { Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { ApiError, call } from '../../lib/api';
import { formatMoney } from '../../lib/format';

type Callback = { razorpay_order_id: string; razorpay_payment_id?: string; razorpay_signature?: string; error?: string };

/** The browser's leg of the gateway's answer, then the order's return page. */
async function finish(callback: Callback, fallback: string): Promise<void> {
  try {
    const res = await call(paymentEndpoints.callback, { body: callback });
    window.location.assign(res.redirect_url);
  } catch {
    window.location.assign(fallback);
  }
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => {
      open(): void;
      on(event: string, fn: (e: { error?: { description?: string } }) => void): void;
    };
  }
}

function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://checkout.razorpay.com/v1/checkout.js';
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The payment gateway could not be loaded.'));
    document.head.appendChild(s);
  });
}

const closed: Record<string, string> = {
  paid: 'This payment is complete.',
  failed: 'This payment failed.',
  expired: 'This payment link has expired.',
  cancelled: 'This payment was cancelled.',
};

/**
 * The hosted checkout (`/checkout/:id`, issue 23): what is paid, to whom, and how. On the built-in
 * sandbox it offers Pay and Fail, which answer exactly as a real gateway does (a signed webhook
 * and the browser's signed callback); on Razorpay it opens Razorpay's checkout for the order.
 */
export default function CheckoutPage() {
  const { id = '' } = useParams();
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const order = useQuery({
    queryKey: ['checkout', id],
    queryFn: () => call(paymentEndpoints.checkout, { params: { id } }),
    retry: false,
    staleTime: 0,
  });
  const o = order.data;

  useEffect(() => {
    document.title = o ? `Pay ${formatMoney(o.amount)} · ${o.payee_name}` : 'Checkout';
  }, [o]);

  async function sandbox(outcome: 'pay' | 'fail') {
    if (!o) return;
    setBusy(outcome);
    setError(null);
    try {
      const res = await call(paymentEndpoints.sandbox, { params: { id: o.id }, body: { outcome } });
      await finish(res.callback, res.redirect_url);
    } catch (err) {
      setError(
        err instanceof ApiError && typeof (err.data as { detail?: string })?.detail === 'string'
          ? (err.data as { detail: string }).detail
          : 'Payment failed. Please try again.',
      );
      setBusy(null);
      void order.refetch();
    }
  }

  async function razorpay(o: CheckoutOrder) {
    setBusy('pay');
    setError(null);
    try {
      await loadRazorpay();
      const back = `${o.return_path}${o.return_path.includes('?') ? '&' : '?'}order=${o.id}&status=failed`;
      const checkout = new window.Razorpay!({
        key: o.key_id,
        order_id: o.gateway_order_id,
        amount: Math.round(Number(o.amount) * 100),
        currency: 'INR',
        name: o.payee_name,
        description: o.description,
        prefill: { name: o.payer.name, email: o.payer.email, contact: o.payer.phone },
        handler: (r: Callback) => void finish({ ...r, razorpay_order_id: o.gateway_order_id }, back),
        modal: { ondismiss: () => setBusy(null) },
      });
      checkout.on('payment.failed', (e) => setError(e.error?.description ?? 'Payment failed. Please try again.'));
      checkout.open();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Payment failed. Please try again.');
      setBusy(null);
    }
  }

  return (
    <main className="flex min-h-full items-start justify-center bg-canvas px-4 py-8 sm:items-center">
      <section aria-labelledby="checkout-title" className="w-full max-w-md rounded-xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h1 id="checkout-title" className="text-lg font-semibold">
            Checkout
          </h1>
          {o && (
            <Badge tone={o.provider === 'sandbox' || o.mode === 'test' ? 'info' : 'success'}>
              {o.provider === 'sandbox' ? 'Sandbox · no real money' : o.mode === 'test' ? 'Razorpay · test mode' : 'Razorpay'}
            </Badge>
          )}
        </div>
        {order.isPending && (
          <div className="mt-5 space-y-3">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-10 w-1/2" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {order.isError && (
          <Alert className="mt-5">
            {order.error instanceof ApiError && order.error.status === 404
              ? 'This payment does not exist on this site.'
              : 'The payment could not be loaded. Please try again.'}
          </Alert>
        )}
        {o && (
          <>
            <dl className="mt-5 space-y-3 text-sm">
              <div>
                <dt className="text-muted">Pay to</dt>
                <dd className="font-medium">{o.payee_name}</dd>
              </div>
              <div>
                <dt className="text-muted">For</dt>
                <dd className="font-medium">{o.description}</dd>
              </div>
              {o.payer.name && (
                <div>
                  <dt className="text-muted">Paid by</dt>
                  <dd>
                    {o.payer.name}
                    {o.payer.phone ? ` · ${o.payer.phone}` : ''}
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-muted">Amount</dt>
                <dd className="text-3xl font-semibold tabular-nums" aria-label={`Amount ${formatMoney(o.amount)}`}>
                  {formatMoney(o.amount)}
                </dd>
              </div>
            </dl>
            {error && <Alert className="mt-4">{error}</Alert>}
            {o.status === 'created' ? (
              <div className="mt-6 space-y-3">
                {o.provider === 'sandbox' ? (
                  <>
                    <Button className="w-full" disabled={busy !== null} onClick={() => void sandbox('pay')}>
                      <Lock className="h-4 w-4" aria-hidden />
                      {busy === 'pay' ? 'Processing payment...' : `Pay ${formatMoney(o.amount)}`}
                    </Button>
                    <Button variant="secondary" className="w-full" disabled={busy !== null} onClick={() => void sandbox('fail')}>
                      {busy === 'fail' ? 'Declining...' : 'Fail'}
                    </Button>
                    <p className="text-xs text-muted">
                      The built-in sandbox gateway: Pay completes the payment and Fail declines it, as a real gateway would.
                    </p>
                  </>
                ) : (
                  <Button className="w-full" disabled={busy !== null} onClick={() => void razorpay(o)}>
                    <Lock className="h-4 w-4" aria-hidden />
                    {busy ? 'Opening Razorpay...' : `Pay ${formatMoney(o.amount)}`}
                  </Button>
                )}
                <p className="flex items-center gap-1.5 text-xs text-muted">
                  <ShieldCheck className="h-3.5 w-3.5" aria-hidden />
                  The amount is fixed by {o.payee_name}; it cannot be changed here.
                </p>
              </div>
            ) : (
              <div className="mt-6 space-y-3">
                <Alert tone={o.status === 'paid' ? 'success' : 'warning'}>{closed[o.status]}</Alert>
                <a
                  className={buttonClass('secondary', 'md', 'w-full')}
                  href={`${o.return_path}${o.return_path.includes('?') ? '&' : '?'}order=${o.id}&status=${o.status === 'paid' ? 'paid' : 'failed'}`}
                >
                  Continue
                </a>
              </div>
            )}
          </>
        )}
      </section>
    </main>
  );
}

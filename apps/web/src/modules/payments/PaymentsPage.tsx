import { initiatePayment } from '@arena/contracts/payments/routes';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/TextField';
import { call, SPEC_TIMEOUT } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';

/** Spec 2.3: Make Payment. The input shows a dollar sign while the button shows the rupee sign, as specified. */
/** How long 'Redirecting...' shows before the checkout opens. */
const REDIRECT_DELAY_MS = 1200;

export default function PaymentsPage() {
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = Number(amount);
  const [params, setParams] = useSearchParams();
  const returned = params.get('status');
  // Back from the checkout (`?order=…&status=paid|failed`): the payment is on the organisation's account.
  useEffect(() => {
    if (!returned) return;
    if (returned === 'paid') notify.success('Payment received. It is credited to your account and used against your next renewal.');
    else notify.error('Payment failed. Please try again.');
    setParams({}, { replace: true });
  }, [returned, setParams]);

  async function pay(e: React.FormEvent) {
    e.preventDefault();
    if (!amount || !(value > 0)) return setError('Please enter a valid amount');
    setError(null);
    setBusy(true);
    try {
      const res = await call(initiatePayment, {
        body: { amount: value, description: description.trim() || 'Payment' },
        timeout: SPEC_TIMEOUT,
      });
      if (!res?.payment_url) throw new Error('no payment url');
      notify.success('Payment initiated successfully. Redirecting...');
      // A moment to read the message, then the checkout (the button stays busy meanwhile).
      await new Promise((resolve) => setTimeout(resolve, REDIRECT_DELAY_MS));
      window.location.assign(res.payment_url);
      return;
    } catch (err) {
      notify.error(
        err instanceof Error && err.message === 'no payment url'
          ? 'Something went wrong. Please try again.'
          : 'Payment failed. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-full items-center justify-center bg-canvas px-4 py-10">
      <form noValidate onSubmit={pay} className="w-full max-w-sm rounded-xl border border-line bg-surface p-6 shadow-sm">
        <h1 className="text-lg font-semibold">Make Payment</h1>
        <div className="mt-5">
          <label htmlFor="pay-amount" className="mb-1.5 block text-sm font-medium">
            Amount
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted">$</span>
            <input
              id="pay-amount"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'pay-error' : undefined}
              className={`${inputClass(!!error)} pl-7`}
            />
          </div>
          {error && (
            <p id="pay-error" className="mt-1.5 text-xs font-medium text-danger-text">
              {error}
            </p>
          )}
        </div>
        <div className="mt-4">
          <label htmlFor="pay-description" className="mb-1.5 block text-sm font-medium">
            Description (optional)
          </label>
          <input
            id="pay-description"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="Payment"
            className={inputClass()}
          />
        </div>
        <Button type="submit" className="mt-6 w-full" disabled={busy}>
          Pay {formatMoney(value > 0 ? value : 0)}
        </Button>
        <Link to="/" className="mt-4 block text-center text-sm text-accent-text hover:underline">
          Back to Arena
        </Link>
      </form>
    </main>
  );
}

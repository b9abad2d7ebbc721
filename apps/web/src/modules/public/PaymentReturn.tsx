import { useQuery } from '@tanstack/react-query';
import { Loader2, XCircle } from 'lucide-react';
import { Button } from '../../components/Button';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { fetchHoldState } from './api';
import { ConfirmationPanel } from './ConfirmationPanel';
import { PortalError } from './PortalChrome';
import { slotLabel } from './slots';

/** How long the page waits for the gateway's callback before it says so (the hold itself lasts 10 minutes). */
const POLL_MS = 1500;

/**
 * Where the checkout sends the visitor back (`/online-booking?…&order=ord_…&status=paid|failed`,
 * issue 23): the booking as the server has it — confirmed, still waiting for the gateway's signed
 * callback (polled), or released because the payment failed or the hold ran out, with a way back
 * to the slots. What the browser's `status` says is never trusted: the order's booking decides.
 */
export function PaymentReturn({ order, onBookAgain }: { order: string; onBookAgain: () => void }) {
  const state = useQuery({
    queryKey: ['public', 'hold', order],
    queryFn: () => fetchHoldState(order),
    refetchInterval: (q) => (q.state.data?.status === 'awaiting_payment' ? POLL_MS : false),
    retry: (n, error) => !(error instanceof ApiError && error.status === 404) && n < 3,
  });

  if (state.isPending)
    return (
      <div className="flex flex-col items-center rounded-xl border border-line bg-surface py-14 text-center" role="status">
        <Loader2 size={28} className="mb-3 animate-spin text-accent" aria-hidden />
        <p className="font-semibold">Checking your payment...</p>
      </div>
    );
  if (state.isError)
    return state.error instanceof ApiError && state.error.status === 404 ? (
      <PortalError message="This payment is not known here." />
    ) : (
      <PortalError message={errorMessage(state.error)} onRetry={() => void state.refetch()} />
    );

  const { status, booking } = state.data;
  if (status === 'confirmed') return <ConfirmationPanel booking={booking} onDismiss={onBookAgain} />;
  if (status === 'awaiting_payment')
    return (
      <section
        aria-labelledby="portal-payment-title"
        className="flex flex-col items-center rounded-xl border border-line bg-surface px-6 py-12 text-center"
        role="status"
      >
        <Loader2 size={28} className="mb-3 animate-spin text-accent" aria-hidden />
        <h2 id="portal-payment-title" className="font-semibold">
          Waiting for the payment to be confirmed...
        </h2>
        <p className="mt-1 max-w-sm text-sm text-muted">
          Booking {booking.code}: your slots are held while the payment gateway confirms it. This page updates by itself.
        </p>
      </section>
    );
  return (
    <section
      aria-labelledby="portal-released-title"
      data-testid="payment-released"
      className="rounded-xl border border-danger/30 bg-surface shadow-[0_1px_2px_rgba(16,24,40,0.04)]"
    >
      <div className="flex items-start gap-3 border-b border-line bg-danger-soft px-4 py-3 sm:px-5">
        <XCircle size={22} className="mt-0.5 shrink-0 text-danger-text" aria-hidden />
        <div className="min-w-0">
          <h2 id="portal-released-title" className="text-base font-semibold text-danger-text">
            Payment not completed
          </h2>
          <p className="text-sm text-danger-text">
            The payment failed or was not finished in time, so the booking was not made and the slots were released. If you were charged,
            the amount will be refunded.
          </p>
        </div>
      </div>
      <div className="px-4 py-4 text-sm sm:px-5">
        <p className="mb-1.5 font-semibold">
          {booking.sport_name} - {booking.facility_name}
        </p>
        <ul className="space-y-1" aria-label="Released slots">
          {booking.time_slots.map((s) => (
            <li key={s.id} className="flex justify-between gap-4 tabular text-muted">
              <span>
                {formatDate(s.date)} · {slotLabel(s)}
              </span>
              <span>{formatMoney(s.price)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex justify-end border-t border-line px-4 py-3 sm:px-5">
        <Button onClick={onBookAgain}>Book again</Button>
      </div>
    </section>
  );
}

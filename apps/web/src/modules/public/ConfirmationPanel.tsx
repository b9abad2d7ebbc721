import { portalBookingIcs, type PortalBooking } from '@arena/contracts/public';
import { CalendarPlus, CheckCircle2, MapPin, Phone } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../components/Button';
import { formatDate, formatMoney } from '../../lib/format';
import { slotLabel } from './slots';

/**
 * After a booking (issue 12 §5): the code, the slots, the amount, how to pay, an Add to calendar
 * link (an .ics file) and where the venue is — the same facts as the confirmation e-mail.
 */
export function ConfirmationPanel({ booking, onDismiss }: { booking: PortalBooking; onDismiss: () => void }) {
  const ref = useRef<HTMLElement>(null);
  const ics = useMemo(() => URL.createObjectURL(new Blob([portalBookingIcs(booking)], { type: 'text/calendar' })), [booking]);
  useEffect(() => () => URL.revokeObjectURL(ics), [ics]);
  // The panel replaces the dialog: bring it into view and give it the focus.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, [booking.code]);

  const { venue } = booking;
  const place = [venue.centre_name, venue.address].filter(Boolean).join(', ');
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="portal-confirmation-title"
      data-testid="booking-confirmation"
      className="scroll-mt-24 rounded-xl border border-green-600/40 sm:scroll-mt-4 bg-surface shadow-[0_1px_2px_rgba(16,24,40,0.04)] outline-none"
    >
      <div className="flex items-start gap-3 border-b border-line bg-green-50 px-4 py-3 dark:bg-green-950/40 sm:px-5">
        <CheckCircle2 size={22} className="mt-0.5 shrink-0 text-green-700 dark:text-green-300" aria-hidden />
        <div className="min-w-0">
          <h2 id="portal-confirmation-title" className="text-base font-semibold text-green-900 dark:text-green-100">
            Booking confirmed
          </h2>
          <p className="text-sm text-green-900 dark:text-green-100">
            Booking code{' '}
            <strong className="tabular" data-testid="confirmation-code">
              {booking.code}
            </strong>
            . Please keep this code for your visit.
          </p>
        </div>
      </div>
      <div className="grid gap-5 px-4 py-4 sm:grid-cols-2 sm:px-5">
        <div>
          <h3 className="mb-1.5 text-sm font-semibold">
            {booking.sport_name} - {booking.facility_name}
          </h3>
          <ul className="space-y-1 text-sm" aria-label="Booked slots">
            {booking.time_slots.map((s) => (
              <li key={s.id} className="flex justify-between gap-4 tabular">
                <span>
                  {formatDate(s.date)} · {slotLabel(s)}
                </span>
                <span>{formatMoney(s.price)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-line pt-3 text-sm">
            <dt className="font-semibold">Amount</dt>
            <dd className="text-right font-semibold tabular" data-testid="confirmation-amount">
              {formatMoney(booking.booking_amount)}
            </dd>
            {booking.payment_status === 'paid' ? (
              <>
                <dt className="text-muted">Payment</dt>
                <dd className="text-right font-medium text-green-800 dark:text-green-300">Paid online</dd>
              </>
            ) : (
              <>
                <dt className="text-muted">How to pay</dt>
                <dd className="text-right">Pay at the venue</dd>
              </>
            )}
            {booking.invoice && (
              <>
                <dt className="text-muted">Invoice</dt>
                <dd className="text-right tabular">{booking.invoice.number}</dd>
              </>
            )}
          </dl>
        </div>
        <div className="space-y-2 text-sm">
          <p className="font-semibold">{venue.organisation_name}</p>
          {place && (
            <p className="flex gap-2">
              <MapPin size={16} className="mt-0.5 shrink-0 text-muted" aria-hidden />
              <span>{place}</span>
            </p>
          )}
          {venue.phone && (
            <p className="flex gap-2">
              <Phone size={16} className="mt-0.5 shrink-0 text-muted" aria-hidden />
              <a href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`} className="text-accent-text hover:underline">
                {venue.phone}
              </a>
            </p>
          )}
          <p className="text-muted">A confirmation has been sent to {booking.email}.</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line px-4 py-3 sm:px-5">
        <a
          href={ics}
          download={`${booking.code}.ics`}
          className="inline-flex items-center gap-2 rounded-md border border-line-strong px-3 py-2 text-sm font-medium text-accent-text hover:bg-subtle"
        >
          <CalendarPlus size={16} aria-hidden /> Add to calendar
        </a>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Book more slots
        </Button>
      </div>
    </section>
  );
}

import type { MeBooking } from '@arena/contracts/end-user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../../../lib/errors';
import { formatDate, formatMoney } from '../../../../lib/format';
import { PageLoading } from '../MeApp';
import { useSearchParams } from '../router';
import { BigButton, MeField, Panel } from '../ui';
import { goToCheckout, hhmm, meMoneyEndpoints, moneyKeys, todayIso } from './money';

const STATUS: Record<string, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  completed: 'Played',
  no_show: 'Missed',
  awaiting_payment: 'Awaiting payment',
};

/** Choose a facility, a date and free slots, then confirm. */
function NewBooking() {
  const queryClient = useQueryClient();
  const facilities = useQuery({ queryKey: moneyKeys.facilities, queryFn: () => call(meMoneyEndpoints.facilities).then((r) => r.results) });
  const [facility, setFacility] = useState<number | null>(null);
  const [date, setDate] = useState(todayIso(1));
  const [picked, setPicked] = useState<number[]>([]);
  const [done, setDone] = useState<MeBooking | null>(null);
  const chosen = facility ?? facilities.data?.[0]?.id ?? null;
  const slots = useQuery({
    queryKey: moneyKeys.availability(chosen ?? 0, date),
    queryFn: () => call(meMoneyEndpoints.availability, { params: { id: chosen!, date } }),
    enabled: !!chosen && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const book = useMutation({
    mutationFn: () => call(meMoneyEndpoints.book, { body: { facility: chosen!, date, slots: picked } }),
    onSuccess: (out) => {
      if (out.checkout_url) return goToCheckout(out.checkout_url);
      setDone(out.booking);
      setPicked([]);
      void queryClient.invalidateQueries({ queryKey: moneyKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: ['me', 'availability'] });
    },
  });
  if (facilities.isPending) return <PageLoading />;
  if (facilities.error) return <Alert>{errorMessage(facilities.error)}</Alert>;
  if (!facilities.data.length) return <p className="text-base text-muted">Nothing can be booked in the app at the moment.</p>;
  const all = slots.data?.flatMap((g) => g.time_slots) ?? [];
  const total = all.filter((s) => picked.includes(s.id)).reduce((n, s) => n + Number(s.price), 0);
  const errors = fieldErrors(book.error);
  const slotError = errors.time_slots ?? errors.slots ?? errors.facility ?? errors.date ?? generalError(book.error);
  return (
    <Panel title="Book a court">
      <div className="space-y-4">
        <div>
          <label htmlFor="me-facility" className="mb-1.5 block text-sm font-medium text-fg">
            Facility
          </label>
          <select
            id="me-facility"
            className="block h-12 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg"
            value={chosen ?? ''}
            onChange={(e) => {
              setFacility(Number(e.target.value));
              setPicked([]);
            }}
          >
            {facilities.data.map((f) => (
              <option key={f.id} value={f.id}>
                {f.sport_name} · {f.name}
              </option>
            ))}
          </select>
        </div>
        <MeField
          label="Date"
          type="date"
          value={date}
          min={todayIso()}
          onChange={(e) => {
            setDate(e.target.value);
            setPicked([]);
          }}
        />
        {slots.isPending && chosen ? (
          <PageLoading />
        ) : slots.error ? (
          <Alert>{errorMessage(slots.error)}</Alert>
        ) : (
          slots.data?.map((g) => (
            <fieldset key={g.id}>
              <legend className="mb-2 text-sm font-medium text-fg">{g.name}</legend>
              <div className="grid grid-cols-3 gap-2">
                {g.time_slots.map((s) => {
                  const free = s.booking_status === 'available';
                  const on = picked.includes(s.id);
                  return (
                    <button
                      key={s.id}
                      type="button"
                      disabled={!free}
                      aria-pressed={on}
                      aria-label={`${hhmm(s.start_time)} to ${hhmm(s.end_time)}, ${free ? formatMoney(s.price) : s.booking_status}`}
                      onClick={() => setPicked((p) => (on ? p.filter((x) => x !== s.id) : [...p, s.id]))}
                      className={clsx(
                        'min-h-14 rounded-lg border px-1 text-sm font-medium',
                        on && 'border-accent bg-accent text-accent-fg',
                        !on && free && 'border-line-strong bg-surface text-fg',
                        !free && 'border-line bg-subtle text-muted line-through',
                      )}
                    >
                      {hhmm(s.start_time)}
                      <span className="block text-xs font-normal">
                        {free ? formatMoney(s.price) : s.booking_status === 'booked' ? 'Taken' : 'Closed'}
                      </span>
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))
        )}
        {slotError && <Alert>{slotError}</Alert>}
        {done && (
          <Alert tone="success">
            Booked {done.code}: {done.facility_name}, {formatDate(done.date)} {done.slots.map((s) => hhmm(s.start_time)).join(', ')}
          </Alert>
        )}
        <BigButton className="w-full" disabled={!picked.length || book.isPending} onClick={() => book.mutate()}>
          {book.isPending
            ? 'Booking…'
            : picked.length
              ? `Book ${picked.length} slot${picked.length > 1 ? 's' : ''} · ${formatMoney(total)}`
              : 'Choose a slot'}
        </BigButton>
      </div>
    </Panel>
  );
}

/** The member's bookings, upcoming first, with Cancel while the window is open. */
function MyBookings() {
  const queryClient = useQueryClient();
  const bookings = useQuery({ queryKey: moneyKeys.bookings, queryFn: () => call(meMoneyEndpoints.bookings).then((r) => r.results) });
  const cancel = useMutation({
    mutationFn: (id: number) => call(meMoneyEndpoints.cancelBooking, { params: { id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: ['me', 'availability'] });
    },
  });
  return (
    <Panel title="My bookings">
      {cancel.error && <Alert className="mb-3">{errorMessage(cancel.error)}</Alert>}
      {bookings.isPending ? (
        <PageLoading />
      ) : bookings.error ? (
        <Alert>{errorMessage(bookings.error)}</Alert>
      ) : !bookings.data.length ? (
        <p className="text-base text-muted">No bookings yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="My bookings">
          {bookings.data.map((b) => (
            <li key={b.id} className="py-3">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="text-base font-medium text-fg">
                    {b.sport_name} · {b.facility_name}
                  </p>
                  <p className="text-sm text-muted">
                    {formatDate(b.date)} · {b.slots.map((s) => `${hhmm(s.start_time)}–${hhmm(s.end_time)}`).join(', ')}
                  </p>
                  <p className="text-sm text-muted">
                    {b.code} · {formatMoney(b.amount)} · {STATUS[b.status] ?? b.status}
                  </p>
                </div>
                {b.can_cancel && (
                  <BigButton
                    variant="secondary"
                    disabled={cancel.isPending}
                    onClick={() => {
                      if (window.confirm(`Cancel booking ${b.code}?`)) cancel.mutate(b.id);
                    }}
                    aria-label={`Cancel booking ${b.code}`}
                  >
                    Cancel
                  </BigButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Booking courts and slots as a member (the booking portal's availability). */
export default function BookPage() {
  const [params] = useSearchParams();
  const status = params.get('order') ? params.get('status') : null;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Book</h1>
      {status === 'paid' && <Alert tone="success">Paid: your booking is confirmed.</Alert>}
      {status === 'failed' && <Alert tone="warning">The payment was not completed, so the slots were released. You can book again.</Alert>}
      <NewBooking />
      <MyBookings />
    </div>
  );
}

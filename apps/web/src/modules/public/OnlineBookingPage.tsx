import type { AvailableSlotGroup } from '@arena/contracts/booking';
import type { PortalBooking } from '@arena/contracts/public';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, format, parseISO } from 'date-fns';
import { CalendarSearch, ChevronLeft, ChevronRight, Info, Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { inputClass } from '../../components/TextField';
import { ApiError } from '../../lib/api';
import { errorMessage, fieldErrors, fieldLabel } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { createBooking, fetchCentres, fetchFacilities, fetchOrganisation, fetchSlots, portalKeys } from './api';
import { BookingSummary } from './BookingSummary';
import type { Contact, ContactErrors } from './ConfirmBookingDialog';
import { PortalError, PortalFooter, PortalHeader, PortalPaused } from './PortalChrome';
import { Legend, SlotBoard } from './SlotBoard';
import { isBookable, slotKey, todayIso, totalOf, type PickedSlot } from './slots';

const selectClass = `${inputClass()} pr-8 disabled:cursor-not-allowed`;

// The dialog and the confirmation (with zod, the shared schemas and the calendar file) load when a
// visitor starts choosing slots, not with the page: a phone on mobile data paints the board sooner.
const loadDialog = () => import('./ConfirmBookingDialog');
const loadPanel = () => import('./ConfirmationPanel');
const ConfirmBookingDialog = lazy(() => loadDialog().then((m) => ({ default: m.ConfirmBookingDialog })));
const ConfirmationPanel = lazy(() => loadPanel().then((m) => ({ default: m.ConfirmationPanel })));
const PaymentReturn = lazy(() => import('./PaymentReturn').then((m) => ({ default: m.PaymentReturn })));

/** `…&order=ord_…`: the visitor is back from the checkout of an online payment (issue 23). */
function returningOrder(): string | null {
  const order = new URLSearchParams(window.location.search).get('order') ?? '';
  return /^ord_[A-Za-z0-9_-]{1,60}$/.test(order) ? order : null;
}

/** `/online-booking?centre=1&facility=4`: a link from the club's website preselects a centre and a facility. */
function preselected(): { centre: string; facility: string } {
  const params = new URLSearchParams(window.location.search);
  const id = (name: string) => {
    const value = params.get(name) ?? '';
    return /^[1-9]\d{0,17}$/.test(value) ? value : '';
  };
  const centre = id('centre');
  return { centre, facility: centre ? id('facility') : '' };
}

/** Spec 2.5: the public online-booking portal (no login; the organisation comes from the host). */
export default function OnlineBookingPage() {
  const queryClient = useQueryClient();
  const today = todayIso();
  const [initial] = useState(preselected);
  const [centre, setCentre] = useState(initial.centre);
  const [facility, setFacility] = useState(initial.facility);
  const [date, setDate] = useState(today);
  const [picked, setPicked] = useState<PickedSlot[]>([]);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [bookingError, setBookingError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<PortalBooking | null>(null);
  const [returnOrder, setReturnOrder] = useState(returningOrder);

  const organisation = useQuery({ queryKey: portalKeys.organisation, queryFn: fetchOrganisation });
  const centres = useQuery({ queryKey: portalKeys.centres, queryFn: fetchCentres });
  const facilities = useQuery({ queryKey: portalKeys.facilities(centre), queryFn: () => fetchFacilities(centre), enabled: !!centre });
  const slots = useQuery({
    queryKey: portalKeys.slots(facility, date),
    queryFn: () => fetchSlots(facility, date),
    enabled: !!facility && !!date,
    staleTime: 15_000,
  });

  const centreName = centres.data?.find((c) => String(c.id) === centre)?.name ?? '';
  const facilityRow = facilities.data?.find((f) => String(f.id) === facility);
  const facilityName = facilityRow ? `${facilityRow.sport_name} - ${facilityRow.name}` : '';
  const pickedKeys = useMemo(() => new Set(picked.map((p) => p.key)), [picked]);

  const choosing = picked.length > 0;
  useEffect(() => {
    if (!choosing) return;
    void loadDialog();
    void loadPanel();
  }, [choosing]);

  // A preselected centre or facility that is not (or no longer) open for booking is dropped.
  useEffect(() => {
    if (centre && centres.data && !centres.data.some((c) => String(c.id) === centre)) {
      setCentre('');
      setFacility('');
    }
  }, [centres.data, centre]);
  useEffect(() => {
    if (facility && facilities.data && !facilities.data.some((f) => String(f.id) === facility)) setFacility('');
  }, [facilities.data, facility]);

  // The browser tab (and a shared link) names the organisation.
  const organisationName = organisation.data?.display_name;
  useEffect(() => {
    if (organisationName) document.title = `Online Booking · ${organisationName}`;
  }, [organisationName]);

  // A reload can show that a picked slot was just taken: drop it from the selection.
  useEffect(() => {
    if (!slots.data) return;
    const open = new Set<string>();
    for (const g of slots.data) g.time_slots.forEach((s, i) => isBookable(s, date) && open.add(slotKey(g.id, s, i)));
    setPicked((old) => (old.every((p) => open.has(p.key)) ? old : old.filter((p) => open.has(p.key))));
  }, [slots.data, date]);

  // Spec 4: a new centre clears facility, slots and selection; a new facility or date clears the selection.
  const chooseCentre = (value: string) => {
    setCentre(value);
    setFacility('');
    setPicked([]);
  };
  const chooseFacility = (value: string) => {
    setFacility(value);
    setPicked([]);
  };
  const chooseDate = (value: string) => {
    if (!value) return;
    setDate(value);
    setPicked([]);
  };
  const shiftDate = (days: number) => chooseDate(format(addDays(parseISO(date), days), 'yyyy-MM-dd'));

  const toggle = (group: AvailableSlotGroup, index: number) => {
    const slot = group.time_slots[index];
    const key = slotKey(group.id, slot, index);
    setPicked((old) =>
      old.some((p) => p.key === key)
        ? old.filter((p) => p.key !== key)
        : [
            ...old,
            { key, id: slot.id, groupName: group.name, date, start_time: slot.start_time, end_time: slot.end_time, price: slot.price },
          ].sort((a, b) => a.start_time.localeCompare(b.start_time)),
    );
  };

  const proceed = () => {
    if (picked.length === 0) {
      notify.error('Please select at least one slot.');
      return;
    }
    setBookingError(null);
    setConfirmOpen(true);
  };

  const confirm = async (contact: Contact): Promise<ContactErrors | undefined> => {
    const total = totalOf(picked);
    setProcessing(true);
    setBookingError(null);
    notify.loading('Processing booking...');
    try {
      const booking = await createBooking({
        centre: Number(centre),
        facility: Number(facility),
        date,
        time_slots: picked.map((p) => ({ date: p.date, slot: p.id, start_time: p.start_time, end_time: p.end_time })),
        name: contact.name,
        email: contact.email,
        mobile_no: contact.mobile_no,
        booking_amount: total,
        sub_total: total,
      });
      notify.hideLoading();
      // A facility paid online answers a 10-minute hold: the visitor pays on the checkout, which brings them back here.
      if (booking.checkout_url) {
        notify.success('Slots held. Redirecting to payment...');
        window.location.assign(booking.checkout_url);
        return undefined;
      }
      notify.success('Booking confirmed successfully!');
      setConfirmed(booking);
      setPicked([]);
      setConfirmOpen(false);
      await queryClient.invalidateQueries({ queryKey: ['public', 'slots'] });
      return undefined;
    } catch (error) {
      notify.hideLoading();
      notify.error('Error creating booking. Please try again.');
      const fields = fieldErrors(error);
      const contactErrors: ContactErrors = {};
      for (const name of ['name', 'email', 'mobile_no'] as const) if (fields[name]) contactErrors[name] = fields[name];
      const others = Object.entries(fields).filter(([k]) => !(k in contactErrors));
      const message = Object.keys(fields).length
        ? others.map(([k, v]) => `${fieldLabel(k)}: ${v}`).join('\n') || null
        : errorMessage(error);
      setBookingError(message);
      if (error instanceof ApiError && error.status === 409) void slots.refetch();
      return Object.keys(contactErrors).length ? contactErrors : undefined;
    } finally {
      setProcessing(false);
    }
  };

  // Back from the checkout, "Book again" (or "Book more slots") shows the slots of the same centre and facility.
  const leaveReturn = () => {
    const params = new URLSearchParams(window.location.search);
    params.delete('order');
    params.delete('status');
    window.history.replaceState(null, '', `${window.location.pathname}${params.size ? `?${params}` : ''}`);
    setReturnOrder(null);
    void queryClient.invalidateQueries({ queryKey: ['public', 'slots'] });
  };

  const loadError = organisation.error ?? centres.error;
  const groups = slots.data ?? [];
  const hasSlots = groups.some((g) => g.time_slots.length > 0);

  let board: React.ReactNode;
  if (!centre || !facility) {
    board = (
      <EmptyState icon={CalendarSearch} title="Ready to Book?">
        Choose a center, a facility and a date to see the time slots you can book.
      </EmptyState>
    );
  } else if (slots.isPending) {
    board = (
      <div className="flex flex-col items-center py-14 text-center" role="status">
        <Loader2 size={28} className="mb-3 animate-spin text-accent" aria-hidden />
        <p className="font-semibold">Loading Slots...</p>
      </div>
    );
  } else if (slots.isError) {
    board = <PortalError message={errorMessage(slots.error)} onRetry={() => void slots.refetch()} />;
  } else if (!hasSlots) {
    board = (
      <EmptyState icon={CalendarSearch} title="No Slots Available">
        There are no available time slots for the selected date. Please try another date.
      </EmptyState>
    );
  } else {
    board = <SlotBoard groups={groups} date={date} selectedKeys={pickedKeys} onToggle={toggle} />;
  }

  return (
    <div className={`flex min-h-full flex-col bg-canvas ${picked.length > 0 ? 'pb-20 lg:pb-0' : ''}`}>
      <PortalHeader organisation={organisation.data} loading={organisation.isPending} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-5 sm:px-6 sm:py-8">
        {returnOrder ? (
          <div className="mx-auto max-w-3xl">
            <Suspense fallback={null}>
              <PaymentReturn order={returnOrder} onBookAgain={leaveReturn} />
            </Suspense>
          </div>
        ) : loadError ? (
          <PortalError
            message={errorMessage(loadError)}
            onRetry={() => {
              if (organisation.isError) void organisation.refetch();
              if (centres.isError) void centres.refetch();
            }}
          />
        ) : organisation.data?.bookings_paused ? (
          <div className="mx-auto max-w-3xl">
            <PortalPaused organisation={organisation.data} />
          </div>
        ) : (
          <div className="grid gap-5 lg:grid-cols-[1fr_340px] lg:items-start">
            <div className="min-w-0 space-y-5 lg:col-start-1 lg:row-start-1">
              <section
                aria-label="Choose a slot"
                className="rounded-xl border border-line bg-surface p-4 shadow-[0_1px_2px_rgba(16,24,40,0.04)] sm:p-5"
              >
                <div className="grid gap-4 sm:grid-cols-3">
                  <div>
                    <label htmlFor="portal-centre" className="mb-1.5 block text-sm font-medium">
                      Center
                    </label>
                    <select
                      id="portal-centre"
                      className={selectClass}
                      value={centre}
                      disabled={centres.isPending}
                      onChange={(e) => chooseCentre(e.target.value)}
                    >
                      <option value="">{centres.isPending ? 'Loading…' : 'Select a center'}</option>
                      {centres.data?.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor="portal-facility" className="mb-1.5 block text-sm font-medium">
                      Facility
                    </label>
                    <select
                      id="portal-facility"
                      className={selectClass}
                      value={facility}
                      disabled={!centre || facilities.isPending}
                      onChange={(e) => chooseFacility(e.target.value)}
                    >
                      <option value="">
                        {centre && facilities.isPending
                          ? 'Loading…'
                          : centre && facilities.data?.length === 0
                            ? 'No facilities open for booking'
                            : 'Select a facility'}
                      </option>
                      {facilities.data?.map((f) => (
                        <option key={f.id} value={f.id}>
                          {f.sport_name} - {f.name}
                        </option>
                      ))}
                    </select>
                    {facilities.isError && <p className="mt-1.5 text-xs font-medium text-danger-text">{errorMessage(facilities.error)}</p>}
                  </div>
                  <div>
                    <label htmlFor="portal-date" className="mb-1.5 block text-sm font-medium">
                      Date
                    </label>
                    <div className="flex gap-1.5">
                      <button
                        type="button"
                        aria-label="Previous day"
                        disabled={!facility || date <= today}
                        onClick={() => shiftDate(-1)}
                        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface shadow-sm hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-50"
                      >
                        <ChevronLeft size={18} aria-hidden />
                      </button>
                      <input
                        id="portal-date"
                        type="date"
                        min={today}
                        value={date}
                        onChange={(e) => chooseDate(e.target.value)}
                        className={`${inputClass()} min-w-0`}
                      />
                      <button
                        type="button"
                        aria-label="Next day"
                        onClick={() => shiftDate(1)}
                        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface shadow-sm hover:bg-subtle"
                      >
                        <ChevronRight size={18} aria-hidden />
                      </button>
                    </div>
                  </div>
                </div>
              </section>

              {confirmed && (
                <Suspense fallback={null}>
                  <ConfirmationPanel booking={confirmed} onDismiss={() => setConfirmed(null)} />
                </Suspense>
              )}

              <section
                aria-labelledby="portal-slots-title"
                className="rounded-xl border border-line bg-surface p-4 shadow-[0_1px_2px_rgba(16,24,40,0.04)] sm:p-5"
              >
                <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                  <h2 id="portal-slots-title" className="text-base font-semibold">
                    Time Slots{facility ? <span className="font-normal text-muted"> · {formatDate(date)}</span> : null}
                  </h2>
                  <Legend />
                </div>
                {board}
              </section>
            </div>

            <div className="lg:sticky lg:top-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <BookingSummary
                slots={picked}
                onRemove={(key) => setPicked((old) => old.filter((p) => p.key !== key))}
                onClear={() => setPicked([])}
                onProceed={proceed}
              />
            </div>

            <aside className="flex gap-3 rounded-xl lg:col-start-1 lg:row-start-2 border border-accent/25 bg-accent-soft px-4 py-3 text-sm text-accent-text">
              <Info size={18} className="mt-0.5 shrink-0" aria-hidden />
              <ul className="list-disc space-y-0.5 pl-4">
                <li>Click on slots to select multiple time slots.</li>
                <li>Blue slots are available and green slots are selected.</li>
                <li>Only future slots can be booked.</li>
                <li>The total amount is calculated from the selected slots.</li>
              </ul>
            </aside>
          </div>
        )}
      </main>
      <PortalFooter organisation={organisation.data} />
      {picked.length > 0 && (
        <div
          role="region"
          aria-label="Your selection"
          data-testid="selection-bar"
          className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface px-4 py-3 shadow-[0_-4px_12px_rgba(16,24,40,0.08)] lg:hidden"
        >
          <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
            <p className="text-sm font-semibold tabular" aria-live="polite" data-testid="selection-bar-summary">
              {picked.length} {picked.length === 1 ? 'slot' : 'slots'} · {formatMoney(totalOf(picked))}
            </p>
            <Button onClick={proceed}>Proceed to Book</Button>
          </div>
        </div>
      )}
      {(choosing || confirmOpen) && (
        <Suspense fallback={null}>
          <ConfirmBookingDialog
            open={confirmOpen}
            onOpenChange={setConfirmOpen}
            centreName={centreName}
            facilityName={facilityName}
            date={date}
            slots={picked}
            processing={processing}
            serverError={bookingError}
            onConfirm={confirm}
            payOnline={facilityRow?.payment_required ?? false}
          />
        </Suspense>
      )}
    </div>
  );
}

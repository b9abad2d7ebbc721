import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { addDays, format, parseISO } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { Skeleton } from '../../components/Skeleton';
import { DateField, optionsOf, SelectField } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { useCentres, useFacilities } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, fetchDay, type DaySlot } from './api';
import { BookingDetailDialog } from './BookingDetailDialog';
import { DeskBookingDialog } from './DeskBookingDialog';
import { paymentLabel, slotCellClass, SlotLegend, slotRange, slotStatusLabel } from './status';
import { todayIso } from '../../lib/today';

const today = () => todayIso();
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Booking › Booking on a phone: one facility's slots for a date, coloured by status (the board is for wider screens). */
export function DayView() {
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentres();
  const [centre, setCentre] = useState(selectedCentre);
  const facilities = useFacilities(centre);
  const [facility, setFacility] = useState('');
  const [date, setDate] = useState(today);
  const [picked, setPicked] = useState<DaySlot[]>([]);
  const [booking, setBooking] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);

  useEffect(() => setCentre(selectedCentre), [selectedCentre]);
  // Pick the first facility of the centre so the grid shows something at once.
  useEffect(() => {
    const list = facilities.data ?? [];
    if (list.length && !list.some((f) => String(f.id) === facility)) setFacility(String(list[0].id));
    if (facilities.data && list.length === 0) setFacility('');
  }, [facilities.data, facility]);
  useEffect(() => setPicked([]), [facility, date]);

  const day = useQuery({
    queryKey: bookingKeys.day(facility, date),
    queryFn: () => fetchDay(facility, date),
    enabled: !!facility,
    staleTime: 10_000,
  });
  const facilityName = facilities.data?.find((f) => String(f.id) === facility)?.name ?? '';
  const groups = (day.data ?? []).filter((g) => g.time_slots.length > 0);
  const all = groups.flatMap((g) => g.time_slots);
  const booked = all.filter((s) => s.booking).length;

  const toggle = (slot: DaySlot) =>
    setPicked((old) => (old.some((s) => s.id === slot.id) ? old.filter((s) => s.id !== slot.id) : [...old, slot]));
  const shift = (n: number) => setDate(format(addDays(parseISO(date), n), 'yyyy-MM-dd'));

  return (
    <div className="space-y-4">
      <Card className="grid gap-3 p-3 sm:flex sm:flex-wrap sm:items-end">
        <SelectField
          label="Center"
          value={centre}
          onChange={setCentre}
          placeholder="All Centers"
          options={optionsOf(centres.data)}
          className="sm:w-48"
        />
        <SelectField
          label="Facility"
          value={facility}
          onChange={setFacility}
          placeholder={facilities.data?.length === 0 ? 'No facilities' : undefined}
          loading={facilities.isPending}
          options={optionsOf(facilities.data)}
          className="sm:w-56"
        />
        <div className="flex items-end gap-1">
          <button
            type="button"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface shadow-sm hover:bg-subtle"
            aria-label="Previous day"
            onClick={() => shift(-1)}
          >
            <ChevronLeft size={16} aria-hidden />
          </button>
          <DateField
            id="day-date"
            label="Date"
            value={date}
            onChange={(d) => ISO_DAY.test(d) && setDate(d)}
            className="min-w-0 flex-1 sm:w-44 sm:flex-none"
          />
          <button
            type="button"
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface shadow-sm hover:bg-subtle"
            aria-label="Next day"
            onClick={() => shift(1)}
          >
            <ChevronRight size={16} aria-hidden />
          </button>
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => setDate(today())} disabled={date === today()}>
            Today
          </Button>
        </div>
        <div className="flex items-center justify-between gap-3 sm:ml-auto sm:justify-end">
          {all.length > 0 && (
            <span className="text-sm text-muted tabular">
              {booked}/{all.length} booked
            </span>
          )}
          <Button onClick={() => setBooking(true)} disabled={picked.length === 0}>
            <Plus size={16} aria-hidden /> {picked.length ? `Book ${picked.length} ${picked.length === 1 ? 'slot' : 'slots'}` : 'Book'}
          </Button>
        </div>
      </Card>

      <SlotLegend picked="Picked" />

      {!facility ? (
        <Card>
          <EmptyState icon={CalendarDays} title="No facility to show">
            {facilities.isPending ? 'Loading facilities…' : 'Add a facility under Booking › Settings, or choose another center.'}
          </EmptyState>
        </Card>
      ) : day.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : day.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void day.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(day.error)}
        </Alert>
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState icon={CalendarDays} title="No slots on this day">
            This facility has no active time slots. Add them under Booking › Settings.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-5">
          {groups.map((group) => (
            <section key={group.id} aria-label={`${group.name} slots`}>
              <h3 className="mb-2 text-sm font-semibold">{group.name}</h3>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
                {group.time_slots.map((slot) => {
                  const isPicked = picked.some((p) => p.id === slot.id);
                  const free = !slot.booking && slot.booking_status === 'available';
                  return (
                    <li key={slot.id}>
                      <button
                        type="button"
                        disabled={!free && !slot.booking}
                        aria-pressed={free ? isPicked : undefined}
                        onClick={() => (slot.booking ? setViewing(slot.booking.id) : toggle(slot))}
                        className={clsx(
                          'flex h-full w-full flex-col items-start rounded-lg border px-3 py-2 text-left text-sm transition-colors disabled:cursor-not-allowed',
                          slotCellClass(slot.booking_status, slot.booking, isPicked),
                        )}
                      >
                        <span className="font-semibold tabular">{slotRange(slot)}</span>
                        {slot.booking ? (
                          <>
                            <span className="w-full truncate text-xs font-medium">{slot.booking.name}</span>
                            <span className="text-xs opacity-80">
                              {slot.booking.code} ·{' '}
                              {slot.booking.status === 'awaiting_payment'
                                ? 'Held · paying online'
                                : paymentLabel(slot.booking.payment_status)}
                            </span>
                          </>
                        ) : (
                          <span className={clsx('text-xs tabular', !isPicked && 'opacity-80')}>
                            {free ? formatMoney(slot.price) : slotStatusLabel(slot.booking_status)}
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}

      <DeskBookingDialog
        open={booking}
        onOpenChange={setBooking}
        selection={[{ facility: Number(facility), facilityName, date, slots: picked }]}
        onBooked={() => {
          setBooking(false);
          setPicked([]);
        }}
      />
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
      <p className="sr-only" aria-live="polite">
        {facility ? `${facilityName}, ${formatDate(date)}` : ''}
      </p>
    </div>
  );
}

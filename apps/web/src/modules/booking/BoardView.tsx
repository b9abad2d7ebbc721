import { fromPaise, toPaise } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { addDays, format, parseISO, startOfWeek } from 'date-fns';
import { CalendarDays, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { FilterSelect } from '../../components/FilterSelect';
import { Skeleton } from '../../components/Skeleton';
import { DateField, optionsOf, SelectField } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { useCentres, useSports } from '../../lib/lookups';
import { todayIso } from '../../lib/today';
import { useSidebar } from '../../state/sidebar';
import { useBoard, type Board, type BoardSlot } from './BoardApi';
import { BookingDetailDialog } from './BookingDetailDialog';
import { DeskBookingDialog, type DeskSelection } from './DeskBookingDialog';
import { hhmm, paymentLabel, slotCellClass, SlotLegend, slotSpan, slotStatusLabel } from './status';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const WIDE = '(min-width: 768px)';

/** True from 768 px: the board; below it the single-facility day view stays (a phone). */
export function useBoardLayout(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(WIDE);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}

type Facility = Board['facilities'][number];
interface Picked {
  facility: number;
  facilityName: string;
  slot: BoardSlot;
}
const keyOf = (facility: number, slot: number) => `${facility}:${slot}`;

const CELL = 'flex h-14 w-full flex-col justify-center rounded-md border px-2 text-left text-xs leading-tight';

/** One slot of a facility at a row's hour: a free cell to pick, a booked cell to open, or a past one. */
function BoardCell({
  facility,
  slot,
  row,
  picked,
  onToggle,
  onOpen,
}: {
  facility: Facility;
  slot: BoardSlot;
  row: string;
  picked: boolean;
  onToggle: () => void;
  onOpen: (id: number) => void;
}) {
  // The row names the start; a slot that ends off the usual hour says when.
  const span = slotSpan(slot);
  const timeNote = slot.start_time !== row ? span : `to ${hhmm(slot.end_time)}`;
  if (slot.booking) {
    const b = slot.booking;
    return (
      <button
        type="button"
        onClick={() => onOpen(b.id)}
        aria-label={`${b.code} ${b.name}, ${facility.name} ${span}, ${paymentLabel(b.payment_status)}`}
        className={clsx(CELL, slotCellClass(slot.status, slot.booking, false))}
      >
        <span className="w-full truncate font-semibold">{b.name}</span>
        <span className="w-full truncate opacity-80">{paymentLabel(b.payment_status)}</span>
      </button>
    );
  }
  if (slot.status === 'available')
    return (
      <button
        type="button"
        aria-pressed={picked}
        aria-label={`${facility.name} ${span} ${formatMoney(slot.price)}`}
        onClick={onToggle}
        className={clsx(CELL, 'transition-colors', slotCellClass(slot.status, slot.booking, picked))}
      >
        <span className="font-semibold tabular">{formatMoney(slot.price)}</span>
        <span className={clsx('tabular', !picked && 'opacity-80')}>{timeNote}</span>
      </button>
    );
  return (
    <div className={clsx(CELL, slotCellClass(slot.status, slot.booking, false))}>
      <span className="sr-only">
        {facility.name} {span}:{' '}
      </span>
      {slotStatusLabel(slot.status)}
    </div>
  );
}

/** Seven days from the Monday of the date's week, with the week before and after a click away. */
function BoardWeekStrip({ date, today, onPick }: { date: string; today: string; onPick: (date: string) => void }) {
  const monday = startOfWeek(parseISO(date), { weekStartsOn: 1 });
  const days = Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), 'yyyy-MM-dd'));
  const arrow = 'flex h-12 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg';
  return (
    <nav aria-label="Week" className="flex items-center gap-1">
      <button
        type="button"
        className={arrow}
        aria-label="Previous week"
        onClick={() => onPick(format(addDays(parseISO(date), -7), 'yyyy-MM-dd'))}
      >
        <ChevronLeft size={16} aria-hidden />
      </button>
      <ul className="grid flex-1 grid-cols-7 gap-1">
        {days.map((d) => {
          const on = d === date;
          return (
            <li key={d}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={format(parseISO(d), 'EEEE d MMMM')}
                onClick={() => onPick(d)}
                className={clsx(
                  'flex h-12 w-full flex-col items-center justify-center rounded-md border text-xs',
                  on ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-surface hover:border-line-strong',
                )}
              >
                <span className={clsx(!on && 'text-muted')}>{d === today ? 'Today' : format(parseISO(d), 'EEE')}</span>
                <span className="text-sm font-semibold tabular">{format(parseISO(d), 'd MMM')}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className={arrow}
        aria-label="Next week"
        onClick={() => onPick(format(addDays(parseISO(date), 7), 'yyyy-MM-dd'))}
      >
        <ChevronRight size={16} aria-hidden />
      </button>
    </nav>
  );
}

/** The picked cells beside the grid: what they are, the running total, and Book. */
function BoardSelection({
  picked,
  onRemove,
  onClear,
  onBook,
}: {
  picked: Picked[];
  onRemove: (p: Picked) => void;
  onClear: () => void;
  onBook: () => void;
}) {
  const total = picked.reduce((n, p) => n + (toPaise(p.slot.price) ?? 0), 0);
  return (
    <Card className="space-y-3 p-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold">Selection</h2>
        <span className="text-xs text-muted tabular">
          {picked.length} {picked.length === 1 ? 'slot' : 'slots'}
        </span>
      </div>
      {picked.length === 0 ? (
        <p className="text-sm text-muted">Pick free cells, on one court or several, to book them together.</p>
      ) : (
        <ul className="max-h-72 space-y-1 overflow-y-auto text-sm" aria-label="Selected slots">
          {picked.map((p) => (
            <li key={keyOf(p.facility, p.slot.id)} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate">
                {p.facilityName} <span className="text-muted tabular">{slotSpan(p.slot)}</span>
              </span>
              <span className="tabular">{formatMoney(p.slot.price)}</span>
              <button
                type="button"
                className="rounded p-1 text-muted hover:bg-subtle hover:text-fg"
                aria-label={`Remove ${p.facilityName} ${slotSpan(p.slot)}`}
                onClick={() => onRemove(p)}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-baseline justify-between border-t border-line pt-2 font-semibold">
        <span>Total</span>
        <span className="tabular" aria-live="polite">
          {formatMoney(fromPaise(total))}
        </span>
      </div>
      <div className="flex gap-2">
        <Button className="flex-1" onClick={onBook} disabled={picked.length === 0}>
          Book
        </Button>
        {picked.length > 0 && (
          <Button variant="ghost" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * Booking › Booking on a desk's screen: a centre's facilities as columns and the day's hours as
 * rows, every slot coloured by status with the client's name on booked ones. Free cells of any
 * facility are picked together and booked in one step (one booking per facility).
 */
export function BoardView() {
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentres();
  const sports = useSports();
  const [centre, setCentre] = useState(selectedCentre);
  const [sport, setSport] = useState('');
  const [date, setDate] = useState(() => todayIso());
  const [picked, setPicked] = useState<Picked[]>([]);
  const [booking, setBooking] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const today = todayIso();

  useEffect(() => setCentre(selectedCentre), [selectedCentre]);
  // A board is of one centre: the chosen one, else the first.
  const centreId = centre || String(centres.data?.[0]?.id ?? '');
  useEffect(() => setPicked([]), [centreId, date, sport]);
  const board = useBoard(centreId, date, sport);
  const facilities = board.data?.facilities ?? [];
  const hours = board.data?.hours ?? [];
  const all = facilities.flatMap((f) => f.slots);
  const bookedCount = all.filter((s) => s.booking).length;
  const pickedKeys = useMemo(() => new Set(picked.map((p) => keyOf(p.facility, p.slot.id))), [picked]);

  const toggle = (f: Facility, slot: BoardSlot) =>
    setPicked((old) =>
      old.some((p) => p.facility === f.id && p.slot.id === slot.id)
        ? old.filter((p) => !(p.facility === f.id && p.slot.id === slot.id))
        : [...old, { facility: f.id, facilityName: f.name, slot }],
    );
  const selection: DeskSelection[] = facilities
    .map((f) => ({
      facility: f.id,
      facilityName: f.name,
      date,
      slots: picked
        .filter((p) => p.facility === f.id)
        .map((p) => p.slot)
        .sort((a, b) => a.start_time.localeCompare(b.start_time)),
    }))
    .filter((s) => s.slots.length > 0);
  const pick = (d: string) => ISO_DAY.test(d) && setDate(d);

  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-3">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Center"
            value={centreId}
            onChange={setCentre}
            loading={centres.isPending}
            options={optionsOf(centres.data)}
            className="w-48"
          />
          <DateField id="board-date" label="Date" value={date} onChange={pick} className="w-44" />
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => setDate(today)} disabled={date === today}>
            Today
          </Button>
          <div className="mb-0.5 ml-auto flex items-center gap-3">
            <FilterSelect
              label="Sport"
              value={sport}
              onChange={setSport}
              allLabel="All Sports"
              options={(sports.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            />
            {all.length > 0 && (
              <span className="whitespace-nowrap text-sm text-muted tabular">
                {bookedCount}/{all.length} booked
              </span>
            )}
          </div>
        </div>
        <BoardWeekStrip date={date} today={today} onPick={pick} />
      </Card>

      <SlotLegend picked="Selected" />

      {!centreId ? (
        <Card>
          <EmptyState icon={CalendarDays} title="No center to show">
            {centres.isPending ? 'Loading centers…' : 'Add a center under Administrator › Manage Center.'}
          </EmptyState>
        </Card>
      ) : board.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : board.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void board.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(board.error)}
        </Alert>
      ) : facilities.length === 0 || hours.length === 0 ? (
        <Card>
          <EmptyState icon={CalendarDays} title={facilities.length === 0 ? 'No facilities here' : 'No slots on this day'}>
            {facilities.length === 0
              ? 'This center has no active facilities of this sport. Add one under Booking › Settings.'
              : 'These facilities have no time slots. Add them under Booking › Settings.'}
          </EmptyState>
        </Card>
      ) : (
        <div className="flex items-start gap-4">
          <div className="min-w-0 max-w-full overflow-x-auto rounded-lg border border-line bg-surface">
            <table className="border-separate border-spacing-1 text-sm">
              <caption className="sr-only">Slots on {formatDate(date)}</caption>
              <thead>
                <tr>
                  <th scope="col" className="sticky left-0 z-10 bg-surface px-2 text-left text-xs font-medium text-muted">
                    Time
                  </th>
                  {facilities.map((f) => (
                    <th key={f.id} scope="col" className="min-w-[8.5rem] px-1 pb-1 text-left align-bottom">
                      <span className="block truncate font-semibold">{f.name}</span>
                      <span className="block truncate text-xs font-normal text-muted">{f.sport_name}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {hours.map((h) => (
                  <tr key={h}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 bg-surface px-2 text-left align-top text-xs font-medium text-muted tabular"
                    >
                      <span className="mt-1 block">{hhmm(h)}</span>
                    </th>
                    {facilities.map((f) => {
                      const here = f.slots.filter((s) => s.start_time === h);
                      return (
                        <td key={f.id} className="p-0 align-top">
                          {here.length === 0 ? (
                            <div className="h-14" aria-hidden />
                          ) : (
                            <div className="space-y-1">
                              {here.map((s) => (
                                <BoardCell
                                  key={s.id}
                                  facility={f}
                                  slot={s}
                                  row={h}
                                  picked={pickedKeys.has(keyOf(f.id, s.id))}
                                  onToggle={() => toggle(f, s)}
                                  onOpen={setViewing}
                                />
                              ))}
                            </div>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <aside aria-label="Selection" className="sticky top-4 w-72 shrink-0">
            <BoardSelection
              picked={picked}
              onRemove={(p) =>
                toggle(
                  facilities.find((f) => f.id === p.facility)!,
                  p.slot,
                )
              }
              onClear={() => setPicked([])}
              onBook={() => setBooking(true)}
            />
          </aside>
        </div>
      )}

      <DeskBookingDialog
        open={booking}
        onOpenChange={setBooking}
        selection={selection}
        onBooked={() => {
          setBooking(false);
          setPicked([]);
        }}
      />
      <BookingDetailDialog bookingId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

import { BOARD_DAYS_DEFAULT } from '@arena/contracts/accommodation';
import { clsx } from 'clsx';
import { format, parseISO } from 'date-fns';
import { BedDouble, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { CentreFilter } from '../../components/CentreFilter';
import { EmptyState } from '../../components/EmptyState';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { ACCOMMODATION_PATHS, useBoard, useRoomTypeOptions, type OccupancyBoard } from './api';
import { plusDays, todayIso } from './dates';
import { ROOM_STATUS_LABELS, STAY_STATUS_LABELS } from './parts';
import { ReserveDialog, type ReservePrefill } from './ReserveDialog';

type BoardRoom = OccupancyBoard['rooms'][number];
type BoardStay = BoardRoom['beds'][number]['stays'][number];

const BAR: Record<BoardStay['status'], string> = {
  reserved: 'border-blue-300 bg-blue-50 text-blue-950 hover:border-blue-500 dark:border-blue-800 dark:bg-blue-950/50 dark:text-blue-100',
  checked_in:
    'border-amber-300 bg-amber-100 text-amber-950 hover:border-amber-500 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
  checked_out: 'border-line-strong bg-subtle text-muted hover:border-fg/40',
  cancelled: 'border-line bg-subtle text-muted',
};
const LEGEND = [
  ['Free: click to reserve', 'border border-dashed border-emerald-400 bg-emerald-50 dark:bg-emerald-950/40'],
  ['Reserved', 'border border-blue-300 bg-blue-50'],
  ['Checked in', 'border border-amber-300 bg-amber-100'],
  ['Checked out', 'border border-line-strong bg-subtle'],
  [
    'Room closed or under maintenance',
    'bg-[repeating-linear-gradient(135deg,transparent_0_5px,var(--color-line-strong)_5px_6px)] border border-line bg-subtle',
  ],
];

/** The cells of one bed's row: a bar per stay (spanning its days in the window), a free cell per free day. */
function bedCells(days: string[], stays: BoardStay[]) {
  const cells: (
    { kind: 'free'; day: string } | { kind: 'stay'; stay: BoardStay; span: number; startsBefore: boolean; endsAfter: boolean }
  )[] = [];
  const sorted = [...stays].sort((a, b) => a.check_in.localeCompare(b.check_in));
  for (let i = 0; i < days.length;) {
    const d = days[i]!;
    const stay = sorted.find((s) => s.check_in <= d && d < s.check_out);
    if (!stay) {
      cells.push({ kind: 'free', day: d });
      i += 1;
      continue;
    }
    let span = 0;
    while (i + span < days.length && days[i + span]! < stay.check_out) span += 1;
    cells.push({
      kind: 'stay',
      stay,
      span,
      startsBefore: stay.check_in < d,
      endsAfter: stay.check_out > plusDays(days[days.length - 1]!, 1),
    });
    i += span;
  }
  return cells;
}

/** Accommodation › Accommodation: the occupancy board — rooms × a fortnight, beds as rows, stays as bars; a free cell reserves. */
export function OccupancyBoardPage() {
  const today = todayIso();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [centre, setCentre] = useState(sidebarCentre);
  const [type, setType] = useState('');
  const [from, setFrom] = useState(today);
  const [reserving, setReserving] = useState<ReservePrefill | null>(null);
  const navigate = useNavigate();
  const types = useRoomTypeOptions();
  const board = useBoard({ centre, room_type: type, from: from || today, days: BOARD_DAYS_DEFAULT });

  const header = (
    <PageHeader
      title="Accommodation"
      description="Who sleeps where over the next fortnight: each room's beds are rows, each stay a bar. Click a free cell to reserve that bed from that night."
      actions={
        <Button onClick={() => setReserving({ check_in: today })}>
          <Plus size={16} aria-hidden /> Reserve
        </Button>
      }
    />
  );
  const step = (n: number) => setFrom(plusDays(from || today, n));

  return (
    <div className="space-y-4">
      {header}
      <Card className="flex flex-wrap items-center gap-2 p-3">
        <CentreFilter value={centre} onChange={setCentre} />
        <FilterSelect label="Room type" value={type} onChange={setType} options={optionsOf(types.data)} />
        <FilterDate label="From" value={from} onChange={setFrom} required />
        <nav aria-label="Fortnight" className="flex items-center gap-1">
          <Button variant="secondary" size="sm" aria-label="Previous week" onClick={() => step(-7)}>
            <ChevronLeft size={16} aria-hidden />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setFrom(today)} disabled={from === today}>
            Today
          </Button>
          <Button variant="secondary" size="sm" aria-label="Next week" onClick={() => step(7)}>
            <ChevronRight size={16} aria-hidden />
          </Button>
        </nav>
        <ul className="flex w-full flex-wrap gap-x-4 gap-y-1 pt-1 text-xs text-muted" aria-label="Legend">
          {LEGEND.map(([label, swatch]) => (
            <li key={label} className="flex items-center gap-1.5">
              <span className={`h-3 w-3 rounded ${swatch}`} aria-hidden /> {label}
            </li>
          ))}
        </ul>
      </Card>
      {board.isPending ? (
        <Skeleton className="h-96 w-full" />
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
      ) : board.data.rooms.length === 0 ? (
        <Card>
          <EmptyState icon={BedDouble} title="No rooms to show">
            Add rooms under{' '}
            <Link to={ACCOMMODATION_PATHS.rooms} className="text-accent-text hover:underline">
              Rooms
            </Link>
            , or clear the filters.
          </EmptyState>
        </Card>
      ) : (
        <Grid
          board={board.data}
          today={today}
          onFree={(room, bed, day) => setReserving({ room: room.id, bed, check_in: day })}
          onStay={(id) => navigate(ACCOMMODATION_PATHS.stay(id))}
        />
      )}
      <ReserveDialog prefill={reserving} onClose={() => setReserving(null)} />
    </div>
  );
}

function Grid({
  board,
  today,
  onFree,
  onStay,
}: {
  board: OccupancyBoard;
  today: string;
  onFree: (room: BoardRoom, bed: number, day: string) => void;
  onStay: (id: number) => void;
}) {
  const days = board.days;
  const freeTonight = board.rooms.reduce(
    (n, r) =>
      n +
      (r.status === 'available' ? r.beds.filter((b) => !b.stays.some((s) => s.check_in <= days[0]! && days[0]! < s.check_out)).length : 0),
    0,
  );
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted" aria-live="polite">
        {freeTonight} {freeTonight === 1 ? 'bed' : 'beds'} free on {formatDate(days[0]!)}
        {board.truncated && ' · more rooms than one board shows: narrow by center or room type'}
      </p>
      <div className="max-w-full overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="w-full min-w-[60rem] table-fixed border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            Occupancy from {formatDate(board.from)} to {formatDate(plusDays(board.to, -1))}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 top-0 z-20 w-24 border-b sm:w-32 border-line bg-surface px-3 py-2 text-left text-xs font-medium text-muted"
              >
                Room · bed
              </th>
              {days.map((d) => (
                <th
                  key={d}
                  scope="col"
                  className={clsx(
                    'border-b border-l border-line px-1 py-1.5 text-center text-xs font-medium whitespace-nowrap',
                    d === today ? 'bg-accent-soft text-accent-text' : 'text-muted',
                  )}
                >
                  <span className="block">{format(parseISO(d), 'EEE')}</span>
                  <span className="block text-sm font-semibold text-fg tabular">{format(parseISO(d), 'd MMM')}</span>
                </th>
              ))}
            </tr>
          </thead>
          {board.rooms.map((room) => {
            const open = room.status === 'available';
            return (
              <tbody key={room.id}>
                <tr>
                  <th
                    scope="rowgroup"
                    colSpan={days.length + 1}
                    className="border-b border-t border-line bg-subtle px-3 py-1.5 text-left text-xs font-medium"
                  >
                    <span className="sticky left-3 inline-flex flex-wrap items-baseline gap-x-2">
                      <span className="text-sm font-semibold text-fg">Room {room.number}</span>
                      <span className="text-muted">
                        {room.room_type_name}
                        {room.floor && ` · ${room.floor}`} · {room.centre_name}
                      </span>
                      {!open && <span className="text-danger-text">{ROOM_STATUS_LABELS[room.status]}</span>}
                    </span>
                  </th>
                </tr>
                {room.beds.map((b) => (
                  <tr key={b.bed}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 truncate border-b border-line bg-surface px-2 py-1 text-left text-xs font-medium text-muted sm:px-3"
                    >
                      {room.number} · bed {b.bed}
                    </th>
                    {bedCells(days, b.stays).map((c) =>
                      c.kind === 'free' ? (
                        <td key={c.day} className="border-b border-l border-line p-0.5">
                          {open ? (
                            <button
                              type="button"
                              aria-label={`Reserve room ${room.number} bed ${b.bed} from ${formatDate(c.day)}`}
                              onClick={() => onFree(room, b.bed, c.day)}
                              className="group flex h-9 w-full items-center justify-center rounded border border-dashed border-emerald-300 bg-emerald-50/70 text-emerald-700 hover:border-emerald-500 hover:bg-emerald-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent dark:border-emerald-800 dark:bg-emerald-950/30 dark:text-emerald-300"
                            >
                              <Plus size={14} className="opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" aria-hidden />
                            </button>
                          ) : (
                            <div
                              className="h-9 w-full rounded bg-subtle bg-[repeating-linear-gradient(135deg,transparent_0_5px,var(--color-line-strong)_5px_6px)]"
                              aria-label={`Room ${room.number} ${ROOM_STATUS_LABELS[room.status].toLowerCase()}`}
                            />
                          )}
                        </td>
                      ) : (
                        <td key={c.stay.id + ':' + c.span} colSpan={c.span} className="border-b border-l border-line p-0.5">
                          <button
                            type="button"
                            onClick={() => onStay(c.stay.id)}
                            aria-label={`${c.stay.client_name}, ${STAY_STATUS_LABELS[c.stay.status]}, room ${room.number} bed ${b.bed}, ${formatDate(c.stay.check_in)} to ${formatDate(c.stay.check_out)}`}
                            className={clsx(
                              'flex h-9 w-full min-w-0 items-center gap-1 border px-2 text-left text-xs font-medium',
                              c.startsBefore ? 'rounded-l-none border-l-0' : 'rounded-l-md',
                              c.endsAfter ? 'rounded-r-none border-r-0' : 'rounded-r-md',
                              BAR[c.stay.status],
                            )}
                          >
                            <span className="truncate">{c.stay.client_name}</span>
                            {c.stay.rate_basis === 'monthly' && c.span > 2 && <span className="shrink-0 opacity-70">· monthly</span>}
                          </button>
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            );
          })}
        </table>
      </div>
      <p className="text-xs text-muted">
        <Link to={ACCOMMODATION_PATHS.stays} className={buttonClass('ghost', 'sm', 'px-0 text-accent-text')}>
          All stays →
        </Link>
      </p>
    </div>
  );
}

import { BedDouble, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { optionsOf } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { accommodationKeys, ACCOMMODATION_PATHS, fetchStays, staysExport, useRoomTypeOptions, type Stay } from './api';
import { bedText, RATE_BASIS_LABELS, RATE_BASIS_OPTIONS, stayDates, STAY_STATUS_OPTIONS, StayStatusBadge } from './parts';
import { ReserveDialog, type ReservePrefill } from './ReserveDialog';
import { todayIso } from './dates';

const YES = [{ value: 'true', label: 'Yes' }];

/** Accommodation › Booking: every stay, filtered by status, basis, center, type, dates or what is owed; a row opens the stay. */
export function StaysPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [status, setStatus] = useState(() => params.get('status') ?? '');
  const [basis, setBasis] = useState(() => params.get('rate_basis') ?? '');
  const [centre, setCentre] = useState(() => params.get('centre') ?? sidebarCentre);
  const [type, setType] = useState(() => params.get('room_type') ?? '');
  const [due, setDue] = useState(() => params.get('has_due') ?? '');
  const [from, setFrom] = useState(() => params.get('date_after') ?? '');
  const [to, setTo] = useState(() => params.get('date_before') ?? '');
  const client = params.get('client') ?? '';
  const arriving = params.get('arriving') ?? '';
  const departing = params.get('departing') ?? '';
  const [reserving, setReserving] = useState<ReservePrefill | null>(null);
  const types = useRoomTypeOptions();

  const columns: Column<Stay>[] = [
    {
      id: 'client',
      header: 'Resident',
      sortKey: 'client_name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (s) => (
        <Link to={ACCOMMODATION_PATHS.stay(s.id)} className="font-medium hover:text-accent-text hover:underline">
          {s.client_name}
        </Link>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: false, defaultHidden: true, cell: (s) => <PhoneLink phone={s.client_phone} /> },
    {
      id: 'bed',
      header: 'Room · bed',
      sortKey: 'room_number',
      mobile: 'subtitle',
      cell: (s) => (
        <div className="whitespace-nowrap">
          {bedText(s.room_number, s.bed)}
          <div className="text-xs text-muted">{s.room_type_name}</div>
        </div>
      ),
    },
    {
      id: 'dates',
      header: 'Check-in → check-out',
      sortKey: 'check_in',
      mobile: 'meta',
      cell: (s) => <span className="tabular sm:whitespace-nowrap">{stayDates(s)}</span>,
    },
    {
      id: 'rate',
      header: 'Rate',
      align: 'right',
      mobile: 'meta',
      cell: (s) => (
        <span className="tabular sm:whitespace-nowrap">
          {formatMoney(s.rate)} <span className="text-xs text-muted">{s.rate_basis === 'monthly' ? '/ month' : '/ night'}</span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (s) => <StayStatusBadge status={s.status} /> },
    {
      id: 'due',
      header: 'Due',
      align: 'right',
      mobile: 'amount',
      cell: (s) => (
        <span className={Number(s.due) > 0 ? 'font-semibold tabular text-danger-text' : 'tabular text-muted'}>{formatMoney(s.due)}</span>
      ),
    },
    { id: 'centre', header: 'Center', mobile: false, defaultHidden: true, cell: (s) => s.centre_name },
    { id: 'basis', header: 'Basis', mobile: false, defaultHidden: true, cell: (s) => RATE_BASIS_LABELS[s.rate_basis] },
    {
      id: 'open',
      header: 'Actions',
      alwaysVisible: true,
      mobile: 'actions',
      cell: (s) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Open stay of ${s.client_name}`}
          onClick={() => navigate(ACCOMMODATION_PATHS.stay(s.id))}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Booking"
        description="Every stay: reserved, in house, gone or cancelled. Open one to check in, check out (an early check-out bills the nights stayed), change room, cancel or collect what is due."
        actions={
          <Button onClick={() => setReserving({ check_in: todayIso(), client: client ? Number(client) : undefined })}>
            <Plus size={16} aria-hidden /> New Stay
          </Button>
        }
      />
      <DataTable
        title="Stays"
        queryKey={accommodationKeys.stays}
        fetchPage={fetchStays}
        exportPath={staysExport}
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search resident, phone or room"
        scope={{ client: client || undefined, arriving: arriving || undefined, departing: departing || undefined }}
        filters={{
          status: status || undefined,
          rate_basis: basis || undefined,
          centre: centre || undefined,
          room_type: type || undefined,
          has_due: due || undefined,
          date_after: from || undefined,
          date_before: to || undefined,
        }}
        filterControls={
          <>
            <FilterSelect label="Status" value={status} onChange={setStatus} options={STAY_STATUS_OPTIONS} />
            <FilterSelect label="Basis" value={basis} onChange={setBasis} options={RATE_BASIS_OPTIONS} />
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Room type" value={type} onChange={setType} options={optionsOf(types.data)} />
            <FilterSelect label="Due" value={due} onChange={setDue} options={YES} allLabel="Any" />
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
          </>
        }
        onClearFilters={() => {
          setStatus('');
          setBasis('');
          setCentre('');
          setType('');
          setDue('');
          setFrom('');
          setTo('');
        }}
        empty={{
          icon: BedDouble,
          title: 'No stays yet',
          description: 'Reserve a bed from the occupancy board, or with New Stay.',
        }}
      />
      <ReserveDialog prefill={reserving} onClose={() => setReserving(null)} onReserved={(s) => navigate(ACCOMMODATION_PATHS.stay(s.id))} />
    </div>
  );
}

import { roomInputSchema, roomTypeInputSchema, type RoomStatus, type RoomType } from '@arena/contracts/accommodation';
import { z } from '@arena/contracts/kit';
import { BedDouble, DoorOpen } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { CentreFilter } from '../../components/CentreFilter';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, DateField, MoneyField, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatMoney } from '../../lib/format';
import { requestSchema, type FormInput } from '../../lib/form';
import { useCentres } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { todayIso } from './dates';
import { accommodationKeys, rooms, roomTypes, useRoomTypeOptions, type Room } from './api';
import { GST_RATE_OPTIONS as GST_OPTIONS } from '../money/public';
import { ROOM_STATUS_OPTIONS, RoomStatusBadge } from './parts';

const ACCOMMODATION_SAC = '996311';

const roomTypeFields = z.object({
  name: z.string(),
  beds_per_room: z.union([z.number(), z.nan()]),
  rate_per_night: z.string(),
  rate_per_month: z.string(),
  deposit: z.string(),
  amenities: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  gst_rate: z.string(),
  gst_from: z.string(),
  /** The rate periods already on record (JSON), kept before the new one. */
  gst_history: z.string(),
});

/** The room-type request from the form: amenities as comma-separated text, the GST rate with the day it applies from. */
const roomTypeFormSchema = requestSchema(roomTypeFields, roomTypeInputSchema, (v, issue) => {
  if (!v.gst_from) issue('gst_from', 'Enter the day the rate applies from.');
  const history = JSON.parse(v.gst_history || '[]') as { rate: number; from: string }[];
  const kept = history.filter((p) => p.from < v.gst_from);
  return {
    name: v.name,
    beds_per_room: v.beds_per_room,
    rate_per_night: v.rate_per_night.trim(),
    rate_per_month: v.rate_per_month.trim(),
    deposit: v.deposit.trim() || '0.00',
    amenities: v.amenities
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    description: v.description,
    is_active: v.is_active,
    gst_rates: [...kept, { rate: Number(v.gst_rate), from: v.gst_from }],
    sac_code: ACCOMMODATION_SAC,
  };
});

const roomTypeDefaults = (t: RoomType | null): FormInput<typeof roomTypeFormSchema> =>
  t
    ? {
        name: t.name,
        beds_per_room: t.beds_per_room,
        rate_per_night: t.rate_per_night,
        rate_per_month: t.rate_per_month,
        deposit: t.deposit,
        amenities: t.amenities.join(', '),
        description: t.description,
        is_active: t.is_active,
        gst_rate: String(t.gst_rate),
        gst_from: [...t.gst_rates].sort((a, b) => a.from.localeCompare(b.from)).at(-1)?.from ?? todayIso(),
        gst_history: JSON.stringify(t.gst_rates),
      }
    : {
        name: '',
        beds_per_room: 2,
        rate_per_night: '',
        rate_per_month: '',
        deposit: '0.00',
        amenities: '',
        description: '',
        is_active: true,
        gst_rate: '12',
        gst_from: todayIso(),
        gst_history: '[]',
      };

/** Accommodation › Room Types: single, twin sharing, dormitory — beds per room, rates, deposit, GST. */
export function RoomTypesPage() {
  return (
    <LookupListPage
      resource={roomTypes}
      title="Room Types"
      description="The kinds of rooms the hostel lets: beds per room, the rate per night and per month, the deposit, amenities and the GST rate from the day it applies."
      addLabel="Add Room Type"
      tableTitle="Room types"
      columns={[
        nameColumn<RoomType>((t) => t.amenities.join(' · ') || t.description),
        { id: 'beds', header: 'Beds / room', align: 'right', mobile: 'meta', cell: (t) => formatCount(t.beds_per_room) },
        { id: 'night', header: 'Per night', align: 'right', mobile: 'meta', cell: (t) => formatMoney(t.rate_per_night) },
        { id: 'month', header: 'Per month', align: 'right', mobile: 'amount', cell: (t) => formatMoney(t.rate_per_month) },
        { id: 'deposit', header: 'Deposit', align: 'right', mobile: 'meta', cell: (t) => formatMoney(t.deposit) },
        { id: 'gst', header: 'GST', mobile: 'meta', cell: (t) => <span className="whitespace-nowrap">{t.gst_rate} %</span> },
        {
          id: 'rooms',
          header: 'Rooms',
          align: 'right',
          mobile: 'meta',
          cell: (t) => `${formatCount(t.rooms)} (${formatCount(t.beds)} beds)`,
        },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{
        icon: BedDouble,
        title: 'No room types yet',
        description: 'Add the kinds of rooms you let, such as Twin sharing or a 4-bed dorm.',
      }}
      form={{
        schema: roomTypeFormSchema,
        defaultValues: (t) => roomTypeDefaults(t),
        size: 'lg',
        fields: ({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={100} className="sm:col-span-2" />
            <NumberField control={control} name="beds_per_room" label="Beds per room" required />
            <MoneyField control={control} name="deposit" label="Deposit" />
            <MoneyField control={control} name="rate_per_night" label="Rate per night" required hint="Including GST" />
            <MoneyField control={control} name="rate_per_month" label="Rate per month" required hint="Including GST" />
            <SelectField control={control} name="gst_rate" label="GST rate" required options={GST_OPTIONS} />
            <DateField control={control} name="gst_from" label="GST rate from" required />
            <TextField
              control={control}
              name="amenities"
              label="Amenities"
              placeholder="AC, Attached bath, Study table"
              hint="Separated by commas"
              className="sm:col-span-2"
            />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when adding rooms."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a room type with no rooms can be deleted. If it is in use, deactivate it instead."
    />
  );
}

const roomFields = z.object({
  number: z.string(),
  room_type: z.string(),
  centre: z.string(),
  floor: z.string(),
  status: z.string(),
  notes: z.string(),
});
const roomFormSchema = requestSchema(roomFields, roomInputSchema, (v, issue) => {
  if (!v.room_type) issue('room_type', 'Choose a room type.');
  if (!v.centre) issue('centre', 'Choose a center.');
  return { ...v, status: v.status as RoomStatus, room_type: Number(v.room_type), centre: Number(v.centre) };
});

/** Accommodation › Rooms: each room's number, type (its beds), center, floor and status. */
export function RoomsPage() {
  const [centre, setCentre] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Room | null>(null);
  const types = useRoomTypeOptions();
  const centres = useCentres();
  const { create, update, remove } = rooms.useMutations();
  const row = editing && editing !== 'new' ? editing : null;

  const columns: Column<Room>[] = [
    {
      id: 'number',
      header: 'Room',
      sortKey: 'number',
      alwaysVisible: true,
      mobile: 'title',
      cell: (r) => (
        <div>
          <div className="font-medium">{r.number}</div>
          {r.floor && <div className="text-xs text-muted">{r.floor}</div>}
        </div>
      ),
    },
    { id: 'type', header: 'Type', mobile: 'subtitle', cell: (r) => r.room_type_name },
    { id: 'centre', header: 'Center', mobile: 'meta', cell: (r) => r.centre_name },
    {
      id: 'beds',
      header: 'Occupied today',
      align: 'right',
      mobile: 'meta',
      cell: (r) => (
        <span className="tabular">
          {formatCount(r.occupied_today)} / {formatCount(r.beds)} beds
        </span>
      ),
    },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (r) => <RoomStatusBadge status={r.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      alwaysVisible: true,
      mobile: 'actions',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" aria-label={`Edit room ${r.number}`} onClick={() => setEditing(r)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost-danger" aria-label={`Delete room ${r.number}`} onClick={() => setDeleting(r)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Rooms"
        description="Every room with its type (and so its beds, numbered from 1), center, floor and status. A room under maintenance or closed takes no new stays."
        actions={
          <Button onClick={() => setEditing('new')}>
            <DoorOpen size={16} aria-hidden /> Add Room
          </Button>
        }
      />
      <DataTable
        title="Rooms"
        queryKey={accommodationKeys.rooms}
        fetchPage={rooms.fetchPage}
        exportPath={rooms.exportFrom}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Search room number or floor"
        filters={{ centre: centre || undefined, room_type: type || undefined, status: status || undefined }}
        filterControls={
          <>
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Type" value={type} onChange={setType} options={optionsOf(types.data)} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={ROOM_STATUS_OPTIONS} />
          </>
        }
        onClearFilters={() => {
          setCentre('');
          setType('');
          setStatus('');
        }}
        empty={{ icon: DoorOpen, title: 'No rooms yet', description: 'Add the rooms of your hostel; their beds come from the room type.' }}
      />
      <FormDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        title={row ? `Edit room ${row.number}` : 'Add Room'}
        schema={roomFormSchema}
        defaultValues={
          row
            ? {
                number: row.number,
                room_type: String(row.room_type),
                centre: String(row.centre),
                floor: row.floor,
                status: row.status,
                notes: row.notes,
              }
            : { number: '', room_type: type, centre: centre, floor: '', status: 'available', notes: '' }
        }
        onSubmit={async (values) => {
          if (row) await update.mutateAsync({ id: row.id, input: values });
          else await create.mutateAsync(values);
          notify.success(row ? `Room ${values.number} saved.` : `Room ${values.number} added.`);
          setEditing(null);
        }}
        submitLabel={row ? 'Save Changes' : 'Create Room'}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="number" label="Room number" required maxLength={20} />
            <TextField control={control} name="floor" label="Floor" maxLength={40} placeholder="Ground, 1st…" />
            <SelectField
              control={control}
              name="room_type"
              label="Room type"
              required
              placeholder="Choose a type"
              options={optionsOf(types.data)}
              loading={types.isPending}
            />
            <SelectField
              control={control}
              name="centre"
              label="Center"
              required
              placeholder="Choose a center"
              options={optionsOf(centres.data)}
              loading={centres.isPending}
            />
            <SelectField control={control} name="status" label="Status" required options={ROOM_STATUS_OPTIONS} />
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} className="sm:col-span-2" />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete room ${deleting?.number ?? ''}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            notify.success(`Room ${deleting!.number} deleted.`);
            setDeleting(null);
          } catch (error) {
            notify.error(errorMessage(error));
          }
        }}
      >
        Only a room that never had a stay can be deleted; otherwise close it.
      </ConfirmDialog>
    </div>
  );
}

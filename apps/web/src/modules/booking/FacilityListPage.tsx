import { type Facility } from '@arena/contracts/booking';
import { facilityEndpoints } from '@arena/contracts/booking/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LandPlot, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ResolvedNode } from '../../lib/web-module';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { optionsOf, SelectField } from '../../components/form';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useDeleteResource } from '../../lib/resourceActions';
import { useCan } from '../../lib/useCan';
import { useFacilities, useSports } from '../../lib/lookups';
import { useSidebar } from '../../state/sidebar';
import { bookingKeys, copySlotGroups, fetchFacilities, useFacilityMutations } from './api';

const slotCount = (f: Facility) => f.slot_groups.reduce((n, g) => n + g.time_slots.length, 0);

/** "Copy slot groups": every slot group of a facility, with its slots and prices, appended to another facility. */
function CopySlotGroupsDialog({ source, onClose }: { source: Facility | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const facilities = useFacilities();
  const [target, setTarget] = useState('');
  const copy = useMutation({
    mutationFn: (to: number) => copySlotGroups(source!.id, to),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
  const close = () => {
    setTarget('');
    copy.reset();
    onClose();
  };
  const options = optionsOf(facilities.data).filter((o) => o.value !== String(source?.id));
  const targetName = options.find((o) => o.value === target)?.label ?? '';
  return (
    <Dialog
      open={!!source}
      onOpenChange={(o) => !o && close()}
      title={`Copy slot groups of ${source?.name ?? ''}`}
      description="Its slot groups, with every slot and price, are added to the chosen facility after its own groups."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={copy.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!target || copy.isPending}
            onClick={async () => {
              try {
                const out = await copy.mutateAsync(Number(target));
                notify.success(`Copied ${out.groups} slot ${out.groups === 1 ? 'group' : 'groups'} (${out.slots} slots) to ${targetName}.`);
                close();
              } catch {
                // shown in the dialog
              }
            }}
          >
            {copy.isPending ? 'Copying…' : 'Copy slot groups'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <SelectField
          label="Copy to"
          required
          placeholder="Select facility"
          value={target}
          onChange={setTarget}
          options={options}
          loading={facilities.isPending}
        />
        {copy.error && <Alert tone="error">{errorMessage(copy.error)}</Alert>}
      </div>
    </Dialog>
  );
}

/** Booking › Settings › Facility Management. */
export function FacilityListPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const centre = useSidebar((s) => s.selectedCentre);
  const sports = useSports();
  const { update, remove } = useFacilityMutations();
  const [sport, setSport] = useState('');
  const [online, setOnline] = useState('');
  const [active, setActive] = useState('');
  const deletion = useDeleteResource<Facility>(remove);
  // Facilities, slots and prices are manage-level work (issue 21): a desk user below it sees no Add or Delete.
  const canManage = useCan('Booking Management', 'manage');
  const [copying, setCopying] = useState<Facility | null>(null);

  const toggleOnline = async (f: Facility) => {
    try {
      await update.mutateAsync({ id: f.id, input: { enable_online_booking: !f.enable_online_booking } });
      notify.success(f.enable_online_booking ? `${f.name} is no longer bookable online.` : `${f.name} is now bookable online.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const columns: Column<Facility>[] = [
    {
      id: 'name',
      header: 'Facility',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (f) => (
        <div className="min-w-[150px]">
          <Link to={`/booking/settings/add-faculty?id=${f.id}`} className="font-medium text-fg hover:text-accent-text hover:underline">
            {f.name}
          </Link>
          <div className="text-xs font-normal text-muted">{f.sport_name}</div>
        </div>
      ),
    },
    { id: 'centre', header: 'Centre', mobile: 'meta', sortKey: 'centre', cell: (f) => f.centre_name },
    { id: 'sport', header: 'Sport', sortKey: 'sport', cell: (f) => f.sport_name, defaultHidden: true, mobile: false },
    {
      id: 'slots',
      header: 'Slots',
      mobile: 'meta',
      align: 'right',
      cell: (f) => `${slotCount(f)} in ${f.slot_groups.length} ${f.slot_groups.length === 1 ? 'group' : 'groups'}`,
    },
    { id: 'capacity', header: 'Capacity', mobile: 'meta', align: 'right', cell: (f) => f.capacity, defaultHidden: true },
    {
      id: 'advance',
      header: 'Book ahead',
      mobile: 'meta',
      align: 'right',
      cell: (f) => `${f.advance_booking_days} days`,
    },
    {
      id: 'online',
      header: 'Online',
      mobile: 'meta',
      cell: (f) => (
        <button
          type="button"
          role="switch"
          aria-checked={f.enable_online_booking}
          aria-label={`Online booking for ${f.name}`}
          onClick={() => void toggleOnline(f)}
          className={`relative inline-flex h-5 w-9 items-center rounded-full transition-colors ${f.enable_online_booking ? 'bg-accent' : 'bg-line-strong'}`}
        >
          <span
            className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${f.enable_online_booking ? 'translate-x-4' : 'translate-x-0.5'}`}
          />
        </button>
      ),
    },
    statusColumn(),
    { ...createdAtColumn<Facility>(), defaultHidden: true },
    rowActionsColumn<Facility>({
      onEdit: (f) => void navigate(`/booking/settings/add-faculty?id=${f.id}`),
      afterEdit: (f) =>
        f.slot_groups.length > 0 && (
          <Button size="sm" variant="ghost" aria-label={`Copy slot groups of ${f.name}`} onClick={() => setCopying(f)}>
            Copy slot groups
          </Button>
        ),
      onDelete: canManage ? deletion.askDelete : undefined,
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Settings"
        description="Facilities, their slot groups and prices. Changing a template never changes bookings already made."
        actions={
          canManage && (
            <Link to="/booking/settings/add-faculty" className={buttonClass()}>
              <Plus size={16} aria-hidden /> Add Facility
            </Link>
          )
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title="Facilities"
        queryKey={bookingKeys.facilities}
        fetchPage={fetchFacilities}
        exportPath={{ endpoint: facilityEndpoints.list }}
        columns={columns}
        rowKey={(f) => f.id}
        searchPlaceholder="Search facility"
        scope={{ centre: centre || undefined }}
        filters={{ sport: sport || undefined, enable_online_booking: online || undefined, is_active: active || undefined }}
        onClearFilters={() => {
          setSport('');
          setOnline('');
          setActive('');
        }}
        filterControls={
          <>
            <FilterSelect
              label="Sport"
              value={sport}
              onChange={setSport}
              options={(sports.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            />
            <FilterSelect
              label="Online"
              value={online}
              onChange={setOnline}
              options={[
                { value: 'true', label: 'Bookable online' },
                { value: 'false', label: 'Desk only' },
              ]}
            />
            <FilterSelect
              label="Status"
              value={active}
              onChange={setActive}
              options={[
                { value: 'true', label: 'Active' },
                { value: 'false', label: 'Inactive' },
              ]}
            />
          </>
        }
        empty={{
          icon: LandPlot,
          title: 'No facilities yet',
          description: 'Add a court, turf or pool with its time slots to start taking bookings.',
          action: canManage && (
            <Link to="/booking/settings/add-faculty" className={buttonClass()}>
              <Plus size={16} aria-hidden /> Add Facility
            </Link>
          ),
        }}
      />
      <CopySlotGroupsDialog source={copying} onClose={() => setCopying(null)} />
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'facility'}?`}>
        Its slot templates go with it. A facility that already has bookings cannot be deleted; make it inactive instead.
      </ConfirmDialog>
    </div>
  );
}

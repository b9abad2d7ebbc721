import { serviceInputSchema, z } from '@arena/contracts';
import { HandHeart, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, rowActionsColumn, statusColumn } from '../../../components/columns';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterSelect } from '../../../components/FilterSelect';
import { CheckboxField, MoneyField, NumberField, SelectField, TextareaField, TextField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { PageHeader } from '../../../components/PageHeader';
import { formatCount, formatMoney } from '../../../lib/format';
import { requestSchema, type FormInput } from '../../../lib/form';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../../../lib/resourceActions';
import { fetchServices, membershipKeys, useServiceMutations, type Service } from './api';
import { FITNESS_SAC, GST_OPTIONS, gstText } from './parts';

const count = z.union([z.number(), z.nan()]);
const serviceFields = z.object({
  name: z.string(),
  description: z.string(),
  price: z.string(),
  duration_days: count,
  sessions: count,
  gst_rate: z.string(),
  sac_code: z.string(),
  is_active: z.boolean(),
});

/** The service request of the contracts, from the form: no session limit is an empty field. */
const serviceFormSchema = requestSchema(serviceFields, serviceInputSchema, (v, issue) => {
  if (!Number.isFinite(v.duration_days)) issue('duration_days', 'Enter how many days it lasts.');
  if (!v.price.trim()) issue('price', 'Enter the price.');
  return { ...v, price: v.price.trim(), sessions: Number.isFinite(v.sessions) ? v.sessions : null };
});

const serviceDefaults = (s: Service | null): FormInput<typeof serviceFormSchema> =>
  s
    ? {
        name: s.name,
        description: s.description,
        price: s.price,
        duration_days: s.duration_days,
        sessions: s.sessions ?? Number.NaN,
        gst_rate: String(s.gst_rate),
        sac_code: s.sac_code,
        is_active: s.is_active,
      }
    : {
        name: '',
        description: '',
        price: '',
        duration_days: 30,
        sessions: Number.NaN,
        gst_rate: '18',
        sac_code: FITNESS_SAC,
        is_active: true,
      };

/** "30 days" / "12 sessions in 30 days". */
export const serviceLength = (s: Pick<Service, 'duration_days' | 'sessions'>) =>
  `${s.sessions ? `${s.sessions} sessions in ` : ''}${s.duration_days} ${s.duration_days === 1 ? 'day' : 'days'}`;

/** Membership › Services: what members buy besides a plan (personal training, a locker, physiotherapy …). */
export function ServicesPage() {
  const { create, update, remove } = useServiceMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<Service>();
  const deletion = useDeleteResource<Service>(remove);
  const setActive = setActiveWith(update);
  const [status, setStatus] = useState('');

  const columns: Column<Service>[] = [
    {
      id: 'name',
      header: 'Service',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (s) => (
        <div className="min-w-[150px]">
          <div className="font-medium">{s.name}</div>
          {s.description && <div className="line-clamp-1 text-xs text-muted">{s.description}</div>}
        </div>
      ),
    },
    { id: 'length', header: 'Duration', mobile: 'subtitle', cell: (s) => <span className="whitespace-nowrap">{serviceLength(s)}</span> },
    {
      id: 'price',
      header: 'Price',
      sortKey: 'price',
      align: 'right',
      cell: (s) => <span className="font-medium tabular">{formatMoney(s.price)}</span>,
    },
    { id: 'gst', header: 'GST', mobile: 'meta', cell: (s) => <span className="whitespace-nowrap">{gstText(s.gst_rate, s.sac_code)}</span> },
    {
      id: 'active_members',
      header: 'Members',
      align: 'right',
      mobile: 'meta',
      cell: (s) => <span className="tabular">{formatCount(s.active_members)}</span>,
    },
    statusColumn({ sortable: true }),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      afterEdit: (s) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${s.is_active ? 'Deactivate' : 'Activate'} ${s.name}`}
          onClick={() => void setActive(s, !s.is_active)}
        >
          {s.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Services"
        description="What members buy besides a plan: personal training, a locker, physiotherapy. Sold from a member's page, with its own invoice and dues."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Service
          </Button>
        }
      />
      <DataTable
        title="Member services"
        queryKey={membershipKeys.services}
        fetchPage={fetchServices}
        exportPath="/member-management/service/"
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search service"
        filters={{ is_active: status || undefined }}
        filterControls={<FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />}
        onClearFilters={() => setStatus('')}
        empty={{
          icon: HandHeart,
          title: 'No services yet',
          description: 'Add what you sell besides plans, such as Personal Training ₹3,000 a month or a Locker ₹300 a month.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Service
            </Button>
          ),
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Service'}
        description="Prices include GST. A new GST rate applies from today; earlier invoices keep theirs."
        schema={serviceFormSchema}
        defaultValues={serviceDefaults(editing)}
        onSubmit={saveResource(editing, { create, update })}
        submitLabel={editing ? 'Save Changes' : 'Create Service'}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={100} placeholder="e.g. Personal Training" />
            <MoneyField control={control} name="price" label="Price" required hint="GST-inclusive." />
            <NumberField control={control} name="duration_days" label="Duration" required suffix="days" />
            <NumberField control={control} name="sessions" label="Sessions" suffix="visits" hint="Leave empty when not counted." />
            <SelectField control={control} name="gst_rate" label="GST rate" required options={GST_OPTIONS} />
            <TextField control={control} name="sac_code" label="SAC code" maxLength={8} hint="999723 for fitness services." />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when selling services to members."
              className="sm:col-span-2"
            />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'service'}?`}>
        Only a service nobody has bought can be deleted. If members use it, deactivate it instead.
      </ConfirmDialog>
    </div>
  );
}

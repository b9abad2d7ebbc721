import { serviceInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { HandHeart } from 'lucide-react';
import { statusColumn } from '../../../components/columns';
import { CheckboxField, MoneyField, NumberField, SelectField, TextareaField, TextField } from '../../../components/form';
import { LookupListPage, statusFilter } from '../../../components/LookupListPage';
import { formatCount, formatMoney } from '../../../lib/format';
import { requestSchema, type FormInput } from '../../../lib/form';
import { services, type Service } from './api';
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
  return (
    <LookupListPage
      resource={services}
      title="Services"
      description="What members buy besides a plan: personal training, a locker, physiotherapy. Sold from a member's page, with its own invoice and dues."
      addLabel="Add Service"
      tableTitle="Member services"
      searchPlaceholder="Search service"
      columns={[
        {
          id: 'name',
          header: 'Service',
          sortKey: 'name',
          alwaysVisible: true,
          mobile: 'title',
          cell: (s: Service) => (
            <div className="min-w-[150px]">
              <div className="font-medium">{s.name}</div>
              {s.description && <div className="line-clamp-1 text-xs text-muted">{s.description}</div>}
            </div>
          ),
        },
        {
          id: 'length',
          header: 'Duration',
          mobile: 'subtitle',
          cell: (s) => <span className="whitespace-nowrap">{serviceLength(s)}</span>,
        },
        {
          id: 'price',
          header: 'Price',
          sortKey: 'price',
          align: 'right',
          cell: (s) => <span className="font-medium tabular">{formatMoney(s.price)}</span>,
        },
        {
          id: 'gst',
          header: 'GST',
          mobile: 'meta',
          cell: (s) => <span className="whitespace-nowrap">{gstText(s.gst_rate, s.sac_code)}</span>,
        },
        {
          id: 'active_members',
          header: 'Members',
          align: 'right',
          mobile: 'meta',
          cell: (s) => <span className="tabular">{formatCount(s.active_members)}</span>,
        },
        statusColumn({ sortable: true }),
      ]}
      filters={[statusFilter]}
      empty={{
        icon: HandHeart,
        title: 'No services yet',
        description: 'Add what you sell besides plans, such as Personal Training ₹3,000 a month or a Locker ₹300 a month.',
      }}
      form={{
        schema: serviceFormSchema,
        description: () => 'Prices include GST. A new GST rate applies from today; earlier invoices keep theirs.',
        defaultValues: serviceDefaults,
        createLabel: 'Create Service',
        fields: ({ control }) => (
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
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a service nobody has bought can be deleted. If members use it, deactivate it instead."
    />
  );
}

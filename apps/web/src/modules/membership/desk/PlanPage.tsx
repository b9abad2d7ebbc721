import { DURATION_UNITS, membershipEndDate, planInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { CalendarRange, Snowflake } from 'lucide-react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/Button';
import { statusColumn } from '../../../components/columns';
import { CheckboxField, MoneyField, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../../components/form';
import { LookupListPage, statusFilter } from '../../../components/LookupListPage';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { requestSchema, type FormControl, type FormInput } from '../../../lib/form';
import { useSports } from '../../../lib/lookups';
import { todayIso } from '../../../lib/today';
import { yearlyFreezeText } from '../members/freeze';
import { plans, type Plan } from './api';
import { FITNESS_SAC, GST_OPTIONS, gstText } from './parts';

/** A number field's value: NaN while it is empty or unreadable. */
const count = z.union([z.number(), z.nan()]);
const planFields = z.object({
  name: z.string(),
  sport: z.string(),
  description: z.string(),
  duration_value: count,
  duration_unit: z.enum(DURATION_UNITS),
  sessions: count,
  price: z.string(),
  joining_fee: z.string(),
  gst_rate: z.string(),
  sac_code: z.string(),
  freeze_max_times: count,
  freeze_max_days: count,
  max_freezes_per_year: count,
  max_freeze_days_per_year: count,
  min_freeze_days: count,
  is_active: z.boolean(),
});
type PlanForm = FormInput<typeof planFormSchema>;

/** An empty number field as the API's "no limit" (null). */
const orNull = (n: number) => (Number.isFinite(n) ? n : null);

/** The plan request of the contracts, from the form: no sport, no session limit and no yearly freeze limit are empty fields. */
export const planFormSchema = requestSchema(planFields, planInputSchema, (v, issue) => {
  if (!Number.isFinite(v.duration_value)) issue('duration_value', 'Enter how long the plan lasts.');
  if (!v.price.trim()) issue('price', 'Enter the price.');
  return {
    ...v,
    sport: v.sport || null,
    sessions: Number.isFinite(v.sessions) ? v.sessions : null,
    price: v.price.trim(),
    joining_fee: v.joining_fee.trim() || '0',
    freeze_max_times: Number.isFinite(v.freeze_max_times) ? v.freeze_max_times : 0,
    freeze_max_days: Number.isFinite(v.freeze_max_days) ? v.freeze_max_days : 0,
    max_freezes_per_year: orNull(v.max_freezes_per_year),
    max_freeze_days_per_year: orNull(v.max_freeze_days_per_year),
    // No minimum: a freeze of a day.
    min_freeze_days: Number.isFinite(v.min_freeze_days) ? v.min_freeze_days : 1,
  };
});

const UNIT_OPTIONS = [
  { value: 'month', label: 'Months' },
  { value: 'day', label: 'Days' },
];

const planDefaults = (p: Plan | null): PlanForm =>
  p
    ? {
        name: p.name,
        sport: p.sport ? String(p.sport) : '',
        description: p.description,
        duration_value: p.duration_value,
        duration_unit: p.duration_unit,
        sessions: p.sessions ?? Number.NaN,
        price: p.price,
        joining_fee: p.joining_fee,
        gst_rate: String(p.gst_rate),
        sac_code: p.sac_code,
        freeze_max_times: p.freeze_max_times,
        freeze_max_days: p.freeze_max_days,
        max_freezes_per_year: p.max_freezes_per_year ?? Number.NaN,
        max_freeze_days_per_year: p.max_freeze_days_per_year ?? Number.NaN,
        min_freeze_days: p.min_freeze_days > 1 ? p.min_freeze_days : Number.NaN,
        is_active: p.is_active,
      }
    : {
        name: '',
        sport: '',
        description: '',
        duration_value: 1,
        duration_unit: 'month',
        sessions: Number.NaN,
        price: '',
        joining_fee: '0.00',
        gst_rate: '18',
        sac_code: FITNESS_SAC,
        freeze_max_times: 0,
        freeze_max_days: 0,
        max_freezes_per_year: Number.NaN,
        max_freeze_days_per_year: Number.NaN,
        min_freeze_days: Number.NaN,
        is_active: true,
      };

/** "2 × up to 30 days" (freezes, days in all) / "No freezes". */
export function freezeText(times: number, days: number): string {
  if (times === 0 || days === 0) return 'No freezes';
  return `${times} × up to ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Membership › Plan: what members join (duration, visits, price with GST, joining fee, freeze limits). */
export function PlanPage() {
  const sports = useSports();
  return (
    <LookupListPage
      resource={plans}
      title="Plan"
      description="What members join: how long it lasts, how many visits, the GST-inclusive price, the joining fee and how often it may be frozen."
      addLabel="Add Plan"
      headerActions={
        <Link to="/membership/plan/freeze-reasons" className={buttonClass('secondary')}>
          <Snowflake size={16} aria-hidden /> Freeze reasons
        </Link>
      }
      tableTitle="Membership plans"
      searchPlaceholder="Search plan"
      columns={[
        {
          id: 'name',
          header: 'Plan',
          sortKey: 'name',
          alwaysVisible: true,
          mobile: 'title',
          cell: (p: Plan) => (
            <div className="min-w-[150px]">
              <div className="font-medium">{p.name}</div>
              <div className="text-xs text-muted">{p.sport_name || 'Any sport'}</div>
            </div>
          ),
        },
        {
          id: 'duration',
          header: 'Duration',
          mobile: 'subtitle',
          cell: (p) => <span className="whitespace-nowrap">{p.duration_label}</span>,
        },
        {
          id: 'price',
          header: 'Price',
          sortKey: 'price',
          align: 'right',
          cell: (p) => (
            <div className="whitespace-nowrap">
              <div className="font-medium tabular">{formatMoney(p.price)}</div>
              <div className="text-xs text-muted">
                incl. {p.gst_rate} % GST{Number(p.joining_fee) > 0 && ` · + ${formatMoney(p.joining_fee)} joining`}
              </div>
            </div>
          ),
        },
        {
          id: 'gst',
          header: 'GST',
          mobile: false,
          defaultHidden: true,
          cell: (p) => <span className="whitespace-nowrap">{gstText(p.gst_rate, p.sac_code)}</span>,
        },
        {
          id: 'freeze',
          header: 'Freeze limit',
          mobile: 'meta',
          cell: (p) => (
            <div className="whitespace-nowrap">
              <div>{freezeText(p.freeze_max_times, p.freeze_max_days)}</div>
              {p.freeze_max_times > 0 && p.freeze_max_days > 0 && yearlyFreezeText(p) && (
                <div className="text-xs text-muted">{yearlyFreezeText(p)}</div>
              )}
            </div>
          ),
        },
        {
          id: 'active_members',
          header: 'Members',
          align: 'right',
          mobile: 'meta',
          cell: (p) => <span className="tabular">{formatCount(p.active_members)}</span>,
        },
        statusColumn({ sortable: true }),
      ]}
      filters={[{ name: 'sport', label: 'Sport', options: optionsOf(sports.data) }, statusFilter]}
      empty={{
        icon: CalendarRange,
        title: 'No plans yet',
        description: 'Add the plans you sell, such as Monthly ₹1,500, Quarterly ₹4,000 or a 12-session personal training pack.',
      }}
      form={{
        schema: planFormSchema,
        size: 'lg',
        description: (editing) =>
          editing && editing.active_members > 0
            ? `${formatCount(editing.active_members)} running memberships keep the price and dates they were sold with; changes apply to new sales and renewals.`
            : 'Prices include GST. A new GST rate applies from today; earlier invoices keep theirs.',
        defaultValues: planDefaults,
        createLabel: 'Create Plan',
        fields: ({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={100} placeholder="e.g. Quarterly" />
            <SelectField
              control={control}
              name="sport"
              label="Sport"
              placeholder="Any sport"
              options={optionsOf(sports.data)}
              loading={sports.isPending}
            />
            <NumberField control={control} name="duration_value" label="Duration" required />
            <SelectField control={control} name="duration_unit" label="Duration unit" required options={UNIT_OPTIONS} />
            <NumberField
              control={control}
              name="sessions"
              label="Sessions"
              suffix="visits"
              hint="Leave empty for unlimited visits; a pack ends when its visits are used."
            />
            <EndDatePreview control={control} />
            <MoneyField control={control} name="price" label="Price" required hint="GST-inclusive." />
            <MoneyField control={control} name="joining_fee" label="Joining fee" hint="Charged on a member's first membership only." />
            <SelectField control={control} name="gst_rate" label="GST rate" required options={GST_OPTIONS} />
            <TextField
              control={control}
              name="sac_code"
              label="SAC code"
              maxLength={8}
              hint="999723 for fitness centres and health clubs."
            />
            <NumberField
              control={control}
              name="freeze_max_times"
              label="Freezes allowed"
              suffix="times"
              hint="0 = the plan cannot be frozen."
            />
            <NumberField
              control={control}
              name="freeze_max_days"
              label="Freeze days allowed"
              suffix="days"
              hint="In all, per membership."
            />
            <NumberField
              control={control}
              name="max_freezes_per_year"
              label="Freezes per year"
              suffix="times"
              hint="In each membership year, from the start date. Empty = no limit."
            />
            <NumberField
              control={control}
              name="max_freeze_days_per_year"
              label="Freeze days per year"
              suffix="days"
              hint="Days of the freezes that start in a membership year. Empty = no limit."
            />
            <NumberField
              control={control}
              name="min_freeze_days"
              label="Minimum freeze days"
              suffix="days"
              hint="The shortest freeze. Empty = no limit (a day)."
            />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={1000} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when adding or renewing members."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a plan nobody has joined can be deleted. If members are on it, deactivate it instead: their memberships keep it."
    />
  );
}

/** What the chosen duration means for a member joining today ("Joining today → ends 22 Dec 2026"). */
function EndDatePreview({ control }: { control: FormControl<PlanForm> }) {
  const [value, unit] = useWatch({ control, name: ['duration_value', 'duration_unit'] });
  const valid = Number.isInteger(value) && value > 0 && value <= (unit === 'month' ? 120 : 3650);
  const today = todayIso();
  return (
    <div className="self-start rounded-md bg-subtle px-3 py-2 text-sm sm:mt-7">
      {valid ? (
        <>
          <span className="text-muted">Joining today, it ends on </span>
          <span className="font-medium">{formatDate(membershipEndDate(today, value, unit))}</span>
        </>
      ) : (
        <span className="text-muted">Enter a duration to see when it ends.</span>
      )}
    </div>
  );
}

import {
  SALARY_TYPES,
  STAFF_GENDERS,
  STAFF_STATUSES,
  staffInputSchema,
  type SalaryType,
  type Staff,
  type StaffInput,
} from '@arena/contracts/staff';
import { z } from '@arena/contracts/kit';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import {
  DateField,
  Form,
  MoneyField,
  MultiSelectField,
  NumberField,
  optionsOf,
  PhoneField,
  SelectField,
  TextareaField,
  TextField,
} from '../../components/form';
import { requestSchema, useZodForm, type FormControl } from '../../lib/form';
import { useCentres } from '../../lib/lookups';
import { todayIso } from '../../lib/today';
import { useStaffCategoryOptions } from './api';

export const GENDER_LABELS: Record<(typeof STAFF_GENDERS)[number], string> = { male: 'Male', female: 'Female', other: 'Other' };
export const SALARY_TYPE_LABELS: Record<SalaryType, string> = { monthly: 'Monthly salary', hourly: 'Per hour', per_session: 'Per session' };
/** What the base pay is, by salary type ("₹25,000.00 a month"). */
export const PAY_UNIT: Record<SalaryType, string> = { monthly: 'a month', hourly: 'an hour', per_session: 'a session' };
export const STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = { active: 'Active', inactive: 'Inactive' };

const GENDER_OPTIONS = STAFF_GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
const SALARY_OPTIONS = SALARY_TYPES.map((s) => ({ value: s, label: SALARY_TYPE_LABELS[s] }));
const STATUS_OPTIONS = STAFF_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

/** The form holds text as typed (and the centres' ids); the contract's schema checks what is sent. */
const fields = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  gender: z.string(),
  date_of_birth: z.string(),
  address: z.string(),
  category: z.string(),
  centres: z.array(z.number()),
  joining_date: z.string(),
  salary_type: z.string(),
  base_pay: z.string(),
  commission_percent: z.number(),
  bank_account: z.string(),
  ifsc: z.string(),
  upi_id: z.string(),
  pan: z.string(),
  status: z.string(),
  notes: z.string(),
});
type StaffFormValues = z.infer<typeof fields>;

const staffFormSchema = requestSchema(fields, staffInputSchema, (v, issue) => {
  if (v.date_of_birth && v.date_of_birth > todayIso()) issue('date_of_birth', 'The date of birth cannot be in the future.');
  return {
    ...v,
    category: v.category ? Number(v.category) : undefined,
    date_of_birth: v.date_of_birth || null,
    joining_date: v.joining_date || undefined,
  } as z.input<typeof staffInputSchema>;
});

function valuesOf(s: Staff | null, centre: string): StaffFormValues {
  if (!s)
    return {
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      gender: '',
      date_of_birth: '',
      address: '',
      category: '',
      centres: centre ? [Number(centre)] : [],
      joining_date: todayIso(),
      salary_type: 'monthly',
      base_pay: '',
      commission_percent: 0,
      bank_account: '',
      ifsc: '',
      upi_id: '',
      pan: '',
      status: 'active',
      notes: '',
    };
  return {
    first_name: s.first_name,
    last_name: s.last_name,
    phone: s.phone,
    email: s.email,
    gender: s.gender,
    date_of_birth: s.date_of_birth ?? '',
    address: s.address,
    category: String(s.category),
    centres: s.centres,
    joining_date: s.joining_date,
    salary_type: s.salary_type,
    base_pay: s.base_pay,
    commission_percent: Number(s.commission_percent),
    bank_account: s.bank_account,
    ifsc: s.ifsc,
    upi_id: s.upi_id,
    pan: s.pan,
    status: s.status,
    notes: s.notes,
  };
}

const BASE_PAY_LABEL: Record<string, string> = { monthly: 'Monthly salary', hourly: 'Rate per hour', per_session: 'Rate per session' };

/**
 * A staff member's details, work and pay, and bank details: Add Staff (`staff` null) and a staff
 * member's Profile tab. `onSaved` gets what the server kept.
 */
export function StaffForm({
  staff,
  centre = '',
  submitLabel,
  onSubmit,
  onCancel,
}: {
  staff: Staff | null;
  /** The sidebar's centre, the new staff member's first centre. */
  centre?: string;
  submitLabel: string;
  onSubmit: (input: StaffInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useZodForm(staffFormSchema, { defaultValues: valuesOf(staff, centre) });
  const { control } = form;
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      invalidMessage="Please correct the highlighted fields."
      footer={({ submitting }) => (
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel && (
            <Button type="button" variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving…' : submitLabel}
          </Button>
        </div>
      )}
    >
      <Card className="p-5 sm:p-6">
        <h2 className="mb-4 text-sm font-semibold">Personal details</h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <TextField control={control} name="first_name" label="First name" required autoComplete="off" maxLength={60} />
          <TextField control={control} name="last_name" label="Last name" autoComplete="off" maxLength={60} />
          <SelectField control={control} name="gender" label="Gender" required placeholder="Select gender" options={GENDER_OPTIONS} />
          <PhoneField control={control} name="phone" label="Phone" required />
          <TextField
            control={control}
            name="email"
            label="E-mail"
            type="email"
            autoComplete="off"
            hint="Their login invitation goes here."
          />
          <DateField control={control} name="date_of_birth" label="Date of birth" max={todayIso()} />
          <TextareaField
            control={control}
            name="address"
            label="Address"
            rows={2}
            maxLength={500}
            className="sm:col-span-2 xl:col-span-3"
          />
        </div>
      </Card>
      <WorkFields control={control} />
      <Card className="p-5 sm:p-6">
        <h2 className="mb-1 text-sm font-semibold">Bank and tax details</h2>
        <p className="mb-4 text-xs text-muted">Used on payslips and when paying salaries. All optional.</p>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <TextField
            control={control}
            name="bank_account"
            label="Bank account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={18}
          />
          <TextField control={control} name="ifsc" label="IFSC" autoComplete="off" maxLength={11} placeholder="HDFC0001234" />
          <TextField control={control} name="upi_id" label="UPI ID" autoComplete="off" maxLength={100} placeholder="name@bank" />
          <TextField control={control} name="pan" label="PAN" autoComplete="off" maxLength={10} placeholder="ABCDE1234F" />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2 xl:col-span-4" />
        </div>
      </Card>
    </Form>
  );
}

function WorkFields({ control }: { control: FormControl<StaffFormValues> }) {
  const categories = useStaffCategoryOptions();
  const centres = useCentres();
  const salaryType = useWatch({ control, name: 'salary_type' });
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-sm font-semibold">Work and pay</h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <SelectField
          control={control}
          name="category"
          label="Category"
          required
          placeholder="Select category"
          options={optionsOf(categories.data)}
          loading={categories.isPending}
          hint={categories.data?.length === 0 ? 'Add a staff category first (Staff Management › Staff Category).' : undefined}
        />
        <DateField control={control} name="joining_date" label="Joining date" required />
        <SelectField
          control={control}
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          hint="An inactive staff member loses their login."
        />
        <MultiSelectField
          control={control}
          name="centres"
          label="Centers"
          required
          options={(centres.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          empty={centres.isPending ? 'Loading centers…' : 'No active centers.'}
          className="sm:col-span-2 xl:col-span-3"
        />
        <SelectField control={control} name="salary_type" label="Salary type" required options={SALARY_OPTIONS} />
        <MoneyField control={control} name="base_pay" label={BASE_PAY_LABEL[salaryType] ?? 'Base pay'} required />
        <NumberField
          control={control}
          name="commission_percent"
          label="Commission"
          integer={false}
          suffix="%"
          hint="Of the sales credited to them, before GST."
        />
      </div>
    </Card>
  );
}

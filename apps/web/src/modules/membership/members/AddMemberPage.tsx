import {
  BLOOD_GROUPS,
  GENDER_LABELS,
  GENDERS,
  MEMBER_SOURCE_LABELS,
  MEMBER_SOURCES,
  memberInputSchema,
  membershipEndDate,
  type Plan,
} from '@arena/contracts/membership';
import { normalisePhone, z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { BILLING_DEFAULTS, BillingFields } from '../../../components/BillingFields';
import { MessageOptOutFields, OPT_OUT_DEFAULTS } from '../../../components/MessageOptOutFields';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import {
  CheckboxField,
  DateField,
  Form,
  MoneyField,
  optionsOf,
  PaymentFields,
  PhoneField,
  SelectField,
  TextareaField,
  TextField,
} from '../../../components/form';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatMoney } from '../../../lib/format';
import { requestSchema, useZodForm, type AnyForm, type FormControl, type FormInput } from '../../../lib/form';
import { useCentres } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useDebounced } from '../../../lib/useDebounced';
import { useSidebar } from '../../../state/sidebar';
import { searchMembers, useMemberMutations, usePlans, type MemberCreated } from './api';
import { yearlyFreezeText } from './freeze';
import { memberDetailFields } from './memberForm';
import { PhotoField, photoRefusal } from '../../../components/PhotoField';
import { emptyPayment, paymentFields, paymentRequest, SaleSummaryList, usePayingFollowsTotal } from './SaleParts';
import { SoldByField, soldByRequest } from '../../../components/form';
import { PAYMENT_TOO_HIGH, saleSummary } from './sale';
import { memberPath, type MemberPageState } from './paths';
import { planOptionLabel } from './SaleParts';

/** What the form holds: the member's details as typed, and the plan sold with them. */
const addMemberFields = z.object({
  ...memberDetailFields,
  sell_plan: z.boolean(),
  membership: z.object({ plan: z.string(), start_date: z.string(), discount: z.string(), payment: paymentFields, sold_by: z.string() }),
});

/** The contracts' `POST member/` request built from the form, with the rules of the desk (a gender, a plan, amounts that add up). */
function addMemberSchema(plans: Plan[]) {
  return requestSchema(addMemberFields, memberInputSchema, (v, issue) => {
    if (!v.gender) issue('gender', 'Choose a gender.');
    if (!v.centre) issue('centre', 'Choose a center.');
    if (v.date_of_birth && v.date_of_birth > todayIso()) issue('date_of_birth', 'The date of birth cannot be in the future.');
    let membership = null;
    if (v.sell_plan) {
      const m = v.membership;
      const plan = plans.find((p) => String(p.id) === m.plan);
      if (!m.plan) issue('membership.plan', 'Choose a plan.');
      if (!m.start_date) issue('membership.start_date', 'Start date is required.');
      if (plan) {
        const summary = saleSummary({ price: plan.price, joiningFee: plan.joining_fee, discount: m.discount, paying: m.payment.amount });
        if (summary.errors.discount) issue('membership.discount', summary.errors.discount);
        if (summary.errors.paying) issue('membership.payment.amount', PAYMENT_TOO_HIGH);
      }
      membership = {
        plan: m.plan || undefined,
        start_date: m.start_date || undefined,
        discount: m.discount.trim() || '0',
        payment: paymentRequest(m.payment, issue, 'membership.payment'),
        sold_by: soldByRequest(m.sold_by),
      };
    }
    return {
      first_name: v.first_name,
      last_name: v.last_name,
      gender: v.gender || undefined,
      date_of_birth: v.date_of_birth || null,
      phone: v.phone,
      email: v.email,
      address: v.address,
      centre: v.centre || undefined,
      emergency_contact_name: v.emergency_contact_name,
      emergency_contact_phone: v.emergency_contact_phone,
      blood_group: v.blood_group,
      health_notes: v.health_notes,
      source: v.source,
      notes: v.notes,
      gstin: v.gstin,
      billing_name: v.billing_name,
      billing_address: v.billing_address,
      billing_state: v.billing_state,
      message_opt_out: v.message_opt_out,
      membership,
    } as z.input<typeof memberInputSchema>;
  });
}
type AddMemberForm = FormInput<ReturnType<typeof addMemberSchema>>;

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
const SOURCE_OPTIONS = MEMBER_SOURCES.map((s) => ({ value: s, label: MEMBER_SOURCE_LABELS[s] }));
const BLOOD_OPTIONS = BLOOD_GROUPS.map((b) => ({ value: b, label: b }));

/**
 * What another module's page may set when it shows Add Member (CRM's Convert: the enquiry's
 * details filled in, and its own save, which creates the member and links the enquiry).
 */
export interface AddMemberOptions {
  prefill?: Partial<Pick<AddMemberForm, 'first_name' | 'last_name' | 'gender' | 'phone' | 'email' | 'centre' | 'source' | 'notes'>>;
  save?: (input: z.output<typeof memberInputSchema>) => Promise<unknown>;
  title?: string;
  description?: string;
  submitLabel?: string;
  /** The menu node, when shown as the Add Member screen. */
  node?: unknown;
}

/** Membership › Add Member (also the plus menu and Alt+1): a new member, their plan and first payment, saved in one step. */
export function AddMemberPage({ prefill, save, title = 'Add Member', description, submitLabel = 'Add Member' }: AddMemberOptions = {}) {
  const navigate = useNavigate();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentres();
  const plans = usePlans(true);
  const { create } = useMemberMutations();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const planList = useMemo(() => plans.data ?? [], [plans.data]);
  const schema = useMemo(() => addMemberSchema(planList), [planList]);
  const onlyCentre = centres.data?.length === 1 ? String(centres.data[0].id) : '';
  const form = useZodForm(schema, {
    defaultValues: {
      first_name: '',
      last_name: '',
      gender: '',
      date_of_birth: '',
      phone: '',
      email: '',
      address: '',
      centre: sidebarCentre,
      emergency_contact_name: '',
      emergency_contact_phone: '',
      blood_group: '',
      health_notes: '',
      source: 'walk-in',
      notes: '',
      ...BILLING_DEFAULTS,
      ...OPT_OUT_DEFAULTS,
      sell_plan: true,
      membership: { plan: '', start_date: todayIso(), discount: '', payment: emptyPayment(), sold_by: '' },
      ...prefill,
    },
  });
  const { control } = form;
  // With one centre there is nothing to choose: it is the member's centre.
  useEffect(() => {
    if (onlyCentre && !form.getValues('centre')) form.setValue('centre', onlyCentre);
  }, [form, onlyCentre]);
  const [firstName, lastName, sellPlan] = useWatch({ control, name: ['first_name', 'last_name', 'sell_plan'] });
  const { isSubmitting } = useFormState({ control });

  const submit = async (input: z.output<typeof memberInputSchema>) => {
    if (save) return void (await save(input));
    const created: MemberCreated = await create.mutateAsync({ input, photo }).catch((error: unknown) => {
      // The photo is not a form field: its refusal goes under the photo, the rest to their fields.
      setPhotoProblem(photoRefusal(error));
      throw error;
    });
    const invoice = created.membership?.invoice ?? null;
    notify.success(
      created.membership
        ? `${created.full_name} (${created.member_code}) joined on ${created.membership.plan_name}.`
        : `${created.full_name} (${created.member_code}) was added.`,
    );
    const state: MemberPageState = { added: true, invoice };
    await navigate(memberPath(created.id), { state });
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={title}
        description={
          description ??
          'A new member, their plan and the first payment, saved in one step. The invoice is ready to print or e-mail on their page.'
        }
      />
      <Form form={form} onSubmit={submit} invalidMessage="Please correct the highlighted fields." className="space-y-0">
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-5">
            <Card className="p-5 sm:p-6">
              <h2 className="mb-4 text-sm font-semibold">Personal details</h2>
              <div className={save ? 'hidden' : 'mb-5'}>
                <PhotoField
                  name={`${firstName} ${lastName}`.trim()}
                  value={photo}
                  onChange={setPhoto}
                  error={photoProblem}
                  onError={setPhotoProblem}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                <TextField control={control} name="first_name" label="First name" required autoComplete="off" maxLength={60} />
                <TextField control={control} name="last_name" label="Last name" autoComplete="off" maxLength={60} />
                <SelectField control={control} name="gender" label="Gender" required placeholder="Select gender" options={GENDER_OPTIONS} />
                <DateField control={control} name="date_of_birth" label="Date of birth" max={todayIso()} />
                <PhoneWithDuplicate control={control} />
                <TextField control={control} name="email" label="E-mail" type="email" autoComplete="off" />
                <SelectField
                  control={control}
                  name="centre"
                  label="Center"
                  required
                  placeholder="Select center"
                  options={optionsOf(centres.data)}
                  loading={centres.isPending}
                />
                <SelectField control={control} name="source" label="Source" options={SOURCE_OPTIONS} hint="How they heard of you." />
                <TextareaField
                  control={control}
                  name="address"
                  label="Address"
                  rows={2}
                  maxLength={500}
                  className="sm:col-span-2 xl:col-span-3"
                />
                <MessageOptOutFields control={control} className="sm:col-span-2 xl:col-span-3" />
                <BillingFields control={control} className="sm:col-span-2 xl:col-span-3" />
              </div>
            </Card>

            <Card className="p-5 sm:p-6">
              <h2 className="mb-4 text-sm font-semibold">Emergency contact and health</h2>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                <TextField control={control} name="emergency_contact_name" label="Emergency contact name" maxLength={120} />
                <PhoneField control={control} name="emergency_contact_phone" label="Emergency contact phone" />
                <SelectField control={control} name="blood_group" label="Blood group" placeholder="Not known" options={BLOOD_OPTIONS} />
                <TextareaField
                  control={control}
                  name="health_notes"
                  label="Health notes"
                  rows={2}
                  maxLength={1000}
                  placeholder="Injuries, conditions, medication the trainers should know about"
                  className="sm:col-span-2 xl:col-span-3"
                />
                <TextareaField
                  control={control}
                  name="notes"
                  label="Notes"
                  rows={2}
                  maxLength={1000}
                  className="sm:col-span-2 xl:col-span-3"
                />
              </div>
            </Card>

            <Card className="p-5 sm:p-6">
              <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-sm font-semibold">Plan and payment</h2>
                <CheckboxField control={control} name="sell_plan" label="Sell a plan now" />
              </div>
              {sellPlan ? (
                <PlanFields control={control} form={form} plans={planList} loading={plans.isPending} />
              ) : (
                <p className="text-sm text-muted">The member is added without a plan (status Inactive); sell one later from their page.</p>
              )}
            </Card>
          </div>

          <aside className="space-y-3 lg:sticky lg:top-4">
            <Card className="p-5">
              <h2 className="mb-3 text-sm font-semibold">Summary</h2>
              <Summary control={control} plans={planList} />
            </Card>
            <div className="flex gap-2 lg:flex-col">
              <Button type="submit" disabled={isSubmitting} className="flex-1 lg:w-full lg:flex-none">
                <UserPlus size={16} aria-hidden /> {isSubmitting ? 'Saving…' : submitLabel}
              </Button>
              <Button
                variant="secondary"
                disabled={isSubmitting}
                onClick={() => void (window.history.length > 1 ? navigate(-1) : navigate('/members'))}
                className="flex-1 lg:w-full lg:flex-none"
              >
                Cancel
              </Button>
            </div>
          </aside>
        </div>
      </Form>
    </div>
  );
}

/** The plan, its start, the discount and the first payment; the plan's price, length, joining fee and end date under it. */
function PlanFields({
  control,
  form,
  plans,
  loading,
}: {
  control: FormControl<AddMemberForm>;
  form: AnyForm<AddMemberForm>;
  plans: Plan[];
  loading: boolean;
}) {
  const [planId, start, discount, paying] = useWatch({
    control,
    name: ['membership.plan', 'membership.start_date', 'membership.discount', 'membership.payment.amount'],
  });
  const plan = plans.find((p) => String(p.id) === planId) ?? null;
  const summary = plan ? saleSummary({ price: plan.price, joiningFee: plan.joining_fee, discount, paying }) : null;
  usePayingFollowsTotal(form, 'membership.payment.amount', summary?.total ?? '');
  const end = plan && /^\d{4}-\d{2}-\d{2}$/.test(start) ? membershipEndDate(start, plan.duration_value, plan.duration_unit) : null;

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          control={control}
          name="membership.plan"
          label="Plan"
          required
          placeholder={plans.length || loading ? 'Select plan' : 'No active plans'}
          options={plans.map((p) => ({ value: String(p.id), label: planOptionLabel(p) }))}
          loading={loading}
          className="sm:col-span-3"
          hint={!loading && plans.length === 0 ? 'Add plans under Membership › Plan first.' : undefined}
        />
        <DateField control={control} name="membership.start_date" label="Start date" required />
        <MoneyField control={control} name="membership.discount" label="Discount" />
        <div className="min-w-0 text-sm">
          <span className="mb-1.5 block font-medium">Ends on</span>
          <p className="flex h-10 items-center tabular text-fg">{end ? formatDate(end) : <span className="text-muted">—</span>}</p>
        </div>
      </div>
      {plan && (
        <p className="rounded-md border border-line bg-subtle/60 px-3 py-2 text-sm text-muted">
          <span className="font-medium text-fg">{plan.name}</span> · {plan.duration_label} · {formatMoney(plan.price)}
          {plan.gst_rate ? ` incl. ${plan.gst_rate} % GST` : ''}
          {Number(plan.joining_fee) > 0 && ` · joining fee ${formatMoney(plan.joining_fee)}`}
          {plan.freeze_max_times > 0 && ` · up to ${plan.freeze_max_times} freezes, ${plan.freeze_max_days} days`}
          {plan.freeze_max_times > 0 && plan.freeze_max_days > 0 && yearlyFreezeText(plan) && ` (${yearlyFreezeText(plan)})`}
        </p>
      )}
      <PaymentFields
        amountLabel="Paying now"
        control={control}
        prefix="membership.payment"
        amountHint="Leave 0 to pay later; the rest stays due."
      />
      <SoldByField control={control} name="membership.sold_by" className="sm:max-w-xs" />
    </div>
  );
}

/** The live summary of the sale (or a note when no plan is sold). */
function Summary({ control, plans }: { control: FormControl<AddMemberForm>; plans: Plan[] }) {
  const [sellPlan, planId, start, discount, paying] = useWatch({
    control,
    name: ['sell_plan', 'membership.plan', 'membership.start_date', 'membership.discount', 'membership.payment.amount'],
  });
  const plan = plans.find((p) => String(p.id) === planId) ?? null;
  if (!sellPlan) return <p className="text-sm text-muted">No plan is sold now.</p>;
  if (!plan) return <p className="text-sm text-muted">Choose a plan to see the total.</p>;
  const summary = saleSummary({ price: plan.price, joiningFee: plan.joining_fee, discount, paying });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(start);
  return (
    <div className="space-y-3">
      <div className="text-sm">
        <p className="font-medium">{plan.name}</p>
        {valid && (
          <p className="text-muted tabular">
            {formatDate(start)} – {formatDate(membershipEndDate(start, plan.duration_value, plan.duration_unit))}
          </p>
        )}
      </div>
      <SaleSummaryList summary={summary} />
    </div>
  );
}

/**
 * The phone, and the member who already has it: looked up as it is typed (a warning with a link
 * before saving), and again when the server refuses it (its message on the field, the link under it).
 */
function PhoneWithDuplicate({ control }: { control: FormControl<AddMemberForm> }) {
  const phone = normalisePhone(useWatch({ control, name: 'phone' }));
  const { errors } = useFormState({ control, name: 'phone' });
  const typed = useDebounced(phone, 400);
  const complete = /^\d{10}$/.test(typed);
  const owner = useQuery({
    queryKey: ['membership', 'member', 'phone-owner', typed],
    queryFn: () => searchMembers(typed, 5),
    enabled: complete,
    staleTime: 30_000,
    select: (rows) => rows.find((m) => normalisePhone(m.phone) === typed) ?? null,
  });
  const existing = complete && phone === typed ? owner.data : null;
  const serverError = errors.phone?.type === 'server';
  return (
    <div className="min-w-0">
      <PhoneField control={control} name="phone" label="Phone" required />
      {existing && (
        <p className={serverError ? 'mt-1 text-xs' : 'mt-1.5 text-xs text-warning-text'} role={serverError ? undefined : 'status'}>
          {!serverError && 'Already a member: '}
          <Link to={memberPath(existing.id)} className="font-medium text-accent-text underline-offset-2 hover:underline">
            {serverError ? 'Open ' : ''}
            {existing.full_name} ({existing.member_code})
          </Link>
        </p>
      )}
    </div>
  );
}

import { membershipEndDate, renewalStart, renewInputSchema, type Plan } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { DialogForm } from '../../../components/FormDialog';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { requestSchema, useZodForm, type AnyForm, type FormControl, type FormInput } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useMembershipMutations, useMemberships, usePlans, type Membership } from './api';
import { emptyPayment, paymentFields, paymentRequest, planOptionLabel, SaleFields, usePayingFollowsTotal } from './SaleParts';
import { PAYMENT_TOO_HIGH, renewable, saleSummary } from './sale';
import { SoldByField, soldByRequest } from '../../../components/form';

/**
 * Renew a member's membership: the latest one that is not cancelled or renewed already (the same
 * plan or another, from the day after it ends, or today when it has lapsed), or — for a member
 * with none — sell a plan. The price, discount, total and payment as on Add Member.
 */
export function RenewDialog({
  member,
  memberName,
  open,
  onOpenChange,
}: {
  member: number;
  memberName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Renew ${memberName}`} size="lg">
      {open && <RenewBody member={member} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function RenewBody({ member, onDone }: { member: number; onDone: () => void }) {
  const memberships = useMemberships(member);
  const plans = usePlans(true);
  if (memberships.isPending || plans.isPending) return <Skeleton className="h-64 w-full" />;
  if (memberships.isError || plans.isError) return <Alert tone="error">{errorMessage(memberships.error ?? plans.error)}</Alert>;
  return <RenewForm member={member} memberships={memberships.data} plans={plans.data} onDone={onDone} />;
}

const renewFields = z.object({
  plan: z.string(),
  start_date: z.string(),
  discount: z.string(),
  payment: paymentFields,
  sold_by: z.string(),
});
type RenewForm = z.infer<typeof renewFields>;

/** The contracts' renewal request (also what a first sale sends, with the member added). */
function renewSchema(plans: Plan[], firstMembership: boolean) {
  return requestSchema(renewFields, renewInputSchema, (v, issue) => {
    const plan = plans.find((p) => String(p.id) === v.plan);
    if (!plan) issue('plan', 'Choose a plan.');
    if (!v.start_date) issue('start_date', 'Start date is required.');
    if (plan) {
      const s = saleSummary({
        price: plan.price,
        joiningFee: plan.joining_fee,
        firstMembership,
        discount: v.discount,
        paying: v.payment.amount,
      });
      if (s.errors.discount) issue('discount', s.errors.discount);
      if (s.errors.paying) issue('payment.amount', PAYMENT_TOO_HIGH);
    }
    return {
      plan: v.plan || undefined,
      start_date: v.start_date || undefined,
      discount: v.discount.trim() || '0',
      payment: paymentRequest(v.payment, issue, 'payment'),
      sold_by: soldByRequest(v.sold_by),
    } as z.input<typeof renewInputSchema>;
  });
}

function RenewForm({
  member,
  memberships,
  plans,
  onDone,
}: {
  member: number;
  memberships: Membership[];
  plans: Plan[];
  onDone: () => void;
}) {
  const { renew, create } = useMembershipMutations();
  const old = renewable(memberships);
  const first = memberships.length === 0;
  const schema = useMemo(() => renewSchema(plans, first), [plans, first]);
  const today = todayIso();
  const samePlan = old && plans.some((p) => p.id === old.plan) ? String(old.plan) : '';
  const form = useZodForm(schema, {
    defaultValues: {
      plan: samePlan,
      start_date: old ? renewalStart(old.end_date, today) : today,
      discount: '',
      payment: emptyPayment(),
      sold_by: '',
    },
  });
  const { control } = form;

  return (
    <DialogForm
      form={form}
      submitLabel={old ? 'Renew' : 'Sell plan'}
      pendingLabel="Saving…"
      onCancel={onDone}
      onSubmit={async (input) => {
        const sold = old
          ? await renew.mutateAsync({ id: old.id, input })
          : await create.mutateAsync({ ...input, plan: input.plan!, member });
        notify.success(
          `${sold.plan_name} from ${formatDate(sold.start_date)} to ${formatDate(sold.end_date)}${sold.invoice ? ` · invoice ${sold.invoice.number}` : ''}.`,
        );
        onDone();
      }}
    >
      {old ? (
        <p className="text-sm text-muted">
          Renews <span className="font-medium text-fg">{old.plan_name}</span>, which {old.end_date < today ? 'ended' : 'ends'} on{' '}
          <span className="font-medium text-fg tabular">{formatDate(old.end_date)}</span>. Pick another plan to upgrade or change.
        </p>
      ) : (
        <p className="text-sm text-muted">The member has no membership to renew: this sells a new one.</p>
      )}
      <RenewFields control={control} form={form} plans={plans} first={first} />
      <SoldByField control={control} name="sold_by" className="sm:max-w-xs" />
    </DialogForm>
  );
}

function RenewFields({
  control,
  form,
  plans,
  first,
}: {
  control: FormControl<FormInput<ReturnType<typeof renewSchema>>>;
  form: AnyForm<RenewForm>;
  plans: Plan[];
  first: boolean;
}) {
  const [planId, start, discount, paying] = useWatch({ control, name: ['plan', 'start_date', 'discount', 'payment.amount'] });
  const plan = plans.find((p) => String(p.id) === planId) ?? null;
  const summary = plan ? saleSummary({ price: plan.price, joiningFee: plan.joining_fee, firstMembership: first, discount, paying }) : null;
  usePayingFollowsTotal(form, 'payment.amount', summary?.total ?? '');
  const end = plan && /^\d{4}-\d{2}-\d{2}$/.test(start) ? membershipEndDate(start, plan.duration_value, plan.duration_unit) : null;
  return (
    <SaleFields
      control={control}
      offer={{
        name: 'plan',
        label: 'Plan',
        placeholder: 'Select plan',
        options: plans.map((p) => ({ value: String(p.id), label: planOptionLabel(p) })),
      }}
      end={end}
      summary={summary}
      note={
        plan &&
        !first &&
        Number(plan.joining_fee) > 0 && (
          <p className="mt-1 text-xs text-muted">No joining fee ({formatMoney(plan.joining_fee)}) on a renewal.</p>
        )
      }
    />
  );
}

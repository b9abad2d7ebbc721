import { freezeDays, freezeInputSchema, shiftDays } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { DateField, TextareaField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { formatDate } from '../../../lib/format';
import { requestSchema, type FormControl } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useMembershipMutations, usePlans, type Membership } from './api';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

const freezeFormSchema = requestSchema(
  z.object({ from_date: z.string(), to_date: z.string(), reason: z.string() }),
  freezeInputSchema,
  (v, issue) => {
    if (!v.from_date) issue('from_date', 'Choose the first day of the freeze.');
    if (!v.to_date) issue('to_date', 'Choose the last day of the freeze.');
    return { from_date: v.from_date, to_date: v.to_date, reason: v.reason };
  },
);

/** "2 of 3 freezes and 12 of 30 days used", from the plan's limits and the membership's freezes. */
export function freezeAllowance(
  m: Pick<Membership, 'freezes' | 'frozen_days'>,
  plan: { freeze_max_times: number; freeze_max_days: number } | undefined,
) {
  if (!plan) return null;
  if (plan.freeze_max_times === 0 || plan.freeze_max_days === 0) return 'This plan does not allow freezes.';
  const times = m.freezes.length;
  return `Used ${times} of ${plan.freeze_max_times} ${plan.freeze_max_times === 1 ? 'freeze' : 'freezes'} and ${m.frozen_days} of ${plan.freeze_max_days} days.`;
}

/** Freeze a membership from one day to another: its end moves out by the frozen days; the server refuses what the plan does not allow. */
export function FreezeDialog({ membership, onClose }: { membership: Membership | null; onClose: () => void }) {
  const { freeze } = useMembershipMutations();
  const plans = usePlans(false);
  const plan = plans.data?.find((p) => p.id === membership?.plan);
  const today = todayIso();
  const from = membership && membership.start_date > today ? membership.start_date : today;
  return (
    <FormDialog
      open={!!membership}
      onOpenChange={(o) => !o && onClose()}
      title={membership ? `Freeze ${membership.plan_name}` : 'Freeze membership'}
      description={membership ? `${membership.member_name} · ends ${formatDate(membership.end_date)}` : undefined}
      schema={freezeFormSchema}
      defaultValues={{ from_date: from, to_date: '', reason: '' }}
      submitLabel="Freeze"
      onSubmit={async (input) => {
        if (!membership) return;
        const frozen = await freeze.mutateAsync({ id: membership.id, input });
        notify.success(
          `Frozen from ${formatDate(input.from_date)} to ${formatDate(input.to_date)}; it now ends on ${formatDate(frozen.end_date)}.`,
        );
      }}
    >
      {({ control }) => (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField control={control} name="from_date" label="From" required min={from} />
            <DateField control={control} name="to_date" label="To" required min={from} />
            <TextareaField
              control={control}
              name="reason"
              label="Reason"
              rows={2}
              maxLength={500}
              placeholder="Travel, injury, exams…"
              className="sm:col-span-2"
            />
          </div>
          {membership && <FreezePreview control={control} end={membership.end_date} allowance={freezeAllowance(membership, plan)} />}
        </div>
      )}
    </FormDialog>
  );
}

function FreezePreview({
  control,
  end,
  allowance,
}: {
  control: FormControl<{ from_date: string; to_date: string; reason: string }>;
  end: string;
  allowance: string | null;
}) {
  const [from, to] = useWatch({ control, name: ['from_date', 'to_date'] });
  const days = ISO.test(from ?? '') && ISO.test(to ?? '') && to >= from ? freezeDays(from, to) : 0;
  return (
    <Alert tone="info">
      {days > 0 ? (
        <>
          {days} {days === 1 ? 'day' : 'days'} frozen: the membership will end on{' '}
          <span className="font-semibold">{formatDate(shiftDays(end, days))}</span> instead of {formatDate(end)}.
        </>
      ) : (
        <>Pick the days of the freeze; the end date moves out by as many days.</>
      )}
      {allowance && <span className="mt-1 block text-xs opacity-90">{allowance}</span>}
    </Alert>
  );
}

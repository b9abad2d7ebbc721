import { freezeDays, freezeInputSchema, freezeYear, shiftDays } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { DateField, TextareaField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { formatDate } from '../../../lib/format';
import { requestSchema, type FormControl } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useMembershipMutations, type Membership } from './api';
import { freezeAllowance, freezeProblems, plural, yearAllowance } from './freeze';

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

/** Freeze a membership from one day to another: its end moves out by the frozen days; the server refuses what the plan does not allow. */
export function FreezeDialog({ membership, onClose }: { membership: Membership | null; onClose: () => void }) {
  const { freeze } = useMembershipMutations();
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
          {membership && <FreezePreview control={control} membership={membership} today={today} />}
        </div>
      )}
    </FormDialog>
  );
}

function FreezePreview({
  control,
  membership: m,
  today,
}: {
  control: FormControl<{ from_date: string; to_date: string; reason: string }>;
  membership: Membership;
  today: string;
}) {
  const [from, to] = useWatch({ control, name: ['from_date', 'to_date'] });
  const end = m.end_date;
  const days = ISO.test(from ?? '') && ISO.test(to ?? '') && to >= from ? freezeDays(from, to) : 0;
  const l = m.freeze_limits;
  // The membership year of the chosen first day (this year's until one is chosen).
  const year = ISO.test(from ?? '') ? freezeYear(m.start_date, m.freezes, from) : m.freeze_year;
  const current = year.from === m.freeze_year.from;
  const problems = days > 0 ? freezeProblems(m, from, days) : [];
  const frozenOut = l.max_times === 0 || l.max_days === 0;
  const perYear = frozenOut ? null : yearAllowance(m, year, current);
  return (
    <div className="space-y-3">
      <Alert tone={problems.length ? 'warning' : 'info'}>
        {days > 0 ? (
          <>
            {days} {days === 1 ? 'day' : 'days'} frozen: the membership will end on{' '}
            <span className="font-semibold">{formatDate(shiftDays(end, days))}</span> instead of {formatDate(end)}.
          </>
        ) : (
          <>Pick the days of the freeze; the end date moves out by as many days.</>
        )}
        {problems.map((p) => (
          <span key={p} className="mt-1 block font-medium">
            {p}
          </span>
        ))}
      </Alert>
      <div className="rounded-md bg-subtle px-3 py-2 text-sm" aria-label="Freeze limits of the plan">
        <p className="font-medium">Freeze limits</p>
        <ul className="mt-1 space-y-0.5 text-muted">
          <li>{freezeAllowance(m)}</li>
          {perYear && <li>{perYear}</li>}
          {!frozenOut && l.min_freeze_days > 1 && <li>A freeze lasts at least {plural(l.min_freeze_days, 'day')}.</li>}
          {!frozenOut && !perYear && <li>No yearly limit.</li>}
        </ul>
        {today < m.start_date && <p className="mt-1 text-xs text-muted">Membership years count from {formatDate(m.start_date)}.</p>}
      </div>
    </div>
  );
}

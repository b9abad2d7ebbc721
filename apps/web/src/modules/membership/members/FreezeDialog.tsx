import { freezeDays, freezeInputSchema, freezeUpdateSchema, freezeYear, shiftDays, type Freeze } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Link } from 'react-router';
import { DateField, SelectField, TextareaField } from '../../../components/form';
import { FormDialog } from '../../../components/FormDialog';
import { formatDate } from '../../../lib/format';
import { requestSchema, type FormControl } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useFreezeReasonOptions, useMembershipMutations, type Membership } from './api';
import { freezeAllowance, freezeProblems, plural, yearAllowance } from './freeze';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

const freezeFields = z.object({ from_date: z.string(), to_date: z.string(), reason: z.string() });
type FreezeFields = z.infer<typeof freezeFields>;

const freezeFormSchema = requestSchema(freezeFields, freezeInputSchema, (v, issue) => {
  if (!v.from_date) issue('from_date', 'Choose the first day of the freeze.');
  if (!v.to_date) issue('to_date', 'Choose the last day of the freeze.');
  return { from_date: v.from_date, to_date: v.to_date, reason: v.reason };
});

/** A change sends what changed of the freeze (a running one never sends its first day). */
const changeSchema = (f: Freeze) =>
  requestSchema(freezeFields, freezeUpdateSchema, (v, issue) => {
    if (!v.to_date) issue('to_date', 'Choose the last day of the freeze.');
    return {
      from_date: v.from_date && v.from_date !== f.from_date ? v.from_date : undefined,
      to_date: v.to_date !== f.to_date ? v.to_date : undefined,
      reason: v.reason !== f.reason ? v.reason : undefined,
    };
  });

/**
 * The reason of a freeze: one of the owner's freeze reasons when the organisation keeps a list
 * (a freeze made before keeps its own words as a choice), else any words.
 */
function ReasonField({ control, current }: { control: FormControl<FreezeFields>; current?: string }) {
  const reasons = useFreezeReasonOptions();
  const manage = (
    <Link to="/membership/plan/freeze-reasons" className="text-accent-text hover:underline">
      Manage the list of reasons
    </Link>
  );
  if (reasons.data && reasons.data.length > 0) {
    const options = reasons.data.map((r) => ({ value: r.name, label: r.name }));
    if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current });
    return (
      <SelectField
        control={control}
        name="reason"
        label="Reason"
        required
        options={options}
        placeholder="Choose a reason"
        hint={manage}
        className="sm:col-span-2"
      />
    );
  }
  return (
    <TextareaField
      control={control}
      name="reason"
      label="Reason"
      rows={2}
      maxLength={500}
      placeholder="Travel, injury, exams…"
      hint={reasons.isPending ? undefined : manage}
      className="sm:col-span-2"
    />
  );
}

/** The membership as it would be without one of its freezes: what a changed freeze is counted against. */
function without(m: Membership, f: Freeze): Membership {
  return {
    ...m,
    freezes: m.freezes.filter((x) => x.id !== f.id),
    frozen_days: m.frozen_days - f.days,
    end_date: shiftDays(m.end_date, -f.days),
  };
}

/**
 * Freeze a membership from one day to another, or change a freeze (`editing`): a scheduled one's
 * days, a running one's last day (earlier ends it early), any one's reason. The end moves by the
 * frozen days; the server refuses what the plan does not allow.
 */
export function FreezeDialog({
  membership,
  editing,
  onClose,
}: {
  membership: Membership | null;
  editing?: Freeze | null;
  onClose: () => void;
}) {
  const { freeze, updateFreeze } = useMembershipMutations();
  const today = todayIso();
  const from = membership && membership.start_date > today ? membership.start_date : today;
  if (editing && membership) {
    const running = editing.from_date <= today;
    const base = without(membership, editing);
    return (
      <FormDialog
        open
        onOpenChange={(o) => !o && onClose()}
        title={`Change the freeze of ${membership.plan_name}`}
        description={`${membership.member_name} · ${running ? 'frozen since' : 'from'} ${formatDate(editing.from_date)}`}
        schema={changeSchema(editing)}
        defaultValues={{ from_date: editing.from_date, to_date: editing.to_date, reason: editing.reason }}
        submitLabel="Save Changes"
        onSubmit={async (input) => {
          const changed = await updateFreeze.mutateAsync({ id: membership.id, freeze: editing.id, input });
          notify.success(`Freeze changed; the membership now ends on ${formatDate(changed.end_date)}.`);
        }}
      >
        {({ control }) => (
          <div className="space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <DateField
                control={control}
                name="from_date"
                label="From"
                required
                disabled={running}
                hint={running ? 'It has started: its first day stays.' : undefined}
                min={from}
              />
              <DateField
                control={control}
                name="to_date"
                label="To"
                required
                min={running ? shiftDays(today, -1) : from}
                hint={running ? 'Yesterday at the earliest: the member is back today.' : undefined}
              />
              <ReasonField control={control} current={editing.reason} />
            </div>
            <FreezePreview control={control} membership={base} today={today} />
          </div>
        )}
      </FormDialog>
    );
  }
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
            <ReasonField control={control} />
          </div>
          {membership && <FreezePreview control={control} membership={membership} today={today} />}
        </div>
      )}
    </FormDialog>
  );
}

function FreezePreview({ control, membership: m, today }: { control: FormControl<FreezeFields>; membership: Membership; today: string }) {
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

import { z } from '@arena/contracts/kit';
import { assignManyInputSchema } from '@arena/contracts/training-workout';
import { clsx } from 'clsx';
import { CheckCircle2, X } from 'lucide-react';
import { useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField, Form, SelectField, TextareaField } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { requestSchema, useZodForm } from '../../lib/form';
import { capitalise, countOf, formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import type { ResolvedNode } from '../../lib/web-module';
import { MemberPicker, type PickedMember } from '../membership/public';
import {
  TRAINING_PATHS,
  useActiveCopies,
  useAssignMutations,
  useBatchMembers,
  useBatchOptions,
  useMembershipPlanOptions,
  usePlanOptions,
  type MemberPlanListItem,
} from './api';

const MODES = [
  { value: 'batch', label: 'A batch' },
  { value: 'plan_filter', label: 'A membership plan' },
  { value: 'members', label: 'Chosen members' },
] as const;
type Mode = (typeof MODES)[number]['value'];

const assignFormSchema = requestSchema(
  z.object({
    plan: z.string(),
    mode: z.enum(['batch', 'plan_filter', 'members']),
    batch: z.string(),
    plan_filter: z.string(),
    members: z.array(z.number()),
    start_date: z.string(),
    end_date: z.string(),
    notes: z.string(),
  }),
  assignManyInputSchema,
  (v, issue) => {
    if (!v.plan) issue('plan', 'Choose a workout plan.');
    if (v.mode === 'batch' && !v.batch) issue('batch', 'Choose a batch.');
    if (v.mode === 'plan_filter' && !v.plan_filter) issue('plan_filter', 'Choose a membership plan.');
    if (v.mode === 'members' && v.members.length === 0) issue('members', 'Choose at least one member.');
    return {
      plan: Number(v.plan),
      ...(v.mode === 'batch' ? { batch: Number(v.batch) || undefined } : {}),
      ...(v.mode === 'plan_filter' ? { plan_filter: Number(v.plan_filter) || undefined } : {}),
      ...(v.mode === 'members' ? { members: v.members } : {}),
      start_date: v.start_date,
      end_date: v.end_date || null,
      notes: v.notes,
    };
  },
);

/**
 * Assign Training/Workout: a plan to a batch, to the members of a membership plan or to members
 * chosen by search, from a start date (and to an end date); each gets a copy of their own. Shows
 * who already has an active plan before, and what was done after.
 */
export function AssignPage({ node }: { node: ResolvedNode }) {
  const [params] = useSearchParams();
  const plans = usePlanOptions();
  const batches = useBatchOptions();
  const membershipPlans = useMembershipPlanOptions();
  const active = useActiveCopies();
  const { assignMany } = useAssignMutations();
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [result, setResult] = useState<{ assigned: number; already: number; plan: string } | null>(null);
  const form = useZodForm(assignFormSchema, {
    defaultValues: {
      plan: params.get('plan') ?? '',
      mode: 'batch',
      batch: '',
      plan_filter: '',
      members: [],
      start_date: todayIso(),
      end_date: '',
      notes: '',
    },
  });
  const { control } = form;
  const [plan, mode, batch] = useWatch({ control, name: ['plan', 'mode', 'batch'] });
  const chosenPlan = plans.data?.find((p) => String(p.id) === plan);
  const batchMembers = useBatchMembers(mode === 'batch' && batch ? Number(batch) : null);
  // Mounted, so its error shows under the picker rather than in the banner too.
  const membersError = useController({ control, name: 'members' }).fieldState.error?.message;

  const setPickedMembers = (next: PickedMember[]) => {
    setPicked(next);
    form.setValue(
      'members',
      next.map((m) => m.id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };
  const activeOf = new Map<number, MemberPlanListItem[]>();
  for (const c of active.data ?? []) activeOf.set(c.member, [...(activeOf.get(c.member) ?? []), c]);

  const preview: { id: number; name: string; code: string }[] =
    mode === 'members'
      ? picked
      : mode === 'batch' && batchMembers.data
        ? batchMembers.data
            .filter((m) => m.seat_status !== 'freed')
            .map((m) => ({ id: m.member, name: m.member_name, code: m.member_code }))
        : [];

  return (
    <div className="space-y-4">
      <PageHeader
        title="Assign Training/Workout"
        description="Give a workout plan to a batch, to the members of a membership plan, or to members you choose. Each gets a copy of their own that you can adjust later."
      />
      <MenuTabs node={node} />
      {result && (
        <Alert
          tone="success"
          action={
            <Link to={TRAINING_PATHS.assigned} className={buttonClass('secondary', 'sm')}>
              See assigned plans
            </Link>
          }
        >
          <span>
            {result.plan}: assigned to {countOf(result.assigned, 'member')}
            {result.already > 0 ? `; ${countOf(result.already, 'member')} already on it, left as is` : ''}.
          </span>
        </Alert>
      )}
      <Form
        form={form}
        onSubmit={async (body) => {
          const done = await assignMany.mutateAsync(body);
          const name = chosenPlan?.name ?? 'The plan';
          setResult({ ...done, plan: name });
          notify.success(`${name} assigned to ${countOf(done.assigned, 'member')}.`);
          setPickedMembers([]);
        }}
        footer={({ submitting }) => (
          <div className="flex justify-end">
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Assigning…' : 'Assign Plan'}
            </Button>
          </div>
        )}
      >
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Card className="space-y-4 p-4">
            <h2 className="text-sm font-semibold">Plan and dates</h2>
            <SelectField
              control={control}
              name="plan"
              label="Workout plan"
              required
              loading={plans.isPending}
              options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              placeholder="Choose a plan"
            />
            {chosenPlan && (
              <p className="text-sm text-muted">
                {capitalise(chosenPlan.level)} · {countOf(chosenPlan.days_per_week, 'day')} a week for {countOf(chosenPlan.weeks, 'week')} ·{' '}
                {countOf(chosenPlan.exercise_count, 'exercise')} · {countOf(chosenPlan.members, 'member')} on it now
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <DateField control={control} name="start_date" label="Start date" required />
              <DateField control={control} name="end_date" label="End date" hint="Optional: leave empty to run until ended." />
            </div>
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={500} />
          </Card>
          <Card className="space-y-4 p-4">
            <fieldset>
              <legend className="mb-2 text-sm font-semibold">Assign to</legend>
              <div className="flex flex-wrap gap-2">
                {MODES.map((m) => (
                  <label
                    key={m.value}
                    className={clsx(
                      'inline-flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40',
                      mode === m.value ? 'border-accent bg-accent/10 font-medium' : 'border-line-strong hover:bg-subtle',
                    )}
                  >
                    <input
                      type="radio"
                      name="assign-mode"
                      value={m.value}
                      checked={mode === m.value}
                      onChange={() => form.setValue('mode', m.value as Mode)}
                      className="accent-[var(--color-accent,currentColor)]"
                    />
                    {m.label}
                  </label>
                ))}
              </div>
            </fieldset>
            {mode === 'batch' && (
              <SelectField
                control={control}
                name="batch"
                label="Batch"
                required
                loading={batches.isPending}
                options={(batches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                placeholder="Choose a batch"
              />
            )}
            {mode === 'plan_filter' && (
              <SelectField
                control={control}
                name="plan_filter"
                label="Membership plan"
                required
                hint="Members whose running membership is of this plan."
                loading={membershipPlans.isPending}
                options={(membershipPlans.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                placeholder="Choose a membership plan"
              />
            )}
            {mode === 'members' && (
              <MemberPicker
                label="Find members"
                value={null}
                onChange={() => undefined}
                error={membersError}
                exclude={picked.map((m) => m.id)}
                action={{
                  label: 'Add',
                  run: (m) => setPickedMembers([...picked, { id: m.id, name: m.full_name, code: m.member_code }]),
                }}
              />
            )}
            <Preview
              mode={mode}
              members={preview}
              loading={mode === 'batch' && !!batch && batchMembers.isPending}
              activeOf={activeOf}
              plan={plan ? Number(plan) : null}
              onRemove={mode === 'members' ? (id) => setPickedMembers(picked.filter((m) => m.id !== id)) : undefined}
            />
          </Card>
        </div>
      </Form>
    </div>
  );
}

/** Who the assignment reaches, and which of them already have an active plan (this one or another). */
function Preview({
  mode,
  members,
  loading,
  activeOf,
  plan,
  onRemove,
}: {
  mode: Mode;
  members: { id: number; name: string; code: string }[];
  loading: boolean;
  activeOf: Map<number, MemberPlanListItem[]>;
  plan: number | null;
  onRemove?: (id: number) => void;
}) {
  if (mode === 'plan_filter')
    return (
      <p className="rounded-md bg-subtle px-3 py-2 text-sm text-muted">
        Every member whose running membership is of the chosen plan gets a copy; those who already have this workout plan are left as they
        are.
      </p>
    );
  if (loading) return <p className="text-sm text-muted">Loading the batch&apos;s members…</p>;
  if (members.length === 0)
    return (
      <p className="text-sm text-muted">
        {mode === 'batch' ? 'Choose a batch to see its members.' : 'Search for members and add them here.'}
      </p>
    );
  const withPlan = members.filter((m) => activeOf.has(m.id)).length;
  return (
    <div>
      <p className="mb-2 text-sm">
        <span className="font-medium">{countOf(members.length, 'member')}</span>
        {withPlan > 0 && <span className="text-muted"> · {withPlan} already on an active plan</span>}
      </p>
      <ul className="max-h-72 divide-y divide-line overflow-y-auto rounded-md border border-line" aria-label="Members to assign">
        {members.map((m) => {
          const plans = activeOf.get(m.id) ?? [];
          const same = plans.find((c) => c.template === plan);
          return (
            <li key={m.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{m.name}</p>
                <p className="truncate text-xs text-muted">
                  <span className="tabular">{m.code}</span>
                  {plans.length > 0 && ` · on ${plans.map((c) => `${c.name} since ${formatDate(c.start_date)}`).join(', ')}`}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                {same ? (
                  <Badge tone="info">Has this plan</Badge>
                ) : plans.length > 0 ? (
                  <Badge>Has a plan</Badge>
                ) : (
                  <span className="inline-flex items-center gap-1 text-xs text-success">
                    <CheckCircle2 size={13} aria-hidden /> No plan
                  </span>
                )}
                {onRemove && (
                  <Button size="sm" variant="ghost" aria-label={`Remove ${m.name}`} onClick={() => onRemove(m.id)}>
                    <X size={14} aria-hidden />
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

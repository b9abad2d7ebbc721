import { assignMembersInputSchema, type Assignment } from '@arena/contracts/diet';
import { z } from '@arena/contracts/kit';
import { CheckCircle2, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField, Form, optionsOf, SelectField, TextareaField } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { requestSchema, useZodForm, type AnyForm } from '../../lib/form';
import { countOf, formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { MemberPicker } from '../membership/public';
import {
  DIET_MODULE,
  DIET_PATHS,
  useAssignMutations,
  useAssignmentsOf,
  useAudience,
  useBatchOptions,
  useMembershipPlanOptions,
  usePlanOptions,
} from './api';

type Who = 'members' | 'batch' | 'plan_filter';
interface Picked {
  id: number;
  name: string;
  code: string;
}

const assignFormSchema = requestSchema(
  z.object({
    plan: z.string(),
    who: z.enum(['members', 'batch', 'plan_filter']),
    members: z.array(z.custom<Picked>()),
    batch: z.string(),
    plan_filter: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    notes: z.string(),
  }),
  assignMembersInputSchema,
  (v, issue) => {
    if (!v.plan) issue('plan', 'Choose the diet plan.');
    if (v.who === 'batch' && !v.batch) issue('batch', 'Choose a batch.');
    if (v.who === 'plan_filter' && !v.plan_filter) issue('plan_filter', 'Choose a membership plan.');
    return {
      plan: Number(v.plan),
      ...(v.who === 'members'
        ? { members: v.members.map((m) => m.id) }
        : v.who === 'batch'
          ? { batch: Number(v.batch) || undefined }
          : { plan_filter: Number(v.plan_filter) || undefined }),
      start_date: v.start_date,
      end_date: v.end_date || null,
      notes: v.notes,
    };
  },
);
type AssignForm = z.input<typeof assignFormSchema>;

const WHO: { value: Who; label: string; hint: string }[] = [
  { value: 'batch', label: 'A batch', hint: 'Everyone holding a seat in it' },
  { value: 'plan_filter', label: 'A membership plan', hint: 'Running members on that plan' },
  { value: 'members', label: 'Chosen members', hint: 'Search and pick them' },
];

/** Assign Diet: a plan to a batch, to the members of a membership plan, or to members picked one by one. */
export function AssignDietPage({ node }: { node: ResolvedNode }) {
  const [params] = useSearchParams();
  const canAssign = useCan(DIET_MODULE, 'operate');
  const plans = usePlanOptions();
  const batches = useBatchOptions();
  const membershipPlans = useMembershipPlanOptions();
  const { assignMany } = useAssignMutations();
  const [result, setResult] = useState<{ assigned: number; skipped: number; plan: string } | null>(null);
  const form = useZodForm(assignFormSchema, {
    defaultValues: {
      plan: params.get('plan') ?? '',
      who: 'batch',
      members: [],
      batch: '',
      plan_filter: '',
      start_date: todayIso(),
      end_date: '',
      notes: '',
    } satisfies AssignForm,
  });
  const who = useWatch({ control: form.control, name: 'who' });
  const planId = useWatch({ control: form.control, name: 'plan' });

  return (
    <div>
      <PageHeader
        title="Assign Diet"
        description="Give a plan to many members at once. Each gets a copy of their own, which you can adjust later without changing the plan or anyone else’s."
      />
      <MenuTabs node={node} />
      {result && (
        <Alert
          tone="success"
          action={
            <Link to={DIET_PATHS.assignments} className={buttonClass('secondary', 'sm')}>
              View assignments
            </Link>
          }
        >
          <span>
            <CheckCircle2 size={16} className="mr-1 inline" aria-hidden />
            {result.plan}: assigned to {countOf(result.assigned, 'member')}
            {result.skipped > 0 && ` · ${countOf(result.skipped, 'member')} already had it and kept their copy`}.
          </span>
        </Alert>
      )}
      {!canAssign ? (
        <Alert tone="info">You can see diets but not assign them.</Alert>
      ) : (
        <Form
          form={form}
          className="mt-4"
          onSubmit={async (input) => {
            const done = await assignMany.mutateAsync(input);
            const plan = plans.data?.find((p) => p.id === done.plan)?.name ?? 'The plan';
            setResult({ assigned: done.assigned, skipped: done.skipped, plan });
            notify.success(`${plan} was assigned to ${countOf(done.assigned, 'member')}.`);
            form.reset({ ...form.getValues(), members: [], notes: '' });
          }}
          footer={({ submitting }) => (
            <div className="flex justify-end">
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Assigning…' : 'Assign Diet'}
              </Button>
            </div>
          )}
        >
          <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <Card className="space-y-4 p-4">
              <SelectField
                control={form.control}
                name="plan"
                label="Diet plan"
                required
                placeholder="Choose a plan"
                options={optionsOf(plans.data)}
                loading={plans.isPending}
              />
              <fieldset>
                <legend className="mb-1.5 text-sm font-medium">Assign to</legend>
                <div className="grid gap-2 sm:grid-cols-3">
                  {WHO.map((w) => (
                    <label
                      key={w.value}
                      className="flex cursor-pointer items-start gap-2 rounded-md border border-line-strong p-2.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
                    >
                      <input type="radio" value={w.value} {...form.register('who')} className="mt-0.5" />
                      <span>
                        <span className="block font-medium">{w.label}</span>
                        <span className="block text-xs text-muted">{w.hint}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              {who === 'batch' && (
                <SelectField
                  control={form.control}
                  name="batch"
                  label="Batch"
                  required
                  placeholder="Choose a batch"
                  options={optionsOf(batches.data)}
                  loading={batches.isPending}
                />
              )}
              {who === 'plan_filter' && (
                <SelectField
                  control={form.control}
                  name="plan_filter"
                  label="Membership plan"
                  required
                  placeholder="Choose a membership plan"
                  options={optionsOf(membershipPlans.data)}
                  loading={membershipPlans.isPending}
                />
              )}
              {who === 'members' && <MembersField form={form as never} />}
              <div className="grid gap-4 sm:grid-cols-2">
                <DateField control={form.control} name="start_date" label="Start date" required />
                <DateField control={form.control} name="end_date" label="End date" hint="Optional: leave empty for no end." />
              </div>
              <TextareaField control={form.control} name="notes" label="Notes" rows={2} maxLength={1000} />
            </Card>
            <Preview form={form as never} planId={planId} />
          </div>
        </Form>
      )}
    </div>
  );
}

/** The members picked one by one: a search, and the chosen as removable chips. */
function MembersField({ form }: { form: AnyForm<AssignForm> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'members' });
  const chosen = (field.value ?? []) as Picked[];
  return (
    <div className="space-y-2">
      <MemberPicker
        label="Members"
        value={null}
        onChange={() => undefined}
        exclude={chosen.map((m) => m.id)}
        error={fieldState.error?.message}
        action={{
          label: 'Add',
          run: (m) => field.onChange([...chosen, { id: m.id, name: m.full_name, code: m.member_code }]),
        }}
      />
      {chosen.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen members">
          {chosen.map((m) => (
            <li key={m.id} className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-1 pl-3 pr-1 text-sm text-accent-text">
              {m.name}
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-accent/10"
                aria-label={`Remove ${m.name}`}
                onClick={() => field.onChange(chosen.filter((x) => x.id !== m.id))}
              >
                <X size={14} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Who the assignment reaches and who already has a diet: those already on this plan keep their
 * copy (skipped); those on another plan get this one as well.
 */
function Preview({ form, planId }: { form: AnyForm<AssignForm>; planId: string }) {
  const id = useId();
  const [who, batch, planFilter, members] = useWatch({ control: form.control, name: ['who', 'batch', 'plan_filter', 'members'] }) as [
    Who,
    string,
    string,
    Picked[],
  ];
  const audience = useAudience(
    who === 'batch' ? { batch: Number(batch) || undefined } : who === 'plan_filter' ? { plan: Number(planFilter) || undefined } : {},
  );
  const people: Picked[] | undefined =
    who === 'members' ? members : (batch && who === 'batch') || (planFilter && who === 'plan_filter') ? audience.data : [];
  const active = useAssignmentsOf({ status: 'active' });
  const upcoming = useAssignmentsOf({ status: 'upcoming' });
  const byMember = useMemo(() => {
    const map = new Map<number, Assignment[]>();
    for (const a of [...(active.data ?? []), ...(upcoming.data ?? [])]) map.set(a.member, [...(map.get(a.member) ?? []), a]);
    return map;
  }, [active.data, upcoming.data]);
  const plan = Number(planId) || null;
  const rows = (people ?? []).map((p) => {
    const diets = byMember.get(p.id) ?? [];
    return { ...p, diets, same: !!plan && diets.some((d) => d.plan === plan) };
  });
  const affected = rows.filter((r) => r.diets.length > 0);
  const skipped = rows.filter((r) => r.same).length;
  const loading = (who !== 'members' && audience.isFetching) || active.isPending || upcoming.isPending;

  return (
    <Card className="h-fit p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        Who it reaches
      </h2>
      {people === undefined || loading ? (
        <p className="mt-2 text-sm text-muted">Reading the members…</p>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {who === 'members'
            ? 'Pick the members on the left.'
            : who === 'batch' && batch
              ? 'No one holds a seat in this batch.'
              : who === 'plan_filter' && planFilter
                ? 'No running member is on this plan.'
                : 'Choose who to assign the plan to.'}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm" data-testid="assign-preview-summary">
            <strong>{countOf(rows.length, 'member')}</strong>
            {skipped > 0 && <> · {countOf(skipped, 'member')} already on this plan (kept as they are)</>}
            {affected.length - skipped > 0 && (
              <> · {countOf(affected.length - skipped, 'member')} on another diet (they get this one too)</>
            )}
          </p>
          {affected.length > 0 ? (
            <table className="mt-3 w-full text-sm" aria-label="Members who already have a diet">
              <thead>
                <tr className="text-left text-xs text-muted">
                  <th className="py-1.5 pr-2 font-medium">Member</th>
                  <th className="py-1.5 font-medium">Current diet</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {affected.map((r) => (
                  <tr key={r.id}>
                    <td className="py-1.5 pr-2 align-top">
                      {r.name}
                      <span className="block text-xs tabular text-muted">{r.code}</span>
                    </td>
                    <td className="py-1.5 align-top">
                      {r.diets.map((d) => (
                        <span key={d.id} className="block">
                          {d.name}
                          <span className="text-xs text-muted">
                            {' '}
                            ·{' '}
                            {d.status === 'upcoming'
                              ? `from ${formatDate(d.start_date)}`
                              : d.end_date
                                ? `to ${formatDate(d.end_date)}`
                                : 'no end'}
                          </span>
                          {plan === d.plan && <span className="ml-1 text-xs font-medium text-warning-text">same plan: skipped</span>}
                        </span>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-2 text-sm text-muted">None of them has a diet yet.</p>
          )}
        </>
      )}
    </Card>
  );
}

import { MEALS, assignMembersInputSchema, type Assignment, type MemberDiet } from '@arena/contracts/diet';
import { z } from '@arena/contracts/kit';
import { Plus, Salad, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { DateField, optionsOf, SelectField, TextareaField } from '../../components/form';
import { Skeleton } from '../../components/Skeleton';
import { TileQuery } from '../../components/TileQuery';
import { requestSchema } from '../../lib/form';
import { formatCount, formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useCan } from '../../lib/useCan';
import { SendToPersonDialog } from '../messaging/public';
import { DIET_MODULE, DIET_PATHS, sendMemberDiet, useAssignMutations, useAssignmentsOf, useMemberDiet, usePlanOptions } from './api';
import { DietPdfButton } from './AssignmentsPage';
import { amountText, DayTotals, DietStatusBadge, DIET_TYPE_LABELS, MealTotalsLine } from './parts';

/** The member detail page's Diet tab: their current diet (meals, totals against targets), its PDF, their history, and Assign. */
export function MemberDietTab({ member }: { member: { id: number; first_name: string; full_name?: string } }) {
  const canAssign = useCan(DIET_MODULE, 'operate');
  const diets = useAssignmentsOf({ member: member.id });
  const [assigning, setAssigning] = useState(false);
  return (
    <div className="space-y-5">
      <TileQuery query={diets} skeleton="h-40">
        {(list) => {
          const current = list.find((d) => d.status === 'active') ?? list.find((d) => d.status === 'upcoming');
          return (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-base font-semibold">Diet</h2>
                {canAssign && (
                  <Button variant={current ? 'secondary' : 'primary'} onClick={() => setAssigning(true)}>
                    <Plus size={16} aria-hidden /> Assign Diet
                  </Button>
                )}
              </div>
              {current ? (
                <CurrentDiet id={current.id} canEdit={canAssign} />
              ) : (
                <Card>
                  <EmptyState icon={Salad} title={`${member.first_name} has no diet`}>
                    Assign a plan: they get a copy of their own that you can adjust.
                  </EmptyState>
                </Card>
              )}
              {list.length > 0 && <History list={list} />}
            </>
          );
        }}
      </TileQuery>
      <AssignOneDialog open={assigning} onOpenChange={setAssigning} member={member} />
    </div>
  );
}

function CurrentDiet({ id, canEdit }: { id: number; canEdit: boolean }) {
  const diet = useMemberDiet(id);
  const [sending, setSending] = useState(false);
  if (diet.isPending) return <Skeleton className="h-64" />;
  if (!diet.data) return null;
  const d: MemberDiet = diet.data;
  return (
    <Card className="p-4">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {d.name} <DietStatusBadge status={d.status} />
          </p>
          <p className="text-sm text-muted">
            {DIET_TYPE_LABELS[d.diet_type]} · from {formatDate(d.start_date)}
            {d.end_date ? ` to ${formatDate(d.end_date)}` : ''}
            {d.goal && ` · ${d.goal}`}
            {d.assigned_by && ` · assigned by ${d.assigned_by}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <DietPdfButton diet={d} size="md" variant="secondary" />
          {canEdit && (
            <Button variant="secondary" onClick={() => setSending(true)}>
              <Send size={16} aria-hidden /> Send
            </Button>
          )}
          {canEdit && (
            <Link to={DIET_PATHS.memberDiet(d.id)} className={buttonClass('secondary')}>
              Edit member’s copy
            </Link>
          )}
        </div>
        <SendToPersonDialog
          open={sending}
          onOpenChange={setSending}
          module="diet"
          title={`Send ${d.member_name} their diet`}
          send={(body) => sendMemberDiet(d.id, body)}
        />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_260px]">
        <div className="space-y-4">
          {d.meals.length === 0 && <p className="text-sm text-muted">This diet has no meals yet.</p>}
          {d.meals.map((m) => (
            <section key={m.meal} aria-label={m.label || MEALS[m.meal]}>
              <h3 className="text-sm font-semibold">
                {m.label || MEALS[m.meal]}
                {m.time && <span className="ml-2 font-normal text-muted">{m.time}</span>}
              </h3>
              <MealTotalsLine totals={m.totals} label={`${m.label || MEALS[m.meal]} totals`} />
              <ul className="mt-1 divide-y divide-line text-sm">
                {m.items.map((i, k) => (
                  <li key={k} className="flex justify-between gap-3 py-1.5">
                    <span className="min-w-0">
                      {i.food_name}
                      <span className="text-muted"> · {amountText(i.measure, i.amount)}</span>
                      {i.notes && <span className="block text-xs text-muted">{i.notes}</span>}
                    </span>
                    <span className="whitespace-nowrap tabular text-muted">{formatCount(i.kcal)} kcal</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <div className="rounded-md bg-subtle/60 p-3">
          <DayTotals
            totals={d.totals}
            targets={{
              target_kcal: d.target_kcal,
              target_protein: d.target_protein,
              target_carbohydrate: d.target_carbohydrate,
              target_fat: d.target_fat,
              target_fibre: d.target_fibre,
            }}
          />
        </div>
      </div>
    </Card>
  );
}

function History({ list }: { list: Assignment[] }) {
  return (
    <Card>
      <h3 className="border-b border-line px-4 py-3 text-sm font-semibold">Diet history</h3>
      <ul className="divide-y divide-line" aria-label="Diet history">
        {list.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
            <span className="min-w-0">
              <Link to={DIET_PATHS.memberDiet(d.id)} className="font-medium hover:underline">
                {d.name}
              </Link>
              <span className="block text-xs text-muted">
                {formatDate(d.start_date)} – {d.end_date ? formatDate(d.end_date) : 'no end'}
                {d.assigned_by && ` · ${d.assigned_by}`}
              </span>
            </span>
            <span className="flex items-center gap-2">
              <DietStatusBadge status={d.status} />
              <DietPdfButton diet={d} />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const assignOneSchema = (member: number) =>
  requestSchema(
    z.object({ plan: z.string(), start_date: z.string(), end_date: z.string(), notes: z.string() }),
    assignMembersInputSchema,
    (v, issue) => {
      if (!v.plan) issue('plan', 'Choose the diet plan.');
      return { plan: Number(v.plan), members: [member], start_date: v.start_date, end_date: v.end_date || null, notes: v.notes };
    },
  );

function AssignOneDialog({
  open,
  onOpenChange,
  member,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  member: { id: number; first_name: string };
}) {
  const plans = usePlanOptions();
  const { assignMany } = useAssignMutations();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Assign a diet to ${member.first_name}`}
      description="They get a copy of the plan of their own."
      schema={assignOneSchema(member.id)}
      defaultValues={{ plan: '', start_date: todayIso(), end_date: '', notes: '' }}
      onSubmit={async (input) => {
        const done = await assignMany.mutateAsync(input);
        if (done.assigned) notify.success(`The diet was assigned to ${member.first_name}.`);
        else notify.info(`${member.first_name} already has this plan.`);
      }}
      submitLabel="Assign Diet"
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="plan"
            label="Diet plan"
            required
            placeholder="Choose a plan"
            options={optionsOf(plans.data)}
            loading={plans.isPending}
            className="sm:col-span-2"
          />
          <DateField control={control} name="start_date" label="Start date" required />
          <DateField control={control} name="end_date" label="End date" hint="Optional." />
          <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
        </div>
      )}
    </FormDialog>
  );
}

import { DIET_TYPES, memberDietUpdateSchema, type Food, type MemberDiet } from '@arena/contracts/diet';
import { z } from '@arena/contracts/kit';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField, Form, SelectField, TextareaField, TextField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useCrumbName } from '../../lib/crumbs';
import { errorMessage } from '../../lib/errors';
import { requestSchema, useZodForm } from '../../lib/form';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import { memberPath } from '../membership/public';
import { DIET_MODULE, DIET_PATHS, useAssignMutations, useFoodsOf, useMemberDiet } from './api';
import { DietPdfButton } from './AssignmentsPage';
import { contentBody, contentFrom, foodIdsOf, type BuilderMeal } from './builder';
import { MealsBuilder, TargetFields } from './DietBuilder';
import { DIET_TYPE_OPTIONS, DietStatusBadge } from './parts';

const target = z.number().or(z.nan());
const copyFormSchema = requestSchema(
  z.object({
    name: z.string(),
    goal: z.string(),
    diet_type: z.enum(DIET_TYPES),
    target_kcal: target,
    target_protein: target,
    target_carbohydrate: target,
    target_fat: target,
    target_fibre: target,
    meals: z.array(z.custom<BuilderMeal>()),
    start_date: z.string(),
    end_date: z.string(),
    notes: z.string(),
  }),
  memberDietUpdateSchema,
  (v) => ({ ...contentBody(v), start_date: v.start_date, end_date: v.end_date || null, notes: v.notes }),
);

/** Assign Diet › a member's diet: their own copy of the plan, edited without touching the plan or anyone else's. */
export function MemberDietPage() {
  const { dietId } = useParams();
  const id = Number(dietId) || null;
  const diet = useMemberDiet(id);
  const foods = useFoodsOf(diet.data ? foodIdsOf(diet.data) : [], !!diet.data);
  useCrumbName(id ? DIET_PATHS.memberDiet(id) : '', diet.data ? `${diet.data.member_name} · ${diet.data.name}` : null);
  if (diet.isPending || (diet.data && foods.isPending))
    return (
      <div aria-busy="true">
        <PageHeader title="Member’s diet" />
        <Skeleton className="h-40" />
      </div>
    );
  if (diet.error || !diet.data)
    return (
      <div>
        <PageHeader title="Member’s diet" />
        <Alert tone="error">{errorMessage(diet.error)}</Alert>
      </div>
    );
  return <CopyEditor key={diet.data.id} diet={diet.data} foods={foods.data ?? new Map()} />;
}

function CopyEditor({ diet, foods }: { diet: MemberDiet; foods: ReadonlyMap<number, Food> }) {
  const canEdit = useCan(DIET_MODULE, 'operate');
  const { updateCopy } = useAssignMutations();
  const form = useZodForm(copyFormSchema, {
    defaultValues: { ...contentFrom(diet, foods), start_date: diet.start_date, end_date: diet.end_date ?? '', notes: diet.notes },
  });
  return (
    <div>
      <PageHeader
        title={`${diet.member_name}’s diet`}
        description={
          <>
            <DietStatusBadge status={diet.status} /> {diet.name}, from {formatDate(diet.start_date)}
            {diet.end_date ? ` to ${formatDate(diet.end_date)}` : ''} · copied from{' '}
            <Link to={DIET_PATHS.plan(diet.plan)} className="text-accent-text hover:underline">
              {diet.plan_name}
            </Link>
            {diet.assigned_by && ` by ${diet.assigned_by}`}. Changes here are this member’s alone.
          </>
        }
        actions={
          <>
            <Link to={memberPath(diet.member)} className={buttonClass('secondary')}>
              Open member
            </Link>
            <DietPdfButton diet={diet} size="md" variant="secondary" />
          </>
        }
      />
      <Form
        form={form}
        onSubmit={async (input) => {
          await updateCopy.mutateAsync({ id: diet.id, input });
          notify.success(`${diet.member_name}’s diet was saved.`);
        }}
        invalidMessage="Some fields need attention: see the messages under them."
        footer={({ submitting }) =>
          canEdit && (
            <div className="flex justify-end gap-2">
              <Link to={DIET_PATHS.assignments} className={buttonClass('secondary')}>
                Back to assignments
              </Link>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Saving…' : 'Save Member’s Diet'}
              </Button>
            </div>
          )
        }
      >
        <Card className="p-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <TextField control={form.control} name="name" label="Diet name" required maxLength={100} className="sm:col-span-2" />
            <SelectField control={form.control} name="diet_type" label="Diet type" options={DIET_TYPE_OPTIONS} />
            <TextField control={form.control} name="goal" label="Goal" maxLength={200} />
            <DateField control={form.control} name="start_date" label="Start date" required />
            <DateField control={form.control} name="end_date" label="End date" hint="Optional." />
            <TextareaField control={form.control} name="notes" label="Notes" rows={1} maxLength={1000} className="sm:col-span-2" />
          </div>
        </Card>
        <TargetFields form={form as never} />
        <MealsBuilder form={form as never} />
      </Form>
    </div>
  );
}

import { DIET_TYPES, dietPlanInputSchema, type DietPlan, type Food } from '@arena/contracts/diet';
import { z } from '@arena/contracts/kit';
import { Copy, Trash2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CheckboxField, Form, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { useCrumbName } from '../../lib/crumbs';
import { errorMessage } from '../../lib/errors';
import { requestSchema, useZodForm } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import { DIET_MODULE, DIET_PATHS, useCategoryOptions, useFoodsOf, usePlan, usePlanMutations } from './api';
import { contentBody, contentFrom, foodIdsOf, type BuilderMeal } from './builder';
import { MealsBuilder, TargetFields } from './DietBuilder';
import { DIET_TYPE_OPTIONS } from './parts';

const target = z.number().or(z.nan());
/** What the builder holds: the plan's fields, the targets (NaN for none) and the meals with their foods' figures. */
const planFormSchema = requestSchema(
  z.object({
    name: z.string(),
    category: z.string(),
    goal: z.string(),
    diet_type: z.enum(DIET_TYPES),
    description: z.string(),
    is_active: z.boolean(),
    target_kcal: target,
    target_protein: target,
    target_carbohydrate: target,
    target_fat: target,
    target_fibre: target,
    meals: z.array(z.custom<BuilderMeal>()),
  }),
  dietPlanInputSchema,
  (v) => ({
    ...contentBody(v),
    category: v.category ? Number(v.category) : null,
    description: v.description,
    is_active: v.is_active,
  }),
);
type PlanForm = z.input<typeof planFormSchema>;

const EMPTY: PlanForm = {
  name: '',
  category: '',
  goal: '',
  diet_type: 'veg',
  description: '',
  is_active: true,
  target_kcal: Number.NaN,
  target_protein: Number.NaN,
  target_carbohydrate: Number.NaN,
  target_fat: Number.NaN,
  target_fibre: Number.NaN,
  meals: [],
};

/** Diet Plan › New / a plan: the builder (details, targets, meals with live totals). */
export function PlanBuilderPage() {
  const { planId } = useParams();
  const id = planId && /^\d+$/.test(planId) ? Number(planId) : null;
  const plan = usePlan(id);
  const foods = useFoodsOf(plan.data ? foodIdsOf(plan.data) : [], !!plan.data);
  useCrumbName(id ? DIET_PATHS.plan(id) : '', plan.data?.name);
  if (id && (plan.isPending || (plan.data && foods.isPending)))
    return (
      <div aria-busy="true">
        <PageHeader title="Diet Plan" />
        <Skeleton className="h-40" />
        <Skeleton className="mt-4 h-80" />
      </div>
    );
  if (id && plan.error)
    return (
      <div>
        <PageHeader title="Diet Plan" />
        <Alert tone="error">{errorMessage(plan.error)}</Alert>
      </div>
    );
  return <PlanEditor key={plan.data?.id ?? 'new'} plan={plan.data ?? null} foods={foods.data ?? new Map()} />;
}

function PlanEditor({ plan, foods }: { plan: DietPlan | null; foods: ReadonlyMap<number, Food> }) {
  const navigate = useNavigate();
  const canManage = useCan(DIET_MODULE, 'manage');
  const canAssign = useCan(DIET_MODULE, 'operate');
  const categories = useCategoryOptions();
  const { create, update, duplicate, remove } = usePlanMutations();
  const [deleting, setDeleting] = useState(false);
  const form = useZodForm(planFormSchema, {
    defaultValues: plan
      ? {
          ...contentFrom(plan, foods),
          category: plan.category ? String(plan.category) : '',
          description: plan.description,
          is_active: plan.is_active,
        }
      : EMPTY,
  });
  const save = async (input: z.output<typeof planFormSchema>) => {
    if (plan) {
      await update.mutateAsync({ id: plan.id, input });
      notify.success(`${input.name} was saved.`);
    } else {
      const created = await create.mutateAsync(input);
      notify.success(`${created.name} was created.`);
      void navigate(DIET_PATHS.plan(created.id), { replace: true });
    }
  };
  const copy = async () => {
    if (!plan) return;
    try {
      const made = await duplicate.mutateAsync({ id: plan.id });
      notify.success(`${made.name} was created.`);
      void navigate(DIET_PATHS.plan(made.id));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div>
      <PageHeader
        title={plan ? plan.name : 'New Diet Plan'}
        description={
          plan
            ? `Edits change this plan for members assigned from now on; ${plan.members === 1 ? 'the member who has it keeps' : 'members who have it keep'} their own copy.`
            : 'Name the plan, set its targets, then add the meals of the day and type the foods into each. The totals update as you go.'
        }
        actions={
          plan && (
            <>
              {canAssign && plan.is_active && (
                <Link to={DIET_PATHS.assignPlan(plan.id)} className={buttonClass('secondary')}>
                  <UserPlus size={16} aria-hidden /> Assign
                </Link>
              )}
              {canManage && (
                <Button variant="secondary" onClick={() => void copy()} disabled={duplicate.isPending}>
                  <Copy size={16} aria-hidden /> Duplicate
                </Button>
              )}
              {canManage && (
                <Button variant="ghost-danger" onClick={() => setDeleting(true)}>
                  <Trash2 size={16} aria-hidden /> Delete
                </Button>
              )}
            </>
          )
        }
      />
      <Form
        form={form}
        onSubmit={save}
        invalidMessage="Some fields need attention: see the messages under them."
        footer={({ submitting }) =>
          canManage && (
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={DIET_PATHS.plans} className={buttonClass('secondary')}>
                {plan ? 'Back to plans' : 'Cancel'}
              </Link>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Saving…' : plan ? 'Save Plan' : 'Create Plan'}
              </Button>
            </div>
          )
        }
      >
        <Card className="p-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <TextField control={form.control} name="name" label="Plan name" required maxLength={100} className="sm:col-span-2" />
            <SelectField
              control={form.control}
              name="category"
              label="Category"
              placeholder="No category"
              options={optionsOf(categories.data)}
              loading={categories.isPending}
            />
            <SelectField control={form.control} name="diet_type" label="Diet type" options={DIET_TYPE_OPTIONS} />
            <TextField
              control={form.control}
              name="goal"
              label="Goal"
              maxLength={200}
              placeholder="Fat loss at 1,600 kcal, muscle gain…"
              className="sm:col-span-2"
            />
            <TextareaField
              control={form.control}
              name="description"
              label="Description"
              rows={1}
              maxLength={2000}
              className="sm:col-span-2"
            />
            <CheckboxField control={form.control} name="is_active" label="Active" description="Offered when assigning diets." />
          </div>
        </Card>
        <TargetFields form={form as never} />
        <MealsBuilder form={form as never} />
      </Form>
      {plan && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Delete ${plan.name}?`}
          confirmLabel="Delete"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(plan.id);
              notify.success(`${plan.name} was deleted.`);
              void navigate(DIET_PATHS.plans);
            } catch (error) {
              notify.error(errorMessage(error));
            }
          }}
        >
          Only a plan never assigned to a member can be deleted; untick Active to stop offering it instead.
        </ConfirmDialog>
      )}
    </div>
  );
}

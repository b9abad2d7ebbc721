import { dietCategoryInputSchema, type DietCategory, type DietPlan } from '@arena/contracts/diet';
import { FolderTree, Plus, Salad } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/Button';
import { ACTIVE_OPTIONS, actionsColumn, createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { CheckboxField, optionsOf, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { DIET_MODULE, DIET_PATHS, dietCategories, dietKeys, fetchPlans, plansExport, useCategoryOptions, usePlanMutations } from './api';
import { DIET_TYPE_LABELS, DIET_TYPE_OPTIONS } from './parts';

const kcalCell = (p: DietPlan) => (
  <span className="whitespace-nowrap tabular">
    {formatCount(p.totals.kcal)} kcal
    {p.target_kcal != null && <span className="block text-xs text-muted">target {formatCount(p.target_kcal)}</span>}
  </span>
);

/** Diet Plan: the plans with their day's kcal and members; create, edit, duplicate, delete. */
export function DietPlansPage({ node }: { node: ResolvedNode }) {
  const navigate = useNavigate();
  const canManage = useCan(DIET_MODULE, 'manage');
  const canAssign = useCan(DIET_MODULE, 'operate');
  const categories = useCategoryOptions();
  const [category, setCategory] = useState('');
  const [dietType, setDietType] = useState('');
  const [active, setActive] = useState('true');
  const { duplicate, remove } = usePlanMutations();
  const [deleting, setDeleting] = useState<DietPlan | null>(null);
  const copy = async (p: DietPlan) => {
    try {
      const made = await duplicate.mutateAsync({ id: p.id });
      notify.success(`${made.name} was created.`);
      void navigate(DIET_PATHS.plan(made.id));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const columns: Column<DietPlan>[] = [
    {
      id: 'name',
      header: 'Plan',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (p) => (
        <Link to={DIET_PATHS.plan(p.id)} className="block min-w-[180px] hover:underline">
          <span className="block font-medium">{p.name}</span>
          {p.goal && <span className="line-clamp-1 text-xs text-muted">{p.goal}</span>}
        </Link>
      ),
    },
    { id: 'category', header: 'Category', cell: (p) => p.category_name ?? '—', mobile: 'subtitle' },
    { id: 'diet_type', header: 'Diet type', cell: (p) => DIET_TYPE_LABELS[p.diet_type] },
    { id: 'kcal', header: 'Day kcal', align: 'right', cell: kcalCell },
    {
      id: 'macros',
      header: 'Protein · Carbs · Fat',
      align: 'right',
      mobile: false,
      cell: (p) => (
        <span className="whitespace-nowrap tabular">
          {p.totals.protein} · {p.totals.carbohydrate} · {p.totals.fat} g
        </span>
      ),
    },
    { id: 'meals', header: 'Meals', align: 'right', defaultHidden: true, cell: (p) => formatCount(p.meals.length) },
    { id: 'members', header: 'Members', sortKey: 'members', align: 'right', cell: (p) => formatCount(p.members) },
    statusColumn(),
    actionsColumn((p) => (
      <>
        {canAssign && p.is_active && (
          <Link to={DIET_PATHS.assignPlan(p.id)} className={buttonClass('ghost', 'sm')} aria-label={`Assign ${p.name}`}>
            Assign
          </Link>
        )}
        <Link to={DIET_PATHS.plan(p.id)} className={buttonClass('ghost', 'sm')} aria-label={`Edit ${p.name}`}>
          {canManage ? 'Edit' : 'Open'}
        </Link>
        {canManage && (
          <Button size="sm" variant="ghost" aria-label={`Duplicate ${p.name}`} onClick={() => void copy(p)}>
            Duplicate
          </Button>
        )}
        {canManage && p.members === 0 && (
          <Button size="sm" variant="ghost-danger" aria-label={`Delete ${p.name}`} onClick={() => setDeleting(p)}>
            Delete
          </Button>
        )}
      </>
    )),
  ];
  const add = canManage && (
    <Link to={DIET_PATHS.newPlan} className={buttonClass('primary')}>
      <Plus size={16} aria-hidden /> New Diet Plan
    </Link>
  );
  return (
    <div>
      <PageHeader
        title="Diet Plan"
        description="Plans built from IFCT 2017 foods (and your own), meal by meal, with their day’s totals. Assigning a plan gives each member a copy of their own to adjust."
        actions={add}
      />
      <MenuTabs node={node} />
      <DataTable
        title="Diet plans"
        queryKey={dietKeys.plans}
        fetchPage={fetchPlans}
        exportPath={plansExport}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search name or goal"
        filters={{ category: category || undefined, diet_type: dietType || undefined, is_active: active || undefined }}
        onClearFilters={() => {
          setCategory('');
          setDietType('');
          setActive('');
        }}
        filterControls={
          <>
            <FilterSelect label="Category" value={category} onChange={setCategory} options={optionsOf(categories.data)} />
            <FilterSelect label="Diet type" value={dietType} onChange={setDietType} options={DIET_TYPE_OPTIONS} />
            <FilterSelect label="Status" value={active} onChange={setActive} options={ACTIVE_OPTIONS} />
          </>
        }
        empty={{
          icon: Salad,
          title: 'No diet plans yet',
          description: 'Build a plan meal by meal from the food list, then assign it to members.',
          action: add || undefined,
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            notify.success(`${deleting.name} was deleted.`);
          } catch (error) {
            notify.error(errorMessage(error));
            return false;
          }
        }}
      >
        Only a plan never assigned to a member can be deleted; deactivate it otherwise (edit it and untick Active).
      </ConfirmDialog>
    </div>
  );
}

/** Diet Plan › Category: Weight loss, Muscle gain… Plans are filed under them. */
export function DietCategoryPage({ node }: { node: ResolvedNode }) {
  return (
    <LookupListPage
      resource={dietCategories}
      title="Diet Category"
      description="The kinds of plans you keep (Weight loss, Muscle gain, Diabetic-friendly). The plan list filters by them."
      tabs={<MenuTabs node={node} />}
      addLabel="Add Category"
      tableTitle="Diet categories"
      columns={[
        nameColumn<DietCategory>((c) => c.description),
        { id: 'plans', header: 'Plans', align: 'right', cell: (c) => formatCount(c.plans) },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{ icon: FolderTree, title: 'No categories yet', description: 'Add the kinds of plans you keep, such as Weight loss.' }}
      form={{
        schema: dietCategoryInputSchema,
        defaultValues: (c) =>
          c ? { name: c.name, description: c.description, is_active: c.is_active } : { name: '', description: '', is_active: true },
        fields: ({ control }) => (
          <div className="grid gap-4">
            <TextField control={control} name="name" label="Name" required maxLength={100} />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
            <CheckboxField control={control} name="is_active" label="Active" description="Offered when building plans." />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a category no plan is filed under can be deleted. If it is in use, deactivate it instead."
    />
  );
}

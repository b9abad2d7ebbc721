import { FOOD_TYPES, foodInputSchema, type Food } from '@arena/contracts/diet';
import { Apple, Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { actionsColumn } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { FormDialog } from '../../components/FormDialog';
import { CheckboxField, NumberField, SelectField, TextField } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { DIET_MODULE, dietKeys, fetchAllFoods, useFoodMutations, type FoodInput } from './api';
import { FOOD_TYPE_LABELS } from './parts';

const FOOD_TYPE_OPTIONS = FOOD_TYPES.map((t) => ({ value: t, label: FOOD_TYPE_LABELS[t] }));
const SOURCE_OPTIONS = [
  { value: 'true', label: 'Own foods' },
  { value: 'false', label: 'IFCT 2017' },
];
const g = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 2 });

/** Diet Plan › Foods: the IFCT 2017 list (read-only) and the organisation's own foods (add, edit, delete). */
export function DietFoodsPage({ node }: { node: ResolvedNode }) {
  const canManage = useCan(DIET_MODULE, 'manage');
  const [own, setOwn] = useState('');
  const [foodType, setFoodType] = useState('');
  const [editing, setEditing] = useState<Food | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Food | null>(null);
  const { create, update, remove } = useFoodMutations();
  const open = (food: Food | null) => {
    setEditing(food);
    setFormOpen(true);
  };
  const columns: Column<Food>[] = [
    {
      id: 'name',
      header: 'Food',
      alwaysVisible: true,
      mobile: 'title',
      cell: (f) => (
        <div className="min-w-[180px]">
          <span className="font-medium">{f.name}</span>
          {f.local_names && <span className="line-clamp-2 block text-xs text-muted">{f.local_names}</span>}
        </div>
      ),
    },
    { id: 'group', header: 'Group', cell: (f) => f.group, mobile: 'subtitle' },
    { id: 'type', header: 'Type', cell: (f) => FOOD_TYPE_LABELS[f.food_type] },
    { id: 'kcal', header: 'kcal', align: 'right', cell: (f) => formatCount(Math.round(f.kcal)) },
    { id: 'protein', header: 'Protein g', align: 'right', cell: (f) => g(f.protein) },
    { id: 'carbohydrate', header: 'Carbs g', align: 'right', cell: (f) => g(f.carbohydrate) },
    { id: 'fat', header: 'Fat g', align: 'right', cell: (f) => g(f.fat) },
    { id: 'fibre', header: 'Fibre g', align: 'right', cell: (f) => g(f.fibre), mobile: false },
    {
      id: 'source',
      header: 'Source',
      mobile: 'badge',
      cell: (f) => (f.own ? <Badge tone="info">Own</Badge> : <Badge>IFCT 2017</Badge>),
    },
    actionsColumn((f) =>
      f.own && canManage ? (
        <>
          <Button size="sm" variant="ghost" aria-label={`Edit ${f.name}`} onClick={() => open(f)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost-danger" aria-label={`Delete ${f.name}`} onClick={() => setDeleting(f)}>
            Delete
          </Button>
        </>
      ) : null,
    ),
  ];
  const add = canManage && (
    <Button onClick={() => open(null)}>
      <Plus size={16} aria-hidden /> Add Food
    </Button>
  );
  return (
    <div>
      <PageHeader
        title="Foods"
        description="Nutrients per 100 g (edible portion) from the Indian Food Composition Tables 2017, plus your own foods (a brand’s whey, the café’s smoothie). Quantities in plans take grams or household measures: katori 150 g, roti 40 g, glass 250 g, scoop 30 g…"
        actions={add}
      />
      <MenuTabs node={node} />
      <DataTable
        title="Foods"
        queryKey={dietKeys.foods}
        fetchPage={fetchAllFoods}
        columns={columns}
        rowKey={(f) => f.id}
        searchPlaceholder="Search English or local name"
        pageSizes={[25, 50, 100]}
        filters={{ own: own || undefined, food_type: foodType || undefined }}
        onClearFilters={() => {
          setOwn('');
          setFoodType('');
        }}
        filterControls={
          <>
            <FilterSelect label="Source" value={own} onChange={setOwn} options={SOURCE_OPTIONS} />
            <FilterSelect label="Type" value={foodType} onChange={setFoodType} options={FOOD_TYPE_OPTIONS} />
          </>
        }
        empty={{
          icon: Apple,
          title: 'No foods',
          description: 'Add your own foods with their nutrients per 100 g.',
          action: add || undefined,
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Food'}
        description="Nutrients per 100 g, as on the pack’s label."
        schema={foodInputSchema}
        size="lg"
        defaultValues={
          editing
            ? {
                name: editing.name,
                local_names: editing.local_names,
                group: editing.group,
                food_type: editing.food_type,
                kcal: editing.kcal,
                protein: editing.protein,
                carbohydrate: editing.carbohydrate,
                fat: editing.fat,
                fibre: editing.fibre,
                is_active: editing.is_active,
              }
            : {
                name: '',
                local_names: '',
                group: 'Own foods',
                food_type: 'veg',
                kcal: Number.NaN,
                protein: Number.NaN,
                carbohydrate: Number.NaN,
                fat: Number.NaN,
                fibre: 0,
                is_active: true,
              }
        }
        onSubmit={async (input: FoodInput) => {
          if (editing) await update.mutateAsync({ id: editing.id, input });
          else await create.mutateAsync(input);
          notify.success(`${input.name} was ${editing ? 'updated' : 'added'}.`);
        }}
        submitLabel={editing ? 'Save Changes' : 'Add Food'}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={100} />
            <TextField control={control} name="local_names" label="Local names" maxLength={300} placeholder="Comma-separated: chana, छोले" />
            <TextField control={control} name="group" label="Group" maxLength={60} />
            <SelectField control={control} name="food_type" label="Type" options={FOOD_TYPE_OPTIONS} />
            <NumberField control={control} name="kcal" label="Energy per 100 g" integer={false} suffix="kcal" required />
            <NumberField control={control} name="protein" label="Protein per 100 g" integer={false} suffix="g" required />
            <NumberField control={control} name="carbohydrate" label="Carbohydrate per 100 g" integer={false} suffix="g" required />
            <NumberField control={control} name="fat" label="Fat per 100 g" integer={false} suffix="g" required />
            <NumberField control={control} name="fibre" label="Fibre per 100 g" integer={false} suffix="g" />
            <CheckboxField control={control} name="is_active" label="Active" description="Offered in the food search." />
          </div>
        )}
      </FormDialog>
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
        Only a food no plan uses can be deleted; untick Active to stop offering it instead.
      </ConfirmDialog>
    </div>
  );
}

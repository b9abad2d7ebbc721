import { PERFORMANCE_UNITS, performanceCategoryInputSchema, performanceItemInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { FolderTree, Ruler } from 'lucide-react';
import type { Control, FieldValues } from 'react-hook-form';
import { createdAtColumn, statusColumn, nameColumn } from '../../../components/columns';
import type { Column } from '../../../components/DataTable';
import { CheckboxField, optionsOf, SelectField, TextareaField, TextField } from '../../../components/form';
import {
  LookupListPage,
  statusFilter,
  type LookupFilter,
  type LookupForm,
  type LookupListPageProps,
  type LookupRow,
} from '../../../components/LookupListPage';
import { MenuTabs } from '../../../components/MenuTabs';
import { requestSchema, type FormSchema } from '../../../lib/form';
import type { ResolvedNode } from '../../../lib/web-module';
import { performanceCategories, performanceItems, useCategoryOptions } from './api';

/** The fields every performance lookup's form has: name, description, active. */
interface PerformanceFields extends FieldValues {
  name: string;
  description: string;
  is_active: boolean;
}

/**
 * A list page of Membership › Performance (Category, Item): the lookup with the Performance tabs,
 * Name (with its description) … Status, Created, the Status filter, and a form of Name …
 * Description, Active. A page adds its own columns, filters and fields between them; a form with
 * fields of its own is laid out in two columns.
 */
function PerformanceLookupPage<T extends LookupRow & { description: string; created_at: string }, S extends FormSchema>({
  node,
  columns = [],
  filters = [],
  form: { fields, namePlaceholder, activeDescription, ...form },
  ...page
}: Pick<LookupListPageProps<T, S>, 'resource' | 'description' | 'addLabel' | 'tableTitle' | 'empty' | 'deleteNote'> & {
  node: ResolvedNode;
  /** Between Name and Status. */
  columns?: Column<T>[];
  /** Before Status. */
  filters?: LookupFilter[];
  form: Pick<LookupForm<T, S>, 'schema' | 'defaultValues'> & {
    namePlaceholder: string;
    /** Between Name and Description. */
    fields?: LookupForm<T, S>['fields'];
    /** What the Active checkbox says under it. */
    activeDescription: string;
  };
}) {
  const span = fields ? 'sm:col-span-2' : undefined;
  return (
    <LookupListPage
      {...page}
      title="Performance"
      tabs={<MenuTabs node={node} />}
      columns={[nameColumn<T>((r) => r.description), ...columns, statusColumn({ sortable: true }), createdAtColumn()]}
      filters={[...filters, statusFilter]}
      form={{
        ...form,
        fields: (f, editing) => {
          const control = f.control as unknown as Control<PerformanceFields>;
          return (
            <div className={fields ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
              <TextField
                control={control}
                name="name"
                label="Name"
                required
                maxLength={100}
                placeholder={namePlaceholder}
                className={span}
              />
              {fields?.(f, editing)}
              <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} className={span} />
              <CheckboxField control={control} name="is_active" label="Active" description={activeDescription} className={span} />
            </div>
          );
        },
      }}
      activeToggle="toggle"
    />
  );
}

/** Membership › Performance › Category: groups of measurements (Strength, Cardio, Body composition). */
export function PerformanceCategoryPage({ node }: { node: ResolvedNode }) {
  return (
    <PerformanceLookupPage
      node={node}
      resource={performanceCategories}
      description="Groups of measurements, such as Strength, Cardio and Body composition."
      addLabel="Add Category"
      tableTitle="Performance categories"
      empty={{
        icon: FolderTree,
        title: 'No categories yet',
        description: 'Add Strength, Cardio or Body composition to group what you measure.',
      }}
      form={{
        schema: performanceCategoryInputSchema,
        defaultValues: (c) => ({ name: c?.name ?? '', description: c?.description ?? '', is_active: c?.is_active ?? true }),
        namePlaceholder: 'e.g. Body composition',
        activeDescription: 'Its items are offered when recording measurements.',
      }}
      deleteNote="Only a category without items can be deleted. If it is in use, deactivate it instead."
    />
  );
}

const UNIT_OPTIONS = PERFORMANCE_UNITS.map((u) => ({ value: u, label: u }));

const itemFields = z.object({ name: z.string(), category: z.string(), unit: z.string(), description: z.string(), is_active: z.boolean() });
const itemFormSchema = requestSchema(itemFields, performanceItemInputSchema, (v, issue) => {
  if (!v.category) issue('category', 'Choose a category.');
  if (!v.unit) issue('unit', 'Choose a unit.');
  return { ...v, category: v.category || undefined, unit: v.unit as (typeof PERFORMANCE_UNITS)[number] };
});

/** Membership › Performance › Item: what is measured, in which unit (Weight in kg, Push-ups in reps). */
export function PerformanceItemPage({ node }: { node: ResolvedNode }) {
  const categories = useCategoryOptions();
  return (
    <PerformanceLookupPage
      node={node}
      resource={performanceItems}
      description="What is measured and in which unit: Weight in kg, Waist in cm, Push-ups in reps."
      addLabel="Add Item"
      tableTitle="Performance items"
      columns={[
        { id: 'category', header: 'Category', sortKey: 'category', mobile: 'subtitle', cell: (i) => i.category_name },
        { id: 'unit', header: 'Unit', sortKey: 'unit', mobile: 'meta', cell: (i) => <span className="tabular">{i.unit}</span> },
      ]}
      filters={[{ name: 'category', label: 'Category', options: optionsOf(categories.data) }]}
      empty={{
        icon: Ruler,
        title: 'No items yet',
        description:
          (categories.data?.length ?? 0) === 0
            ? 'Add a category first (Category tab), then what you measure in it.'
            : 'Add what you measure, such as Weight (kg) or 5 km run (min).',
      }}
      form={{
        schema: itemFormSchema,
        defaultValues: (i, filters) =>
          i
            ? { name: i.name, category: String(i.category), unit: i.unit, description: i.description, is_active: i.is_active }
            : { name: '', category: filters.category || '', unit: 'kg', description: '', is_active: true },
        namePlaceholder: 'e.g. Weight',
        fields: ({ control }, editing) => (
          <>
            <SelectField
              control={control}
              name="category"
              label="Category"
              required
              placeholder="Select category"
              loading={categories.isPending}
              options={optionsOf((categories.data ?? []).filter((c) => c.is_active || c.id === editing?.category))}
            />
            <SelectField control={control} name="unit" label="Unit" required options={UNIT_OPTIONS} />
          </>
        ),
        activeDescription: 'Offered when recording measurements.',
      }}
      deleteNote="Only an item with no measurements can be deleted. If it is in use, deactivate it instead."
    />
  );
}

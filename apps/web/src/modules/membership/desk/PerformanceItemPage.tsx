import { PERFORMANCE_UNITS, performanceItemInputSchema } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { Ruler } from 'lucide-react';
import { createdAtColumn, statusColumn, nameColumn } from '../../../components/columns';
import { CheckboxField, optionsOf, SelectField, TextareaField, TextField } from '../../../components/form';
import { LookupListPage, statusFilter } from '../../../components/LookupListPage';
import { requestSchema } from '../../../lib/form';
import type { ResolvedNode } from '../../../lib/web-module';
import { performanceItems, useCategoryOptions, type PerformanceItem } from './api';
import { MenuTabs } from '../../../components/MenuTabs';

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
    <LookupListPage
      resource={performanceItems}
      title="Performance"
      description="What is measured and in which unit: Weight in kg, Waist in cm, Push-ups in reps."
      tabs={<MenuTabs node={node} />}
      addLabel="Add Item"
      tableTitle="Performance items"
      columns={[
        nameColumn<PerformanceItem>((i) => i.description),
        { id: 'category', header: 'Category', sortKey: 'category', mobile: 'subtitle', cell: (i) => i.category_name },
        { id: 'unit', header: 'Unit', sortKey: 'unit', mobile: 'meta', cell: (i) => <span className="tabular">{i.unit}</span> },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[{ name: 'category', label: 'Category', options: optionsOf(categories.data) }, statusFilter]}
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
        fields: ({ control }, editing) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              control={control}
              name="name"
              label="Name"
              required
              maxLength={100}
              placeholder="e.g. Weight"
              className="sm:col-span-2"
            />
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
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when recording measurements."
              className="sm:col-span-2"
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only an item with no measurements can be deleted. If it is in use, deactivate it instead."
    />
  );
}

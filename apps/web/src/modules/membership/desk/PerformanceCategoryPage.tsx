import { performanceCategoryInputSchema } from '@arena/contracts/membership';
import { FolderTree } from 'lucide-react';
import { createdAtColumn, statusColumn, nameColumn } from '../../../components/columns';
import { CheckboxField, TextareaField, TextField } from '../../../components/form';
import { LookupListPage, statusFilter } from '../../../components/LookupListPage';
import type { ResolvedNode } from '../../../lib/web-module';
import { performanceCategories, type PerformanceCategory } from './api';
import { MenuTabs } from '../../../components/MenuTabs';

/** Membership › Performance › Category: groups of measurements (Strength, Cardio, Body composition). */
export function PerformanceCategoryPage({ node }: { node: ResolvedNode }) {
  return (
    <LookupListPage
      resource={performanceCategories}
      title="Performance"
      description="Groups of measurements, such as Strength, Cardio and Body composition."
      tabs={<MenuTabs node={node} />}
      addLabel="Add Category"
      tableTitle="Performance categories"
      columns={[nameColumn<PerformanceCategory>((c) => c.description), statusColumn({ sortable: true }), createdAtColumn()]}
      filters={[statusFilter]}
      empty={{
        icon: FolderTree,
        title: 'No categories yet',
        description: 'Add Strength, Cardio or Body composition to group what you measure.',
      }}
      form={{
        schema: performanceCategoryInputSchema,
        defaultValues: (c) => ({ name: c?.name ?? '', description: c?.description ?? '', is_active: c?.is_active ?? true }),
        fields: ({ control }) => (
          <div className="grid gap-4">
            <TextField control={control} name="name" label="Name" required maxLength={100} placeholder="e.g. Body composition" />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Its items are offered when recording measurements."
            />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a category without items can be deleted. If it is in use, deactivate it instead."
    />
  );
}

import { workoutCategoryInputSchema, type WorkoutCategory } from '@arena/contracts/training-workout';
import { FolderTree } from 'lucide-react';
import { createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import { CheckboxField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { MenuTabs } from '../../components/MenuTabs';
import { formatCount } from '../../lib/format';
import type { ResolvedNode } from '../../lib/web-module';
import { workoutCategories } from './api';

/** Training/Workout Plan › Categories: Strength, Fat Loss, Mobility… Plans are filed and filtered by them. */
export function CategoriesPage({ node }: { node: ResolvedNode }) {
  return (
    <LookupListPage
      resource={workoutCategories}
      title="Workout Categories"
      description="The kinds of plans you build (Strength, Fat Loss, Mobility, Sport conditioning). Plans are filed and filtered by them."
      tabs={<MenuTabs node={node} />}
      addLabel="Add Category"
      tableTitle="Workout categories"
      columns={[
        nameColumn<WorkoutCategory>((c) => c.description),
        { id: 'plans', header: 'Plans', align: 'right', cell: (c) => formatCount(c.plans) },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[statusFilter]}
      empty={{
        icon: FolderTree,
        title: 'No categories yet',
        description: 'Add the kinds of plans you build, such as Strength or Fat Loss.',
      }}
      form={{
        schema: workoutCategoryInputSchema,
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
      deleteNote="Plans filed under it stay, with no category."
    />
  );
}

import { staffCategoryInputSchema, type StaffCategory } from '@arena/contracts/staff';
import { BadgeCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import { createdAtColumn, nameColumn, statusColumn } from '../../components/columns';
import { CheckboxField, NumberField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { MenuTabs } from '../../components/MenuTabs';
import type { ResolvedNode } from '../../lib/web-module';
import { staffCategories } from './api';

/** Staff Management › Staff Category (its Categories tab; the Create Category tab opens with the form). */
export function StaffCategoryPage({ node, creating = false }: { node: ResolvedNode; creating?: boolean }) {
  const navigate = useNavigate();
  return (
    <LookupListPage
      resource={staffCategories}
      title="Staff Category"
      description="The kinds of staff your centers employ (Trainer, Coach, Receptionist, Manager …). Staff, payroll and reports are grouped by them."
      tabs={<MenuTabs node={node} />}
      addLabel="Add Category"
      tableTitle="Staff categories"
      columns={[nameColumn<StaffCategory>((c) => c.description), statusColumn({ sortable: true }), createdAtColumn()]}
      filters={[statusFilter]}
      empty={{
        icon: BadgeCheck,
        title: 'No staff categories yet',
        description: 'Add the kinds of staff you employ, such as Trainer, Coach or Receptionist.',
      }}
      form={{
        schema: staffCategoryInputSchema,
        defaultValues: (c) =>
          c
            ? { name: c.name, description: c.description, is_active: c.is_active, paid_leave_days: c.paid_leave_days }
            : { name: '', description: '', is_active: true, paid_leave_days: 0 },
        fields: ({ control }) => (
          <div className="grid gap-4">
            <TextField control={control} name="name" label="Name" required maxLength={100} />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
            <NumberField
              control={control}
              name="paid_leave_days"
              label="Paid leave days per month"
              suffix="days"
              hint="Leave days a month that payroll pays like present days (0–60)."
            />
            <CheckboxField control={control} name="is_active" label="Active" description="Offered when adding staff." />
          </div>
        ),
      }}
      activeToggle="toggle"
      deleteNote="Staff filed under it keep their history. If it is in use, deactivate it instead."
      creating={creating ? { onDone: () => void navigate(node.parent?.fullPath ?? '/staff-management/staff-category') } : undefined}
    />
  );
}

/** Staff Category › Create Category: the list with the create form open. */
export const CreateStaffCategoryPage = ({ node }: { node: ResolvedNode }) => <StaffCategoryPage node={node} creating />;

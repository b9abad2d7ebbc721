import { incomeExpenseCategoryInputSchema, type IncomeExpenseCategory } from '@arena/contracts';
import { Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ACTIVE_OPTIONS, createdAtColumn, rowActionsColumn, statusColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../../lib/resourceActions';
import { fetchCategories, incomeExpenseKeys, useCategoryMutations } from './api';
import { TYPE_OPTIONS, TypeBadge } from './ledger';

/** Income/Expenses › Category: what entries are filed under, for income and for expenses. */
export function CategoryListPage() {
  const { create, update, remove } = useCategoryMutations();
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<IncomeExpenseCategory>();
  const deletion = useDeleteResource<IncomeExpenseCategory>(remove);
  const setActive = setActiveWith(update);
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');

  const columns: Column<IncomeExpenseCategory>[] = [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (c) => (
        <div className="min-w-[140px]">
          <div className="font-medium">{c.name}</div>
          {c.description && <div className="line-clamp-1 text-xs text-muted">{c.description}</div>}
        </div>
      ),
    },
    { id: 'type', header: 'Type', sortKey: 'type', mobile: 'subtitle', cell: (c) => <TypeBadge type={c.type} /> },
    statusColumn({ sortable: true }),
    createdAtColumn(),
    rowActionsColumn({
      onEdit: openEdit,
      onDelete: deletion.askDelete,
      afterEdit: (c) => (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${c.is_active ? 'Deactivate' : 'Activate'} ${c.name}`}
          onClick={() => void setActive(c, !c.is_active)}
        >
          {c.is_active ? 'Deactivate' : 'Activate'}
        </Button>
      ),
    }),
  ];

  return (
    <div>
      <PageHeader
        title="Category"
        description="What income and expenses are filed under (Rent, Salaries, Sponsorship …). Reports total them by category."
        actions={
          <Button onClick={openCreate}>
            <Plus size={16} aria-hidden /> Add Category
          </Button>
        }
      />
      <DataTable
        title="Income and expense categories"
        queryKey={incomeExpenseKeys.categories}
        fetchPage={fetchCategories}
        exportPath="/income-expense/category/"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search name"
        filters={{ type: type || undefined, is_active: status || undefined }}
        filterControls={
          <>
            <FilterSelect label="Type" value={type} onChange={setType} options={TYPE_OPTIONS} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={ACTIVE_OPTIONS} />
          </>
        }
        onClearFilters={() => {
          setType('');
          setStatus('');
        }}
        empty={{
          icon: Tags,
          title: 'No categories yet',
          description: 'Add the kinds of income and expenses you record, such as Rent, Electricity or Sponsorship.',
          action: (
            <Button onClick={openCreate}>
              <Plus size={16} aria-hidden /> Add Category
            </Button>
          ),
        }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        title={editing ? `Edit ${editing.name}` : 'Add Category'}
        schema={incomeExpenseCategoryInputSchema}
        defaultValues={
          editing
            ? { name: editing.name, type: editing.type, description: editing.description, is_active: editing.is_active }
            : { name: '', type: (type || 'expense') as 'income' | 'expense', description: '', is_active: true }
        }
        onSubmit={saveResource(editing, { create, update })}
        submitLabel={editing ? 'Save Changes' : 'Create'}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required maxLength={100} />
            <SelectField control={control} name="type" label="Type" required options={TYPE_OPTIONS} />
            <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} className="sm:col-span-2" />
            <CheckboxField
              control={control}
              name="is_active"
              label="Active"
              description="Offered when recording new entries."
              className="sm:col-span-2"
            />
          </div>
        )}
      </FormDialog>
      <ConfirmDialog {...deletion.dialogProps} title={`Delete ${deletion.deleting?.name ?? 'category'}?`}>
        Only a category that no entry uses can be deleted. If it is in use, deactivate it instead: its entries keep it.
      </ConfirmDialog>
    </div>
  );
}

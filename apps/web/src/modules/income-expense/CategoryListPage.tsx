import { incomeExpenseCategoryInputSchema, type EntryType, type IncomeExpenseCategory } from '@arena/contracts/income-expense';
import { Tags } from 'lucide-react';
import { createdAtColumn, statusColumn, nameColumn } from '../../components/columns';
import { CheckboxField, SelectField, TextareaField, TextField } from '../../components/form';
import { LookupListPage, statusFilter } from '../../components/LookupListPage';
import { categories } from './api';
import { LEDGER_TYPE_OPTIONS, TypeBadge } from '../money/public';
import { TYPE_OPTIONS } from './ledger';

/** Income/Expenses › Category: what entries are filed under, for income and for expenses. */
export function CategoryListPage() {
  return (
    <LookupListPage
      resource={categories}
      title="Category"
      description="What income and expenses are filed under (Rent, Salaries, Sponsorship …). Reports total them by category."
      addLabel="Add Category"
      tableTitle="Income and expense categories"
      columns={[
        nameColumn<IncomeExpenseCategory>((c) => c.description),
        { id: 'type', header: 'Type', sortKey: 'type', mobile: 'subtitle', cell: (c) => <TypeBadge type={c.type} /> },
        statusColumn({ sortable: true }),
        createdAtColumn(),
      ]}
      filters={[{ name: 'type', label: 'Type', options: LEDGER_TYPE_OPTIONS }, statusFilter]}
      empty={{
        icon: Tags,
        title: 'No categories yet',
        description: 'Add the kinds of income and expenses you record, such as Rent, Electricity or Sponsorship.',
      }}
      form={{
        schema: incomeExpenseCategoryInputSchema,
        defaultValues: (c, filters) =>
          c
            ? // A liability category (deposits) is a module's: its type is fixed by the ledger rows in it.
              { name: c.name, type: c.type as EntryType, description: c.description, is_active: c.is_active }
            : { name: '', type: (filters.type || 'expense') as EntryType, description: '', is_active: true },
        fields: ({ control }) => (
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
        ),
      }}
      activeToggle="toggle"
      deleteNote="Only a category that no entry uses can be deleted. If it is in use, deactivate it instead: its entries keep it."
    />
  );
}

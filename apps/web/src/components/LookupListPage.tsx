import type { LucideIcon } from 'lucide-react';
import { Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { DefaultValues, UseFormReturn } from 'react-hook-form';
import type { FormInput, FormOutput, FormSchema } from '../lib/form';
import type { LookupResource, LookupWrites } from '../lib/lookupResource';
import { saveResource, setActiveWith, useDeleteResource, useFormDialog } from '../lib/resourceActions';
import { useSidebar } from '../state/sidebar';
import { Button } from './Button';
import { CentreFilter } from './CentreFilter';
import { ACTIVE_OPTIONS, rowActionsColumn } from './columns';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable, type Column } from './DataTable';
import { FilterSelect } from './FilterSelect';
import { FormDialog } from './FormDialog';
import { PageHeader } from './PageHeader';

/** A row of a lookup: an id, a name (the row buttons and toasts say it), and whether it is offered. */
export interface LookupRow {
  id: number;
  name: string;
  is_active: boolean;
}

/**
 * A filter of the list, sent as the query parameter `name` ('' = not filtered): a select of
 * `options`, or the Center filter (`centre: true`), which opens on the sidebar's centre.
 */
export type LookupFilter = { name: string; label: string; options: { value: string; label: string }[] } | { name: string; centre: true };

/** The Status filter (`is_active`) every lookup has. */
export const statusFilter: LookupFilter = { name: 'is_active', label: 'Status', options: ACTIVE_OPTIONS };

/** The create/edit dialog: `editing` is null when creating; `filters` are the list's (a new row may start from them). */
export interface LookupForm<T, S extends FormSchema> {
  schema: S;
  defaultValues: (editing: T | null, filters: Record<string, string>) => DefaultValues<FormInput<S>>;
  fields: (form: UseFormReturn<FormInput<S>, unknown, FormOutput<S>>, editing: T | null) => ReactNode;
  /** The dialog's title; by default `Edit <name>` and the page's `addLabel`. */
  title?: (editing: T | null) => string;
  description?: (editing: T | null) => ReactNode;
  /** The submit button's text when creating ('Create' unless given); editing says 'Save Changes'. */
  createLabel?: string;
  size?: 'sm' | 'md' | 'lg';
}

export interface LookupListPageProps<T extends LookupRow, S extends FormSchema> {
  /** From the module's api.ts: `lookupResource(path, key)`. */
  resource: LookupResource<T, FormOutput<S>>;
  title: string;
  description: ReactNode;
  /** Rendered under the header (a tabbed page's tabs). */
  tabs?: ReactNode;
  /** More of the header's actions, before the create button (a link to a related list). */
  headerActions?: ReactNode;
  /** The create button's text ('Add Sport/Event'); also the create dialog's title. */
  addLabel: string;
  /** The table's accessible name and export title ('Sports and events'). */
  tableTitle: string;
  searchPlaceholder?: string;
  /** The columns; the row buttons (Edit, Activate/Deactivate, Delete) are added after them. */
  columns: Column<T>[];
  filters?: LookupFilter[];
  empty: { icon: LucideIcon; title: string; description: ReactNode };
  form: LookupForm<T, S>;
  /**
   * The Activate/Deactivate row button: 'toggle' (one click), 'confirm' (deactivating asks first,
   * saying `deactivateNote`), or none.
   */
  activeToggle?: 'toggle' | 'confirm';
  deactivateNote?: ReactNode;
  /** What the delete confirmation says; without it rows have no Delete button. */
  deleteNote?: ReactNode;
  /** A button before Edit (e.g. a batch's Members). */
  leadingAction?: (row: T) => ReactNode;
  /** Dialogs the page adds (opened by `leadingAction`). */
  children?: ReactNode;
  /**
   * A "Create …" route of its own (spec: `staff-category/create`): the page opens with the create
   * dialog, and `onDone` runs when it closes (saved or cancelled), e.g. back to the list's route.
   */
  creating?: { onDone: () => void };
}

/**
 * The list page of a lookup (the web's side of the API's `registerCrud`): header with the create
 * button, the DataTable with its filters, search, export and row buttons, the create/edit form
 * dialog and the delete (or deactivate) confirmation. A page fills it with declarations only.
 */
export function LookupListPage<T extends LookupRow, S extends FormSchema>({
  resource,
  title,
  description,
  tabs,
  headerActions,
  addLabel,
  tableTitle,
  searchPlaceholder = 'Search name',
  columns,
  filters = [],
  empty,
  form,
  activeToggle,
  deactivateNote,
  deleteNote,
  leadingAction,
  children,
  creating,
}: LookupListPageProps<T, S>) {
  // The form's schema yields the resource's input, which has a name (toasts) and is_active (the toggle).
  const { create, update, remove } = resource.useMutations() as unknown as LookupWrites<{ name: string; is_active: boolean }>;
  const save = (editing: T | null) => saveResource(editing, { create, update });
  const { editing, formOpen, setFormOpen, openCreate, openEdit } = useFormDialog<T>(creating ? { open: true } : undefined);
  const onFormOpenChange = (open: boolean) => {
    setFormOpen(open);
    if (!open) creating?.onDone();
  };
  const deletion = useDeleteResource<T>(remove);
  const setActive = setActiveWith(update);
  const [deactivating, setDeactivating] = useState<T | null>(null);
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(filters.map((f) => [f.name, 'centre' in f ? selectedCentre : ''])),
  );
  const setFilter = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const toggle = (row: T) => {
    const label = row.is_active ? 'Deactivate' : 'Activate';
    const confirmFirst = activeToggle === 'confirm' && row.is_active;
    return (
      <Button
        size="sm"
        variant={confirmFirst ? 'ghost-danger' : 'ghost'}
        aria-label={`${label} ${row.name}`}
        onClick={() => (confirmFirst ? setDeactivating(row) : void setActive(row, !row.is_active))}
      >
        {label}
      </Button>
    );
  };

  const add = (
    <>
      {headerActions}
      <Button onClick={openCreate}>
        <Plus size={16} aria-hidden /> {addLabel}
      </Button>
    </>
  );

  return (
    <div>
      <PageHeader title={title} description={description} actions={add} />
      {tabs}
      <DataTable
        title={tableTitle}
        queryKey={resource.queryKey}
        fetchPage={resource.fetchPage}
        exportPath={resource.exportFrom}
        columns={[
          ...columns,
          rowActionsColumn<T>({
            onEdit: openEdit,
            onDelete: deleteNote ? deletion.askDelete : undefined,
            leading: leadingAction,
            afterEdit: activeToggle ? toggle : undefined,
          }),
        ]}
        rowKey={(row) => row.id}
        searchPlaceholder={searchPlaceholder}
        filters={Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v || undefined]))}
        filterControls={
          filters.length > 0 && (
            <>
              {filters.map((f) =>
                'centre' in f ? (
                  <CentreFilter key={f.name} value={values[f.name]} onChange={setFilter(f.name)} />
                ) : (
                  <FilterSelect key={f.name} label={f.label} value={values[f.name]} onChange={setFilter(f.name)} options={f.options} />
                ),
              )}
            </>
          )
        }
        onClearFilters={() => setValues(Object.fromEntries(filters.map((f) => [f.name, ''])))}
        empty={{ ...empty, action: add }}
      />
      <FormDialog
        open={formOpen}
        onOpenChange={onFormOpenChange}
        size={form.size}
        title={form.title?.(editing) ?? (editing ? `Edit ${editing.name}` : addLabel)}
        description={form.description?.(editing)}
        schema={form.schema}
        defaultValues={form.defaultValues(editing, values)}
        onSubmit={(values) => save(editing)(values as { name: string; is_active: boolean })}
        submitLabel={editing ? 'Save Changes' : (form.createLabel ?? 'Create')}
      >
        {(f) => form.fields(f, editing)}
      </FormDialog>
      {deleteNote && (
        <ConfirmDialog
          {...deletion.dialogProps}
          title={`Delete ${deletion.deleting?.name ?? addLabel.replace(/^Add /, '').toLowerCase()}?`}
        >
          {deleteNote}
        </ConfirmDialog>
      )}
      {activeToggle === 'confirm' && (
        <ConfirmDialog
          open={!!deactivating}
          onOpenChange={(o) => !o && setDeactivating(null)}
          title={`Deactivate ${deactivating?.name ?? addLabel.replace(/^Add /, '').toLowerCase()}?`}
          confirmLabel="Deactivate"
          onConfirm={() => (deactivating ? setActive(deactivating, false) : Promise.resolve())}
        >
          {deactivateNote}
        </ConfirmDialog>
      )}
      {children}
    </div>
  );
}

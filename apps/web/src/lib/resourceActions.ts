/** Shared state and writes of the resource list pages (centres, sports, payment modes, facilities, clients). */
import { useState } from 'react';
import { errorMessage } from './errors';
import { notify } from './notify';

/**
 * Open/close state of a list page's create/edit form: `editing` is null when creating;
 * `initial.open` starts with the create dialog open (a "Create …" route).
 */
export function useFormDialog<T>(initial?: { open: boolean }) {
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(initial?.open ?? false);
  const open = (row: T | null) => {
    setEditing(row);
    setFormOpen(true);
  };
  return {
    editing,
    formOpen,
    setFormOpen,
    openCreate: () => open(null),
    openEdit: (row: T) => open(row),
  };
}

/**
 * The row waiting for delete confirmation and the ConfirmDialog props that delete it, with a
 * toast either way. With `keepOpenOnError` the dialog stays open after a failed delete.
 */
export function useDeleteResource<T extends { id: number; name: string }>(
  remove: { mutateAsync: (id: number) => Promise<unknown> },
  { keepOpenOnError = false }: { keepOpenOnError?: boolean } = {},
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const dialogProps = {
    open: !!deleting,
    onOpenChange: (o: boolean) => {
      if (!o) setDeleting(null);
    },
    confirmLabel: 'Delete',
    onConfirm: async () => {
      if (!deleting) return;
      try {
        await remove.mutateAsync(deleting.id);
        notify.success(`${deleting.name} was deleted.`);
      } catch (error) {
        notify.error(errorMessage(error));
        if (keepOpenOnError) return false;
      }
    },
  };
  return { deleting, askDelete: setDeleting, dialogProps };
}

/** A form's submit: updates the row being edited, or creates one, and says which by name. */
export function saveResource<I extends { name: string }>(
  editing: { id: number } | null,
  {
    create,
    update,
  }: {
    create: { mutateAsync: (input: I) => Promise<unknown> };
    update: { mutateAsync: (vars: { id: number; input: I }) => Promise<unknown> };
  },
) {
  return async (input: I) => {
    if (editing) {
      await update.mutateAsync({ id: editing.id, input });
      notify.success(`${input.name} was updated.`);
    } else {
      await create.mutateAsync(input);
      notify.success(`${input.name} was created.`);
    }
  };
}

/** Activates or deactivates a row, with a toast either way. */
export function setActiveWith(update: { mutateAsync: (vars: { id: number; input: { is_active: boolean } }) => Promise<unknown> }) {
  return async (row: { id: number; name: string }, is_active: boolean) => {
    try {
      await update.mutateAsync({ id: row.id, input: { is_active } });
      notify.success(is_active ? `${row.name} is active again.` : `${row.name} was deactivated.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
}

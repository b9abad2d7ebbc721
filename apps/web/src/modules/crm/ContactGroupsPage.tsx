import { AUDIENCE_LABELS } from '@arena/contracts/crm';
import { Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import { crmKeys, fetchGroups, groupsExport, useContactGroupMutations, type ContactGroup } from './api';
import { ContactGroupForm } from './ContactGroupForm';

/** A contact group's page. */
export const groupPath = (id: number) => `/crm-management/contact-groups/${id}`;

/** What a group is: "12 people listed", or its filter. */
export const groupKind = (g: ContactGroup) =>
  g.filter
    ? `Filter: ${AUDIENCE_LABELS[g.filter.audience]}`
    : g.members.length === 1
      ? '1 person listed'
      : `${formatCount(g.members.length)} people listed`;

/**
 * CRM › Contact Groups: saved audiences — people chosen by hand, or a filter over members,
 * enquiries or booking clients — that promotions and messages go to. A group opens on its page.
 */
export function ContactGroupsPage() {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ContactGroup | null>(null);
  const { create, remove } = useContactGroupMutations();
  const canManage = useCan('CRM Management', 'manage');
  const navigate = useNavigate();
  return (
    <div>
      <PageHeader
        title="Contact Groups"
        description="Saved audiences: who a promotion or a message goes to. A filter is worked out again each time it is used."
        actions={
          canManage && (
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden /> Add Group
            </Button>
          )
        }
      />
      <DataTable
        title="Contact groups"
        queryKey={[...crmKeys.groups, 'list']}
        fetchPage={fetchGroups}
        exportPath={groupsExport}
        columns={[
          {
            id: 'name',
            header: 'Name',
            sortKey: 'name',
            mobile: 'title',
            alwaysVisible: true,
            cell: (g) => (
              <Link to={groupPath(g.id)} className="font-medium hover:text-accent-text hover:underline">
                {g.name}
              </Link>
            ),
          },
          { id: 'description', header: 'Description', mobile: 'subtitle', cell: (g) => g.description || '—' },
          { id: 'audience', header: 'Who is in it', mobile: 'meta', cell: groupKind },
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            mobile: 'actions',
            alwaysVisible: true,
            cell: (g) => (
              <div className="flex justify-end gap-1">
                <Link
                  to={groupPath(g.id)}
                  className="inline-flex h-8 items-center rounded-md px-3 text-sm text-accent-text hover:bg-accent-soft"
                  aria-label={`Open ${g.name}`}
                >
                  Open
                </Link>
                {canManage && (
                  <Button size="sm" variant="ghost-danger" aria-label={`Delete ${g.name}`} onClick={() => setRemoving(g)}>
                    <Trash2 size={14} aria-hidden />
                  </Button>
                )}
              </div>
            ),
          },
        ]}
        rowKey={(g) => g.id}
        searchPlaceholder="Search groups"
        empty={{
          icon: UsersRound,
          title: 'No contact groups yet',
          description: 'Save an audience — your regulars, a plan’s members, open enquiries — to message it later.',
        }}
      />
      <ContactGroupForm
        open={adding}
        onOpenChange={setAdding}
        onSubmit={async (input) => {
          const made = await create.mutateAsync(input);
          notify.success(`Contact group ${made.name} saved.`);
          void navigate(groupPath(made.id));
        }}
      />
      <DeleteGroupDialog
        group={removing}
        onClose={() => setRemoving(null)}
        onDeleted={() => setRemoving(null)}
        remove={remove.mutateAsync}
      />
    </div>
  );
}

/** Asks before a group is deleted; the people in it are not touched. */
export function DeleteGroupDialog({
  group,
  onClose,
  onDeleted,
  remove,
}: {
  group: ContactGroup | null;
  onClose: () => void;
  onDeleted: () => void;
  remove: (id: number) => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={group !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Delete ${group?.name ?? ''}?`}
      confirmLabel="Delete group"
      tone="danger"
      onConfirm={async () => {
        if (!group) return;
        try {
          await remove(group.id);
        } catch (e) {
          notify.error(errorMessage(e));
          throw e;
        }
        notify.success(`Contact group ${group.name} deleted.`);
        onDeleted();
      }}
    >
      The group is removed from the list; the people in it are not affected, and promotions already sent keep their messages.
    </ConfirmDialog>
  );
}

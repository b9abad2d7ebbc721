import { CONTACT_GROUP_MAX, type ContactGroupUpdate } from '@arena/contracts/crm';
import { Pencil, Trash2, UserMinus, UserPlus, UsersRound, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { PhoneLink } from '../../components/PhoneLink';
import { Skeleton } from '../../components/Skeleton';
import { ApiError } from '../../lib/api';
import { useCrumbName } from '../../lib/crumbs';
import { useScreenTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useCan } from '../../lib/useCan';
import { memberPath } from '../membership/public';
import {
  crmKeys,
  fetchGroupPeople,
  useContactGroup,
  useContactGroupMutations,
  type Contact,
  type ContactGroup,
  type Recipient,
} from './api';
import { ContactGroupForm } from './ContactGroupForm';
import { DeleteGroupDialog, groupKind, groupPath } from './ContactGroupsPage';
import { enquiryPath } from './parts';
import { KIND_LABELS, PeoplePicker } from './PeoplePicker';

const LIST_PATH = '/crm-management/contact-groups';

/** A contact group (`/crm-management/contact-groups/:groupId`): its people now; rename or change it, add and take out people, delete it. */
export function ContactGroupPage() {
  const params = useParams();
  const id = Number(params.groupId) || null;
  const group = useContactGroup(id);
  useScreenTitle(group.data?.name);
  useCrumbName(groupPath(id ?? 0), group.data?.name);
  if (!id || (group.error instanceof ApiError && group.error.status === 404))
    return (
      <Card>
        <EmptyState
          icon={UserX}
          title="Contact group not found"
          action={
            <Link to={LIST_PATH} className={buttonClass('secondary')}>
              All contact groups
            </Link>
          }
        >
          There is no contact group {params.groupId} in this organisation, or it was deleted.
        </EmptyState>
      </Card>
    );
  if (group.isPending)
    return (
      <div className="space-y-5" aria-busy="true">
        <Skeleton className="h-28 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  if (group.isError) return <Alert tone="error">{errorMessage(group.error)}</Alert>;
  return <GroupScreen group={group.data} />;
}

function GroupScreen({ group }: { group: ContactGroup }) {
  const canManage = useCan('CRM Management', 'manage');
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { patch, removePeople, remove } = useContactGroupMutations();
  const list = !group.filter;

  const takeOut = async (r: Recipient) => {
    try {
      await removePeople.mutateAsync({ id: group.id, members: [r] });
      notify.success(`${r.name} taken out of ${group.name}.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div className="space-y-5">
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-fg">{group.name}</h1>
              <Badge tone={list ? 'info' : 'neutral'}>{list ? 'List' : 'Saved filter'}</Badge>
            </div>
            {group.description && <p className="mt-1 text-sm text-muted">{group.description}</p>}
            <p className="mt-2 text-sm">
              {list
                ? `${groupKind(group)}: a promotion to this group reaches them.`
                : `${groupKind(group)} — worked out again each time a message goes, so the people below are who it finds today (the first ${formatCount(CONTACT_GROUP_MAX)} at most).`}
            </p>
            <p className="mt-1 text-xs text-muted">Changed {formatDateTime(group.updated_at)}</p>
          </div>
          {canManage && (
            <div className="flex flex-wrap gap-2 lg:justify-end">
              {list && (
                <Button size="sm" onClick={() => setAdding(true)}>
                  <UserPlus size={15} aria-hidden /> Add People
                </Button>
              )}
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                <Pencil size={15} aria-hidden /> Edit
              </Button>
              <Button size="sm" variant="ghost-danger" onClick={() => setDeleting(true)}>
                <Trash2 size={15} aria-hidden /> Delete
              </Button>
            </div>
          )}
        </div>
      </Card>
      <People group={group} canRemove={canManage && list} onRemove={(r) => void takeOut(r)} busy={removePeople.isPending} />
      <ContactGroupForm
        open={editing}
        onOpenChange={setEditing}
        group={group}
        onSubmit={async (input) => {
          const body: ContactGroupUpdate = list
            ? { name: input.name, description: input.description }
            : { name: input.name, description: input.description, filter: input.filter };
          const saved = await patch.mutateAsync({ id: group.id, input: body });
          notify.success(`Contact group ${saved.name} saved.`);
        }}
      />
      {adding && <AddPeopleDialog group={group} onClose={() => setAdding(false)} />}
      <DeleteGroupDialog
        group={deleting ? group : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(LIST_PATH, { replace: true })}
        remove={remove.mutateAsync}
      />
    </div>
  );
}

/** The people the group stands for now: a list's, or whom its filter finds today (at most 10,000). */
function People({
  group,
  canRemove,
  onRemove,
  busy,
}: {
  group: ContactGroup;
  canRemove: boolean;
  onRemove: (r: Recipient) => void;
  busy: boolean;
}) {
  return (
    <DataTable<Recipient>
      title={`People in ${group.name}`}
      queryKey={[...crmKeys.groups, 'people', group.id]}
      fetchPage={fetchGroupPeople(group.id)}
      rowKey={(r) => `${r.kind}:${r.id}`}
      searchPlaceholder="Search name, phone or e-mail"
      columns={[
        {
          id: 'name',
          header: 'Name',
          mobile: 'title',
          alwaysVisible: true,
          cell: (r) => <PersonName person={r} />,
        },
        {
          id: 'kind',
          header: 'Kind',
          mobile: 'badge',
          cell: (r) => <Badge tone={r.kind === 'member' ? 'info' : 'neutral'}>{KIND_LABELS[r.kind]}</Badge>,
        },
        {
          id: 'phone',
          header: 'Phone',
          mobile: 'subtitle',
          cell: (r) => (r.phone ? <PhoneLink phone={r.phone} /> : <span className="text-muted">—</span>),
        },
        {
          id: 'email',
          header: 'E-mail',
          mobile: 'subtitle',
          cell: (r) => (r.email ? <span className="break-words">{r.email}</span> : <span className="text-muted">—</span>),
        },
        ...(canRemove
          ? [
              {
                id: 'actions',
                header: 'Actions',
                align: 'right' as const,
                mobile: 'actions' as const,
                alwaysVisible: true,
                cell: (r: Recipient) => (
                  <Button size="sm" variant="ghost-danger" aria-label={`Take ${r.name} out`} disabled={busy} onClick={() => onRemove(r)}>
                    <UserMinus size={14} aria-hidden /> Take out
                  </Button>
                ),
              },
            ]
          : []),
      ]}
      empty={{
        icon: UsersRound,
        title: group.filter ? 'Nobody matches this filter today' : 'Nobody in this group',
        description: group.filter
          ? 'The group finds people again each time it is used.'
          : 'People listed here who were removed elsewhere are left out.',
      }}
    />
  );
}

/** A member's or an enquiry's name links to their page; a booking client's is plain. */
function PersonName({ person }: { person: Recipient }) {
  const to = person.kind === 'member' ? memberPath(person.id) : person.kind === 'enquiry' ? enquiryPath(person.id) : null;
  if (!to) return <span className="font-medium">{person.name}</span>;
  return (
    <Link to={to} className="font-medium hover:text-accent-text hover:underline">
      {person.name}
    </Link>
  );
}

function AddPeopleDialog({ group, onClose }: { group: ContactGroup; onClose: () => void }) {
  const [chosen, setChosen] = useState<Contact[]>([]);
  const [error, setError] = useState<string | undefined>();
  const { addPeople } = useContactGroupMutations();
  const save = async () => {
    if (!chosen.length) return setError('Add at least one person.');
    try {
      await addPeople.mutateAsync({ id: group.id, members: chosen });
      notify.success(`${chosen.length === 1 ? chosen[0].title : `${chosen.length} people`} added to ${group.name}.`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Add people to ${group.name}`}
      description="Find members, booking clients and enquiries; each is added once."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={addPeople.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={addPeople.isPending}>
            {addPeople.isPending ? 'Adding…' : chosen.length > 1 ? `Add ${chosen.length} People` : 'Add to Group'}
          </Button>
        </>
      }
    >
      <PeoplePicker
        value={chosen}
        onChange={(people) => (setChosen(people), setError(undefined))}
        already={group.members}
        error={error}
        autoFocus
      />
    </Dialog>
  );
}

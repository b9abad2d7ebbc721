import { AUDIENCE_LABELS, AUDIENCES, type ContactGroupInput } from '@arena/contracts/crm';
import { membershipPlanEndpoints, batchEndpoints } from '@arena/contracts/membership/routes';
import { z } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { Eye, Plus, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type ListParams } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { SelectField, TextareaField, TextField } from '../../components/form';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatCount } from '../../lib/format';
import { notify } from '../../lib/notify';
import { crmKeys, fetchGroups, groupsExport, useContactGroupMutations, useContactGroupPreview, type ContactGroup } from './api';

const AUDIENCE_OPTIONS = AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }));
const form = z.object({ name: z.string(), description: z.string(), audience: z.string(), plan: z.string(), batch: z.string() });

/** CRM › Contact Groups: saved audiences (a filter over members, enquiries or booking clients) that promotions and messages go to. */
export function ContactGroupsPage() {
  const [adding, setAdding] = useState(false);
  const [previewing, setPreviewing] = useState<ContactGroup | null>(null);
  const [removing, setRemoving] = useState<ContactGroup | null>(null);
  const { create, remove } = useContactGroupMutations();
  return (
    <div>
      <PageHeader
        title="Contact Groups"
        description="Saved audiences: who a promotion or a message goes to, worked out again each time it is used."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden /> Add Group
          </Button>
        }
      />
      <DataTable
        title="Contact groups"
        queryKey={[...crmKeys.groups, 'list']}
        fetchPage={fetchGroups}
        exportPath={groupsExport}
        columns={[
          { id: 'name', header: 'Name', sortKey: 'name', mobile: 'title', cell: (g) => <span className="font-medium">{g.name}</span> },
          { id: 'description', header: 'Description', mobile: 'subtitle', cell: (g) => g.description || '—' },
          {
            id: 'audience',
            header: 'Audience',
            mobile: 'meta',
            cell: (g) => (g.filter ? AUDIENCE_LABELS[g.filter.audience] : `${formatCount(g.members.length)} people listed`),
          },
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            mobile: 'actions',
            alwaysVisible: true,
            cell: (g) => (
              <div className="flex justify-end gap-1">
                <Button size="sm" variant="ghost" aria-label={`Preview ${g.name}`} onClick={() => setPreviewing(g)}>
                  <Eye size={14} aria-hidden /> Preview
                </Button>
                <Button size="sm" variant="ghost-danger" aria-label={`Delete ${g.name}`} onClick={() => setRemoving(g)}>
                  <Trash2 size={14} aria-hidden />
                </Button>
              </div>
            ),
          },
        ]}
        rowKey={(g) => g.id}
        searchPlaceholder="Search groups"
        empty={{
          icon: UsersRound,
          title: 'No contact groups yet',
          description: 'Save an audience — active members, a plan’s members, open enquiries — to message it later.',
        }}
      />
      <GroupForm
        open={adding}
        onOpenChange={setAdding}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          notify.success(`Contact group ${input.name} saved.`);
        }}
      />
      {previewing && <PreviewDialog group={previewing} onClose={() => setPreviewing(null)} />}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setRemoving(null)}
          title={`Delete ${removing.name}?`}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={async () => {
            try {
              await remove.mutateAsync(removing.id);
              notify.success(`Contact group ${removing.name} deleted.`);
            } catch (e) {
              notify.error(errorMessage(e));
            }
            setRemoving(null);
          }}
        >
          The people in it are not affected.
        </ConfirmDialog>
      )}
    </div>
  );
}

const useChoices = (kind: 'plan' | 'batch', enabled: boolean) =>
  useQuery({
    queryKey: ['crm', 'choices', kind],
    queryFn: () =>
      kind === 'plan'
        ? call(membershipPlanEndpoints.dropdown).then((b) => b.results)
        : call(batchEndpoints.list, { query: { page: 1, page_size: 200 } as ListParams }).then((b) =>
            b.results.map((x) => ({ id: x.id, name: x.name })),
          ),
    enabled,
    retry: false,
  });

function GroupForm({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (input: ContactGroupInput) => Promise<unknown>;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Contact Group"
      schema={form}
      defaultValues={{ name: '', description: '', audience: 'active_members', plan: '', batch: '' }}
      onSubmit={(v) =>
        onSubmit({
          name: v.name,
          description: v.description,
          members: [],
          filter: {
            audience: v.audience as (typeof AUDIENCES)[number],
            plan: v.audience === 'plan' && v.plan ? Number(v.plan) : null,
            batch: v.audience === 'batch' && v.batch ? Number(v.batch) : null,
          },
        })
      }
      submitLabel="Save Group"
    >
      {({ control }) => <GroupFields control={control} />}
    </FormDialog>
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the dialog's form control
function GroupFields({ control }: { control: any }) {
  const audience = useWatch({ control, name: 'audience' }) as string;
  const plans = useChoices('plan', audience === 'plan');
  const batches = useChoices('batch', audience === 'batch');
  return (
    <div className="grid gap-4">
      <TextField control={control} name="name" label="Name" required maxLength={100} />
      <TextareaField control={control} name="description" label="Description" rows={2} maxLength={500} />
      <SelectField control={control} name="audience" label="Audience" options={AUDIENCE_OPTIONS} />
      {audience === 'plan' && (
        <SelectField
          control={control}
          name="plan"
          label="Plan"
          required
          placeholder="Select plan"
          options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          loading={plans.isPending}
        />
      )}
      {audience === 'batch' && (
        <SelectField
          control={control}
          name="batch"
          label="Batch"
          required
          placeholder="Select batch"
          options={(batches.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          loading={batches.isPending}
        />
      )}
    </div>
  );
}

function PreviewDialog({ group, onClose }: { group: ContactGroup; onClose: () => void }) {
  const preview = useContactGroupPreview(group.id);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={group.name} description="Who this group reaches now (the first 20 shown).">
      {preview.isPending ? (
        <Skeleton className="h-40" />
      ) : preview.isError ? (
        <p className="text-sm text-danger-text">{errorMessage(preview.error)}</p>
      ) : (
        <div>
          <p className="mb-3 text-sm font-medium">{formatCount(preview.data.count)} people</p>
          <ul className="divide-y divide-line text-sm">
            {preview.data.results.map((r) => (
              <li key={`${r.kind}:${r.id}`} className="flex justify-between gap-3 py-1.5">
                <span>{r.name}</span>
                <span className="text-muted tabular">{r.phone || r.email}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}

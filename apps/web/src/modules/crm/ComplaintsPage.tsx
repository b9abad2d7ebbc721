import { COMPLAINT_PRIORITIES, complaintInputSchema, type ComplaintInput } from '@arena/contracts/crm';
import { z } from '@arena/contracts/kit';
import { CheckCircle2, MessageSquareWarning, Plus, RotateCcw, UserCog } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { FormDialog } from '../../components/FormDialog';
import { MenuTabs } from '../../components/MenuTabs';
import { NOTE_DIALOG_CANCELLED, openNoteDialog } from '../../components/NoteDialog';
import { PageHeader } from '../../components/PageHeader';
import { PhoneLink } from '../../components/PhoneLink';
import { optionsOf, PhoneField, SelectField, TextareaField, TextField } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { requestSchema } from '../../lib/form';
import { useCentres, useStaffChoices } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import { complaintsExport, crmKeys, fetchComplaints, useComplaintMutations, type Complaint } from './api';
import { PriorityBadge } from './parts';

const PRIORITY_OPTIONS = COMPLAINT_PRIORITIES.map((p) => ({ value: p, label: p[0].toUpperCase() + p.slice(1) }));

/** CRM › Complaints (tabs Open, Closed; Alt+3): record, assign, close with a resolution, reopen. */
export function ComplaintsPage({ node }: { node: ResolvedNode }) {
  const closedTab = node.fullPath.endsWith('/closed');
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(params.get('add') === '1');
  const [assigning, setAssigning] = useState<Complaint | null>(null);
  const [priority, setPriority] = useState('');
  const { create, update, close, reopen } = useComplaintMutations();
  const open = (o: boolean) => {
    setAdding(o);
    if (!o && params.get('add')) setParams((p) => (p.delete('add'), p), { replace: true });
  };

  const closeIt = async (c: Complaint) => {
    let resolution: string;
    try {
      resolution = (
        await openNoteDialog({
          type: 'note',
          title: `Close “${c.subject}”`,
          description: 'How was it resolved?',
          label: 'Resolution',
          maxLength: 2000,
        })
      ).text.trim();
    } catch (error) {
      if (error instanceof Error && error.message === NOTE_DIALOG_CANCELLED) return;
      throw error;
    }
    try {
      await close.mutateAsync({ id: c.id, resolution });
      notify.success(`Complaint “${c.subject}” closed.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div>
      <PageHeader
        title="Complaints"
        description="What members and visitors complained about, who is on it, and how it was resolved."
        actions={
          <Button onClick={() => open(true)}>
            <Plus size={16} aria-hidden /> Add Complaint
          </Button>
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title={closedTab ? 'Closed complaints' : 'Open complaints'}
        queryKey={[...crmKeys.complaints, 'list']}
        fetchPage={fetchComplaints}
        exportPath={complaintsExport}
        scope={{ status: closedTab ? 'closed' : 'open' }}
        filters={{ priority: priority || undefined }}
        filterControls={
          <FilterSelect label="Priority" value={priority} onChange={setPriority} options={PRIORITY_OPTIONS} allLabel="Any priority" />
        }
        onClearFilters={() => setPriority('')}
        columns={[
          { id: 'subject', header: 'Subject', mobile: 'title', cell: (c) => <span className="font-medium">{c.subject}</span> },
          {
            id: 'from',
            header: 'From',
            mobile: 'subtitle',
            cell: (c) => (
              <span>
                {c.name}
                {c.member_code && <span className="text-xs text-muted tabular"> {c.member_code}</span>}
                {c.phone && (
                  <span className="block text-xs">
                    <PhoneLink phone={c.phone} />
                  </span>
                )}
              </span>
            ),
          },
          {
            id: 'priority',
            header: 'Priority',
            sortKey: 'priority',
            mobile: 'badge',
            cell: (c) => <PriorityBadge priority={c.priority} />,
          },
          { id: 'assigned', header: 'Assigned to', mobile: 'meta', cell: (c) => c.assigned_to_name || '—' },
          closedTab
            ? {
                id: 'resolution',
                header: 'Resolution',
                mobile: 'meta',
                cell: (c) => `${c.resolution} — ${c.resolved_by_name}, ${formatDateTime(c.resolved_at)}`,
              }
            : { id: 'received', header: 'Received', sortKey: 'created_at', mobile: 'meta', cell: (c) => formatDateTime(c.created_at) },
          {
            id: 'actions',
            header: 'Actions',
            align: 'right',
            mobile: 'actions',
            alwaysVisible: true,
            cell: (c) => (
              <div className="flex justify-end gap-1">
                {c.status === 'open' ? (
                  <>
                    <Button size="sm" variant="ghost" aria-label={`Assign “${c.subject}”`} onClick={() => setAssigning(c)}>
                      <UserCog size={14} aria-hidden /> Assign
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`Close “${c.subject}”`} onClick={() => void closeIt(c)}>
                      <CheckCircle2 size={14} aria-hidden /> Close
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Reopen “${c.subject}”`}
                    onClick={() =>
                      void reopen.mutateAsync(c.id).then(
                        () => notify.success(`Complaint “${c.subject}” reopened.`),
                        (e: unknown) => notify.error(errorMessage(e)),
                      )
                    }
                  >
                    <RotateCcw size={14} aria-hidden /> Reopen
                  </Button>
                )}
              </div>
            ),
          },
        ]}
        rowKey={(c) => c.id}
        searchPlaceholder="Search subject, name or phone"
        empty={{
          icon: MessageSquareWarning,
          title: closedTab ? 'No closed complaints' : 'No open complaints',
          description: closedTab ? 'Complaints closed with their resolution show here.' : 'Nothing to resolve right now.',
        }}
      />
      <ComplaintForm
        open={adding}
        onOpenChange={open}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          notify.success(`Complaint “${input.subject}” recorded.`);
        }}
      />
      {assigning && (
        <AssignDialog
          complaint={assigning}
          onDone={() => setAssigning(null)}
          update={(input) => update.mutateAsync({ id: assigning.id, input })}
        />
      )}
    </div>
  );
}

const complaintFields = z.object({
  name: z.string(),
  phone: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.string(),
  assigned_to: z.string(),
  centre: z.string(),
});
const complaintSchema = requestSchema(complaintFields, complaintInputSchema, (v) => ({
  member: null,
  name: v.name,
  phone: v.phone,
  subject: v.subject,
  description: v.description,
  priority: v.priority as ComplaintInput['priority'],
  assigned_to: v.assigned_to ? Number(v.assigned_to) : null,
  centre: v.centre ? Number(v.centre) : null,
}));

function ComplaintForm({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onSubmit: (input: ComplaintInput) => Promise<unknown>;
}) {
  const staff = useStaffChoices();
  const centres = useCentres();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Complaint"
      size="lg"
      schema={complaintSchema}
      defaultValues={{ name: '', phone: '', subject: '', description: '', priority: 'medium', assigned_to: '', centre: sidebarCentre }}
      onSubmit={onSubmit}
      submitLabel="Add Complaint"
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField control={control} name="name" label="From (name)" required maxLength={120} />
          <PhoneField control={control} name="phone" label="Phone" required hint="A member's number links the complaint to them." />
          <TextField control={control} name="subject" label="Subject" required maxLength={200} className="sm:col-span-2" />
          <TextareaField control={control} name="description" label="Description" rows={3} maxLength={4000} className="sm:col-span-2" />
          <SelectField control={control} name="priority" label="Priority" options={PRIORITY_OPTIONS} />
          <SelectField control={control} name="assigned_to" label="Assigned to" placeholder="Nobody yet" options={optionsOf(staff.data)} />
          <SelectField control={control} name="centre" label="Center" placeholder="Any center" options={optionsOf(centres.data)} />
        </div>
      )}
    </FormDialog>
  );
}

const assignSchema = z.object({ assigned_to: z.string(), priority: z.enum(COMPLAINT_PRIORITIES) });

function AssignDialog({
  complaint,
  onDone,
  update,
}: {
  complaint: Complaint;
  onDone: () => void;
  update: (input: { assigned_to: number | null; priority: Complaint['priority'] }) => Promise<unknown>;
}) {
  const staff = useStaffChoices();
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onDone()}
      title={`Assign “${complaint.subject}”`}
      schema={assignSchema}
      defaultValues={{ assigned_to: complaint.assigned_to ? String(complaint.assigned_to) : '', priority: complaint.priority }}
      onSubmit={async (v) => {
        await update({ assigned_to: v.assigned_to ? Number(v.assigned_to) : null, priority: v.priority });
        notify.success('Complaint assigned.');
      }}
      submitLabel="Save"
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField control={control} name="assigned_to" label="Assigned to" placeholder="Nobody" options={optionsOf(staff.data)} />
          <SelectField control={control} name="priority" label="Priority" options={PRIORITY_OPTIONS} />
        </div>
      )}
    </FormDialog>
  );
}

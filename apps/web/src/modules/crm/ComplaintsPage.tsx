import { COMPLAINT_PRIORITIES, complaintInputSchema, type ComplaintInput } from '@arena/contracts/crm';
import { z } from '@arena/contracts/kit';
import type { MemberLookup } from '@arena/contracts/membership';
import { CheckCircle2, MessageSquareWarning, Plus, RotateCcw, UserCog, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useController, type Control, type UseFormSetValue } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
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
import { MemberPicker, memberPath } from '../membership/public';
import { complaintsExport, crmKeys, fetchComplaints, useComplaintMutations, type Complaint } from './api';
import { PriorityBadge } from './parts';

const PRIORITY_OPTIONS = COMPLAINT_PRIORITIES.map((p) => ({ value: p, label: p[0].toUpperCase() + p.slice(1) }));

/** CRM › Complaints (tabs Open, Closed; Alt+3): record, assign, close with a resolution, reopen. */
export function ComplaintsPage({ node }: { node: ResolvedNode }) {
  const closedTab = node.fullPath.endsWith('/closed');
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(params.get('add') === '1');
  const [assigning, setAssigning] = useState<Complaint | null>(null);
  const [viewing, setViewing] = useState<Complaint | null>(null);
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
          {
            id: 'subject',
            header: 'Subject',
            mobile: 'title',
            alwaysVisible: true,
            cell: (c) => (
              <button
                type="button"
                className="text-left font-medium hover:text-accent-text hover:underline"
                onClick={() => setViewing(c)}
                aria-label={`View “${c.subject}”`}
              >
                {c.subject}
              </button>
            ),
          },
          {
            id: 'from',
            header: 'From',
            mobile: 'subtitle',
            cell: (c) => (
              <span>
                <ComplaintFromName complaint={c} />
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
      {viewing && <ComplaintDialog complaint={viewing} onClose={() => setViewing(null)} />}
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

/** A member picked for a complaint: who it is from (their name and phone come with them). */
type From = { id: number; name: string; code: string; phone: string };

const complaintFields = z.object({
  member: z.custom<From | null>(),
  name: z.string(),
  phone: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.string(),
  assigned_to: z.string(),
  centre: z.string(),
});
type ComplaintFields = z.infer<typeof complaintFields>;
const complaintSchema = requestSchema(complaintFields, complaintInputSchema, (v) => ({
  member: v.member?.id ?? null,
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
      description="From a member — find them by name, phone or code — or from anyone else by name and phone."
      size="lg"
      schema={complaintSchema}
      defaultValues={{
        member: null,
        name: '',
        phone: '',
        subject: '',
        description: '',
        priority: 'medium',
        assigned_to: '',
        centre: sidebarCentre,
      }}
      onSubmit={onSubmit}
      submitLabel="Add Complaint"
    >
      {({ control, setValue }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <ComplaintFrom
            control={control as unknown as Control<ComplaintFields>}
            setValue={setValue as unknown as UseFormSetValue<ComplaintFields>}
          />
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

/**
 * Who the complaint is from: a member found by name, phone or code (their name and phone fill in
 * and the complaint links to them), or else a name and phone typed in.
 */
function ComplaintFrom({ control, setValue }: { control: Control<ComplaintFields>; setValue: UseFormSetValue<ComplaintFields> }) {
  const { field } = useController({ control, name: 'member' });
  const member = field.value;
  const pick = (m: MemberLookup) => {
    field.onChange({ id: m.id, name: m.full_name, code: m.member_code, phone: m.phone });
    setValue('name', m.full_name, { shouldValidate: false });
    setValue('phone', m.phone, { shouldValidate: false });
  };
  const clear = () => {
    field.onChange(null);
    setValue('name', '');
    setValue('phone', '');
  };
  return (
    <>
      <div className="sm:col-span-2">
        {member ? (
          <div>
            <p className="mb-1.5 text-sm font-medium text-fg">Member</p>
            <div className="flex items-center justify-between gap-3 rounded-md border border-line-strong bg-subtle/50 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{member.name}</p>
                <p className="truncate text-xs tabular text-muted">
                  {member.code} · {member.phone}
                </p>
              </div>
              <Button size="sm" variant="ghost" onClick={clear} aria-label={`Change member (${member.name})`}>
                <X size={14} aria-hidden /> Change
              </Button>
            </div>
          </div>
        ) : (
          <MemberPicker label="Member" value={null} onChange={() => undefined} action={{ label: 'Choose', run: pick }} />
        )}
      </div>
      <TextField
        control={control}
        name="name"
        label="From (name)"
        required={!member}
        disabled={!!member}
        maxLength={120}
        hint={member ? undefined : 'Not a member? Type their name and phone.'}
      />
      <PhoneField control={control} name="phone" label="Phone" required={!member} disabled={!!member} />
    </>
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

/** Who a complaint is from: the member, linked to their page with their code, or the name given. */
function ComplaintFromName({ complaint: c }: { complaint: Complaint }) {
  if (!c.member) return <>{c.name}</>;
  return (
    <Link to={memberPath(c.member)} className="font-medium text-accent-text hover:underline">
      {c.name}
      {c.member_code && <span className="text-xs font-normal tabular"> ({c.member_code})</span>}
    </Link>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-fg">{children}</dd>
    </div>
  );
}

/** A complaint in full: who it is from (the member linked), what it says, and how it was resolved. */
function ComplaintDialog({ complaint: c, onClose }: { complaint: Complaint; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={c.subject} description={`Received ${formatDateTime(c.created_at)}`}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
        <Fact label="From">
          <ComplaintFromName complaint={c} />
          {!c.member && <span className="block text-xs text-muted">Not a member</span>}
        </Fact>
        <Fact label="Phone">{c.phone ? <PhoneLink phone={c.phone} /> : '—'}</Fact>
        <Fact label="Priority">
          <PriorityBadge priority={c.priority} />
        </Fact>
        <Fact label="Status">
          <Badge tone={c.status === 'open' ? 'info' : 'success'}>{c.status === 'open' ? 'Open' : 'Closed'}</Badge>
        </Fact>
        <Fact label="Assigned to">{c.assigned_to_name || '—'}</Fact>
        <Fact label="Center">{c.centre_name || '—'}</Fact>
        <Fact label="Description" wide>
          {c.description || '—'}
        </Fact>
        {c.status === 'closed' && (
          <Fact label="Resolution" wide>
            {c.resolution}
            <span className="block text-xs text-muted">
              {c.resolved_by_name || 'Resolved'}
              {c.resolved_at ? `, ${formatDateTime(c.resolved_at)}` : ''}
            </span>
          </Fact>
        )}
      </dl>
    </Dialog>
  );
}

import { FOLLOW_UP_METHOD_LABELS, FOLLOW_UP_METHODS, followUpInputSchema, ENQUIRY_SOURCE_LABELS } from '@arena/contracts/crm';
import { z } from '@arena/contracts/kit';
import { History, Pencil, PhoneCall, RotateCcw, Trash2, UserCheck, UserX, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { NOTE_DIALOG_CANCELLED, openNoteDialog } from '../../components/NoteDialog';
import { PhoneLink } from '../../components/PhoneLink';
import { Skeleton } from '../../components/Skeleton';
import { TabNav } from '../../components/TabNav';
import { DateField, optionsOf, SelectField, TextareaField } from '../../components/form';
import { ApiError } from '../../lib/api';
import { useCrumbName } from '../../lib/crumbs';
import { useScreenTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { requestSchema } from '../../lib/form';
import { useStaffChoices } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useCan } from '../../lib/useCan';
import { fillParams, tabsOf, type ResolvedNode } from '../../lib/web-module';
import { memberPath } from '../membership/public';
import { crmKeys, fetchFollowUps, useEnquiry, useEnquiryMutations, type Enquiry } from './api';
import { EnquiryForm } from './EnquiryForm';
import { EnquiryStatusBadge, enquiryPath, FollowUpDate } from './parts';

/** An enquiry (`/crm-management/all-enquiries/:enquiryId`, tabs Profile and Follow-up History): edit, follow up, close or reopen, convert. */
export function EnquiryPage({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const id = Number(params.enquiryId) || null;
  const enquiry = useEnquiry(id);
  useScreenTitle(enquiry.data?.name);
  useCrumbName(enquiryPath(id ?? 0), enquiry.data?.name);
  if (!id || (enquiry.error instanceof ApiError && enquiry.error.status === 404))
    return (
      <Card>
        <EmptyState
          icon={UserX}
          title="Enquiry not found"
          action={
            <Link to="/crm-management/all-enquiries" className={buttonClass('secondary')}>
              All enquiries
            </Link>
          }
        >
          There is no enquiry {params.enquiryId} in this organisation, or it was removed.
        </EmptyState>
      </Card>
    );
  if (enquiry.isPending)
    return (
      <div className="space-y-5" aria-busy="true">
        <Skeleton className="h-36 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  if (enquiry.isError) return <Alert tone="error">{errorMessage(enquiry.error)}</Alert>;
  return <EnquiryScreen node={node} enquiry={enquiry.data} />;
}

function EnquiryScreen({ node, enquiry }: { node: ResolvedNode; enquiry: Enquiry }) {
  const params = useParams();
  const location = useLocation();
  const history = location.pathname.endsWith('/followup-history');
  const [editing, setEditing] = useState(false);
  const [following, setFollowing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { update, close, reopen, remove } = useEnquiryMutations();
  const canDelete = useCan('CRM Management', 'manage') && enquiry.status !== 'converted';
  const navigate = useNavigate();

  const closeIt = async () => {
    let reason: string;
    try {
      reason = (
        await openNoteDialog({
          type: 'note',
          title: `Close ${enquiry.name}`,
          description: 'Why is this enquiry closed?',
          label: 'Reason',
          maxLength: 500,
        })
      ).text.trim();
    } catch (error) {
      if (error instanceof Error && error.message === NOTE_DIALOG_CANCELLED) return;
      throw error;
    }
    try {
      await close.mutateAsync({ id: enquiry.id, reason });
      notify.success(`Enquiry from ${enquiry.name} closed.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const reopenIt = async () => {
    try {
      await reopen.mutateAsync(enquiry.id);
      notify.success(`Enquiry from ${enquiry.name} reopened.`);
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
              <h1 className="text-xl font-semibold tracking-tight text-fg">{enquiry.name}</h1>
              <EnquiryStatusBadge status={enquiry.status} />
            </div>
            <p className="mt-0.5 text-sm text-muted">
              <PhoneLink phone={enquiry.phone} /> · {ENQUIRY_SOURCE_LABELS[enquiry.source]} · {enquiry.centre_name}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
              <Fact label="Next follow-up">
                <FollowUpDate date={enquiry.next_follow_up} open={enquiry.status === 'open'} />
              </Fact>
              <Fact label="Assigned to">{enquiry.assigned_to_name || '—'}</Fact>
              <Fact label="Follow-ups">{enquiry.follow_ups}</Fact>
              <Fact label="Received">{formatDate(enquiry.created_at.slice(0, 10))}</Fact>
            </dl>
            {enquiry.status === 'converted' && enquiry.member && (
              <p className="mt-3 text-sm">
                Converted to member{' '}
                <Link to={memberPath(enquiry.member)} className="font-medium text-accent-text hover:underline">
                  {enquiry.member_name} ({enquiry.member_code})
                </Link>
                {enquiry.converted_at && <span className="text-muted"> on {formatDateTime(enquiry.converted_at)}</span>}
              </p>
            )}
            {enquiry.status === 'closed' && (
              <p className="mt-3 text-sm">
                <span className="font-medium">Closed:</span> {enquiry.close_reason}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2 lg:shrink-0 lg:justify-end">
            {enquiry.status === 'open' && (
              <>
                <Link to={enquiryPath(enquiry.id, 'convert')} className={buttonClass('primary', 'sm')}>
                  <UserCheck size={15} aria-hidden /> Convert to Member
                </Link>
                <Button size="sm" variant="secondary" onClick={() => setFollowing(true)}>
                  <PhoneCall size={15} aria-hidden /> Log Follow-up
                </Button>
                <Button size="sm" variant="secondary" onClick={() => void closeIt()}>
                  <XCircle size={15} aria-hidden /> Close
                </Button>
              </>
            )}
            {enquiry.status === 'closed' && (
              <Button size="sm" variant="secondary" onClick={() => void reopenIt()}>
                <RotateCcw size={15} aria-hidden /> Reopen
              </Button>
            )}
            {enquiry.status !== 'converted' && (
              <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
                <Pencil size={15} aria-hidden /> Edit
              </Button>
            )}
            {canDelete && (
              <Button size="sm" variant="ghost-danger" onClick={() => setDeleting(true)}>
                <Trash2 size={15} aria-hidden /> Delete
              </Button>
            )}
          </div>
        </div>
      </Card>
      <div className="pt-2">
        <TabNav label="Enquiry sections" tabs={tabsOf(node).map((t) => ({ to: fillParams(t.fullPath, params), label: t.label }))} />
        {history ? <FollowUps enquiry={enquiry} onAdd={() => setFollowing(true)} /> : <Profile enquiry={enquiry} />}
      </div>
      <EnquiryForm
        enquiry={enquiry}
        open={editing}
        onOpenChange={setEditing}
        onSubmit={async (input) => {
          await update.mutateAsync({ id: enquiry.id, input });
          notify.success(`Enquiry from ${input.name} saved.`);
        }}
      />
      <FollowUpDialog enquiry={enquiry} open={following} onOpenChange={setFollowing} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete the enquiry from ${enquiry.name}?`}
        confirmLabel="Delete enquiry"
        tone="danger"
        onConfirm={async () => {
          try {
            await remove.mutateAsync(enquiry.id);
          } catch (error) {
            notify.error(errorMessage(error));
            throw error;
          }
          notify.success(`Enquiry from ${enquiry.name} deleted.`);
          void navigate('/crm-management/all-enquiries', { replace: true });
        }}
      >
        {enquiry.follow_ups === 0
          ? 'The enquiry is removed for good.'
          : `The enquiry and its ${enquiry.follow_ups === 1 ? 'follow-up' : `${enquiry.follow_ups} follow-ups`} are removed for good.`}{' '}
        {enquiry.status === 'open' && 'To keep the record of a lead that went nowhere, close it instead.'}
      </ConfirmDialog>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

function Profile({ enquiry }: { enquiry: Enquiry }) {
  return (
    <Card className="p-5">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="E-mail">{enquiry.email || '—'}</Fact>
        <Fact label="Gender">{enquiry.gender ? enquiry.gender[0].toUpperCase() + enquiry.gender.slice(1) : '—'}</Fact>
        <Fact label="Center">{enquiry.centre_name}</Fact>
        <Fact label="Interested in">{enquiry.interested_in || '—'}</Fact>
        <Fact label="Plans">{enquiry.plan_names.join(', ') || '—'}</Fact>
        <Fact label="Sports">{enquiry.sport_names.join(', ') || '—'}</Fact>
        <div className="sm:col-span-2 lg:col-span-3">
          <Fact label="Notes">{enquiry.notes || '—'}</Fact>
        </div>
      </dl>
    </Card>
  );
}

function FollowUps({ enquiry, onAdd }: { enquiry: Enquiry; onAdd: () => void }) {
  return (
    <DataTable
      title={`Follow-ups of ${enquiry.name}`}
      queryKey={[...crmKeys.followUps, enquiry.id]}
      fetchPage={fetchFollowUps}
      scope={{ enquiry: String(enquiry.id) }}
      columns={[
        {
          id: 'date',
          header: 'Date',
          sortKey: 'date',
          mobile: 'subtitle',
          cell: (f) => <span className="tabular">{formatDate(f.date)}</span>,
        },
        { id: 'method', header: 'Method', mobile: 'badge', cell: (f) => FOLLOW_UP_METHOD_LABELS[f.method] },
        { id: 'outcome', header: 'Outcome', mobile: 'title', cell: (f) => f.outcome },
        { id: 'next', header: 'Next follow-up', mobile: 'meta', cell: (f) => (f.next_follow_up ? formatDate(f.next_follow_up) : '—') },
        { id: 'staff', header: 'Staff', mobile: 'meta', cell: (f) => f.staff_name || '—' },
      ]}
      rowKey={(f) => f.id}
      searchPlaceholder="Search outcomes"
      actions={
        enquiry.status === 'open' ? (
          <Button size="sm" onClick={onAdd}>
            <PhoneCall size={15} aria-hidden /> Log Follow-up
          </Button>
        ) : undefined
      }
      empty={{
        icon: History,
        title: 'No follow-ups yet',
        description: 'Each call, message or visit logged here moves the next follow-up date.',
      }}
    />
  );
}

const METHOD_OPTIONS = FOLLOW_UP_METHODS.map((m) => ({ value: m, label: FOLLOW_UP_METHOD_LABELS[m] }));
const followUpForm = z.object({ date: z.string(), method: z.string(), outcome: z.string(), next_follow_up: z.string(), staff: z.string() });

function FollowUpDialog({ enquiry, open, onOpenChange }: { enquiry: Enquiry; open: boolean; onOpenChange: (open: boolean) => void }) {
  const staff = useStaffChoices();
  const { addFollowUp } = useEnquiryMutations();
  const schema = requestSchema(followUpForm, followUpInputSchema, (v) => ({
    enquiry: enquiry.id,
    date: v.date || undefined,
    method: v.method as (typeof FOLLOW_UP_METHODS)[number],
    outcome: v.outcome,
    next_follow_up: v.next_follow_up || null,
    staff: v.staff ? Number(v.staff) : null,
  }));
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Log a follow-up with ${enquiry.name}`}
      schema={schema}
      defaultValues={{
        date: todayIso(),
        method: 'call',
        outcome: '',
        next_follow_up: '',
        staff: enquiry.assigned_to ? String(enquiry.assigned_to) : '',
      }}
      onSubmit={async (input) => {
        await addFollowUp.mutateAsync(input);
        notify.success('Follow-up logged.');
      }}
      submitLabel="Log Follow-up"
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField control={control} name="date" label="Date" required max={todayIso()} />
          <SelectField control={control} name="method" label="Method" required options={METHOD_OPTIONS} />
          <TextareaField control={control} name="outcome" label="Outcome" required rows={2} maxLength={1000} className="sm:col-span-2" />
          <DateField control={control} name="next_follow_up" label="Next follow-up" hint="Leave empty when none is planned." />
          <SelectField control={control} name="staff" label="Staff" placeholder="Not named" options={optionsOf(staff.data)} />
        </div>
      )}
    </FormDialog>
  );
}

import { PhoneLink } from '../../../components/PhoneLink';
import { LogIn, RefreshCw, UserPlus, Users, Wallet, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/Button';
import { CentreFilter } from '../../../components/CentreFilter';
import { actionsColumn } from '../../../components/columns';
import { DataTable, type Column } from '../../../components/DataTable';
import { FilterSelect } from '../../../components/FilterSelect';
import { PageHeader } from '../../../components/PageHeader';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSidebar } from '../../../state/sidebar';
import { fetchMembers, membersExport, membershipKeys, useBatches, usePlans, type Member } from './api';
import { MessageButton, useCheckInAction } from './actions';
import { CollectPaymentDialog } from './CollectPaymentDialog';
import { MemberAvatar } from './MemberAvatar';
import { memberPath } from './paths';
import { RenewDialog } from './RenewDialog';
import { positive } from './sale';
import { MEMBER_STATUS_OPTIONS, MemberStatusBadge } from './status';

const options = (items: { id: number; name: string }[] | undefined) => (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

/** All Members (`/members`, Membership › Members): every member with status, plan, end date and dues; renew, collect and check in from the row. */
export function MembersPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [searchParams] = useSearchParams();
  const initialSearch = searchParams.get('search') ?? '';
  const [status, setStatus] = useState(searchParams.get('status') ?? '');
  // The window a dashboard tile opens the list with ("Expired, last 30 days"): its end dates.
  const [ended, setEnded] = useState({ after: searchParams.get('ended_after') ?? '', before: searchParams.get('ended_before') ?? '' });
  const [centre, setCentre] = useState(sidebarCentre);
  const [plan, setPlan] = useState('');
  const [batch, setBatch] = useState('');
  const [renewing, setRenewing] = useState<Member | null>(null);
  const [collecting, setCollecting] = useState<Member | null>(null);
  const plans = usePlans(false);
  const batches = useBatches();
  const { checkIn, busy, dialog: secondSession } = useCheckInAction();

  const columns: Column<Member>[] = [
    {
      id: 'name',
      header: 'Member',
      sortKey: 'first_name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (m) => (
        <Link to={memberPath(m.id)} className="group flex min-w-[11rem] items-center gap-3">
          <MemberAvatar name={m.full_name} photo={m.photo} />
          <span className="min-w-0">
            <span className="block font-medium text-fg group-hover:text-accent-text group-hover:underline">{m.full_name}</span>
            <span className="block text-xs text-muted tabular">{m.member_code}</span>
          </span>
        </Link>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (m) => <PhoneLink phone={m.phone} /> },
    {
      id: 'plan',
      header: 'Plan',
      mobile: 'meta',
      cell: (m) =>
        m.current_membership ? (
          <span className="whitespace-nowrap">
            {m.current_membership.plan_name}
            {m.current_membership.sessions_left !== null && (
              <span className="block text-xs text-muted">{m.current_membership.sessions_left} sessions left</span>
            )}
          </span>
        ) : m.last_membership ? (
          // No running membership (an expired member): the last one's plan.
          <span className="whitespace-nowrap">{m.last_membership.plan_name}</span>
        ) : (
          <span className="text-muted">No plan</span>
        ),
    },
    {
      id: 'end_date',
      header: 'Ends',
      sortKey: 'end_date',
      mobile: 'meta',
      cell: (m) => {
        const ends = (m.current_membership ?? m.last_membership)?.end_date;
        return <span className="whitespace-nowrap tabular">{ends ? formatDate(ends) : '—'}</span>;
      },
    },
    { id: 'status', header: 'Status', sortKey: 'status', mobile: 'badge', cell: (m) => <MemberStatusBadge status={m.status} /> },
    { id: 'centre', header: 'Center', mobile: false, defaultHidden: true, cell: (m) => m.centre_name },
    {
      id: 'batches',
      header: 'Batches',
      mobile: false,
      defaultHidden: true,
      cell: (m) => (m.batches.length ? m.batches.map((b) => b.name).join(', ') : '—'),
    },
    {
      id: 'joined_on',
      header: 'Joined',
      sortKey: 'joined_on',
      mobile: false,
      defaultHidden: true,
      cell: (m) => <span className="whitespace-nowrap">{formatDate(m.joined_on)}</span>,
    },
    {
      id: 'due',
      header: 'Due',
      sortKey: 'due',
      align: 'right',
      mobile: 'amount',
      cell: (m) => (
        <span className={positive(m.due) ? 'font-semibold text-danger-text tabular' : 'text-muted tabular'}>{formatMoney(m.due)}</span>
      ),
    },
    actionsColumn((m) => (
      <>
        <Button size="sm" variant="ghost" aria-label={`Renew ${m.full_name}`} title="Renew" onClick={() => setRenewing(m)}>
          <RefreshCw size={15} aria-hidden />
          <span className="sm:sr-only 2xl:not-sr-only">Renew</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Collect payment from ${m.full_name}`}
          title={positive(m.due) ? `Collect ${formatMoney(m.due)}` : 'Nothing due'}
          disabled={!positive(m.due)}
          onClick={() => setCollecting(m)}
        >
          <Wallet size={15} aria-hidden />
          <span className="sm:sr-only 2xl:not-sr-only">Collect</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Check in ${m.full_name}`}
          title="Check in now"
          disabled={busy === m.id}
          onClick={() => void checkIn(m)}
        >
          <LogIn size={15} aria-hidden />
          <span className="sm:sr-only 2xl:not-sr-only">Check in</span>
        </Button>
        <MessageButton member={m} />
      </>
    )),
  ];

  const clearFilters = () => {
    setStatus('');
    setCentre('');
    setPlan('');
    setBatch('');
    setEnded({ after: '', before: '' });
  };
  const endedLabel =
    ended.after && ended.before
      ? `Ended ${formatDate(ended.after)} – ${formatDate(ended.before)}`
      : ended.after
        ? `Ended from ${formatDate(ended.after)}`
        : ended.before
          ? `Ended by ${formatDate(ended.before)}`
          : '';

  return (
    <div>
      <PageHeader
        title="All Members"
        description="Everyone who has joined: their plan, when it ends, what they owe. Renew, collect and check in from the row."
        actions={
          <Link to="/membership/add-member" className={buttonClass('primary')}>
            <UserPlus size={16} aria-hidden /> Add Member
          </Link>
        }
      />
      <DataTable
        initialSearch={initialSearch}
        compactCards
        title="Members"
        queryKey={membershipKeys.members}
        fetchPage={fetchMembers}
        exportPath={membersExport}
        columns={columns}
        rowKey={(m) => m.id}
        searchPlaceholder="Search name, phone, code or e-mail"
        filters={{
          status: status || undefined,
          centre: centre || undefined,
          plan: plan || undefined,
          batch: batch || undefined,
          ended_after: ended.after || undefined,
          ended_before: ended.before || undefined,
        }}
        filterControls={
          <>
            <FilterSelect label="Status" value={status} onChange={setStatus} options={MEMBER_STATUS_OPTIONS} />
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect label="Plan" value={plan} onChange={setPlan} options={options(plans.data)} />
            <FilterSelect label="Batch" value={batch} onChange={setBatch} options={options(batches.data)} />
            {endedLabel && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${endedLabel}: remove this filter`}
                onClick={() => setEnded({ after: '', before: '' })}
              >
                {endedLabel}
                <X size={14} aria-hidden />
              </Button>
            )}
          </>
        }
        onClearFilters={clearFilters}
        empty={{
          icon: Users,
          title: 'No members yet',
          description: 'Add the first member with their plan and payment; they appear here with their status and dues.',
          action: (
            <Link to="/membership/add-member" className={buttonClass('primary')}>
              <UserPlus size={16} aria-hidden /> Add Member
            </Link>
          ),
        }}
      />
      {renewing && <RenewDialog member={renewing.id} memberName={renewing.full_name} open onOpenChange={(o) => !o && setRenewing(null)} />}
      {collecting && (
        <CollectPaymentDialog
          member={collecting.id}
          memberName={collecting.full_name}
          open
          onOpenChange={(o) => !o && setCollecting(null)}
        />
      )}
      {secondSession}
    </div>
  );
}

import { PhoneLink } from '../../../components/PhoneLink';
import { Dumbbell, IdCard, Link2, LogIn, Pencil, RefreshCw, Salad, Snowflake, UserX, Wallet } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useCrumbName } from '../../../lib/crumbs';
import { Alert } from '../../../components/Alert';
import { AuditLogTable } from '../../../components/AuditLogTable';
import { Button, buttonClass } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { Skeleton } from '../../../components/Skeleton';
import { TabNav } from '../../../components/TabNav';
import { ApiError } from '../../../lib/api';
import { useScreenTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/useCan';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { fillParams, tabsOf, type ResolvedNode } from '../../../lib/web-module';
import { InvoiceActionButtons } from '../../money/public';
import { PaymentLinkDialog, useCanSendPaymentLink } from '../../payments/public';
import { fetchMemberLogs, memberLogsExport, membershipKeys, useMember, useMemberServices, useMemberships, type Member } from './api';
import { MessageButton, printMemberCard, useCheckInAction } from './actions';
import { AttendanceTab } from './AttendanceTab';
import { CollectPaymentDialog, dueSales } from './CollectPaymentDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { FreezeDialog } from './FreezeDialog';
import { MemberAvatar } from './MemberAvatar';
import { MembershipTab } from './MembershipTab';
import { isMemberPageState, memberPath, tabOfPath } from './paths';
import { PaymentHistoryTab } from './PaymentHistoryTab';
import { PerformanceTab } from './PerformanceTab';
import { RenewDialog } from './RenewDialog';
import { positive } from './sale';
import { ServiceTab } from './ServiceTab';

/** The Workout and Diet tabs are those modules' own (loaded when opened). */
const MemberWorkoutTab = lazy(() => import('../../training-workout/public').then((m) => ({ default: m.MemberWorkoutTab })));
const MemberDietTab = lazy(() => import('../../diet/public').then((m) => ({ default: m.MemberDietTab })));
import { MemberStatusBadge } from './status';

/**
 * A member's page (`/membership/members/:userId` and its sub-pages): the header card with the
 * main actions, then the tabs the menu gives (Membership, Payment History, Attendance, Service,
 * Workout, Performance, Diet, Logs).
 */
export function MemberPage({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const id = Number(params.userId) || null;
  const member = useMember(id);
  const name = member.data ? `${member.data.full_name} (${member.data.member_code})` : null;
  useScreenTitle(name);
  useCrumbName(memberPath(id ?? 0), name);

  if (!id || (member.isError && member.error instanceof ApiError && member.error.status === 404))
    return (
      <Card>
        <EmptyState
          icon={UserX}
          title="Member not found"
          action={
            <Link to="/membership/members" className={buttonClass('secondary')}>
              All members
            </Link>
          }
        >
          There is no member {params.userId} in this organisation, or they were removed.
        </EmptyState>
      </Card>
    );
  if (member.isPending)
    return (
      <div className="space-y-5" aria-busy="true">
        <Skeleton className="h-40 w-full rounded-lg" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  if (member.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void member.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(member.error)}
      </Alert>
    );
  return <MemberScreen node={node} member={member.data} />;
}

function MemberScreen({ node, member }: { node: ResolvedNode; member: Member }) {
  const params = useParams();
  const location = useLocation();
  const tab = tabOfPath(location.pathname);
  const tabs = tabsOf(node);
  const added = isMemberPageState(location.state) ? location.state : null;

  return (
    <div className="space-y-5">
      {added && (
        <Alert tone="success">
          <div className="flex flex-col gap-2 xl:flex-row xl:items-center xl:justify-between">
            <p>
              {member.full_name} joined as {member.member_code}.
              {added.invoice ? ` Invoice ${added.invoice.number} is ready to print or e-mail.` : ''}
            </p>
            {added.invoice && (
              <span className="flex flex-wrap gap-2">
                <InvoiceActionButtons invoice={added.invoice} />
              </span>
            )}
          </div>
        </Alert>
      )}
      <MemberHeader member={member} />
      <div className="pt-2">
        <TabNav label="Member sections" tabs={tabs.map((t) => ({ to: fillParams(t.fullPath, params), label: t.label }))} />
        <TabContent tab={tab} member={member} />
      </div>
    </div>
  );
}

function TabContent({ tab, member }: { tab: ReturnType<typeof tabOfPath>; member: Member }) {
  switch (tab) {
    case '':
      return <MembershipTab member={member} />;
    case 'payment-history':
      return <PaymentHistoryTab member={member} />;
    case 'attendence':
      return <AttendanceTab member={member} />;
    case 'service':
      return <ServiceTab member={member} />;
    case 'perfomence':
      return <PerformanceTab member={member} />;
    case 'workout':
      return (
        <ModuleTab module="Training/Workouts" icon={Dumbbell} name="Training/Workout" member={member}>
          <MemberWorkoutTab member={member} />
        </ModuleTab>
      );
    case 'diet':
      return (
        <ModuleTab module="Diet Management" icon={Salad} name="Diet Management" member={member}>
          <MemberDietTab member={member} />
        </ModuleTab>
      );
    case 'logs':
      return (
        <AuditLogTable
          title={`Logs of ${member.member_code}`}
          queryKey={[...membershipKeys.logs, 'member', member.id]}
          fetchPage={fetchMemberLogs(member.member_code)}
          exportPath={memberLogsExport(member.member_code)}
        />
      );
  }
}

/** Another module's tab on the member page: its content for users with that module, a plain note for others. */
function ModuleTab({
  module,
  icon,
  name,
  member,
  children,
}: {
  module: 'Training/Workouts' | 'Diet Management';
  icon: typeof Dumbbell;
  name: string;
  member: Member;
  children: ReactNode;
}) {
  const allowed = useCan(module, 'view');
  if (!allowed)
    return (
      <Card>
        <EmptyState icon={icon} title={`${name} is not in your access`}>
          Ask the owner for {name} access to see {member.first_name}'s plans here.
        </EmptyState>
      </Card>
    );
  return <Suspense fallback={<Skeleton className="h-64 w-full" />}>{children}</Suspense>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

/** Photo, code, name, status, plan, end date, due, and Renew, Collect payment, Freeze, Check in, Print card, Edit. */
function MemberHeader({ member }: { member: Member }) {
  const memberships = useMemberships(member.id);
  const services = useMemberServices(member.id);
  const canLink = useCanSendPaymentLink('Membership Management');
  const [dialog, setDialog] = useState<'renew' | 'collect' | 'link' | 'freeze' | 'edit' | null>(null);
  const { checkIn, busy, dialog: secondSession } = useCheckInAction();
  const current = member.current_membership;
  const running = memberships.data?.find((m) => m.id === current?.id) ?? null;
  // No running membership: the last one that ran out (not a cancelled one), to say what lapsed and when.
  const lapsed = current ? null : (memberships.data?.find((m) => m.status === 'expired') ?? null);
  const canFreeze = !!running && ['active', 'expiring', 'upcoming'].includes(running.status);
  const due = positive(member.due);
  const close = (o: boolean) => !o && setDialog(null);

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <MemberAvatar name={member.full_name} photo={member.photo} size="xl" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-fg">{member.full_name}</h1>
              <MemberStatusBadge status={member.status} />
            </div>
            <p className="mt-0.5 text-sm text-muted">
              <span className="tabular">{member.member_code}</span> · <PhoneLink phone={member.phone} />
              {member.email && <span className="hidden sm:inline"> · {member.email}</span>} · {member.centre_name}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
              <Fact label="Plan">
                {current ? (
                  <>
                    {current.plan_name}
                    {current.sessions_left !== null && <span className="text-muted"> · {current.sessions_left} left</span>}
                  </>
                ) : lapsed ? (
                  <span className="text-muted">{lapsed.plan_name}</span>
                ) : (
                  <span className="text-muted">No plan</span>
                )}
              </Fact>
              <Fact label={current || !lapsed ? 'Ends' : 'Ended'}>
                {current ? (
                  <span className="tabular">{formatDate(current.end_date)}</span>
                ) : lapsed ? (
                  <span className="tabular text-danger-text">{formatDate(lapsed.end_date)}</span>
                ) : (
                  '—'
                )}
              </Fact>
              <Fact label="Due">
                <span className={due ? 'tabular text-danger-text' : 'tabular text-muted'}>{formatMoney(member.due)}</span>
              </Fact>
              <Fact label="Member since">
                <span className="tabular">{formatDate(member.joined_on)}</span>
              </Fact>
            </dl>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 lg:max-w-[30rem] lg:justify-end">
          <Button size="sm" onClick={() => setDialog('renew')}>
            <RefreshCw size={15} aria-hidden /> Renew
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!due}
            title={due ? undefined : 'Nothing is due'}
            onClick={() => setDialog('collect')}
          >
            <Wallet size={15} aria-hidden /> Collect payment
          </Button>
          {canLink && (
            <Button
              size="sm"
              variant="secondary"
              disabled={!due}
              title={due ? 'Send a link to pay the due online' : 'Nothing is due'}
              onClick={() => setDialog('link')}
            >
              <Link2 size={15} aria-hidden /> Send payment link
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={!canFreeze}
            title={canFreeze ? undefined : 'Only a running membership can be frozen'}
            onClick={() => setDialog('freeze')}
          >
            <Snowflake size={15} aria-hidden /> Freeze
          </Button>
          <Button size="sm" variant="secondary" disabled={busy === member.id} onClick={() => void checkIn(member)}>
            <LogIn size={15} aria-hidden /> Check in
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void printMemberCard(member)}>
            <IdCard size={15} aria-hidden /> Print card
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('edit')}>
            <Pencil size={15} aria-hidden /> Edit
          </Button>
          <MessageButton member={member} label />
        </div>
      </div>
      {(member.health_notes || member.emergency_contact_name) && (
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-1 border-t border-line pt-3 text-sm">
          {member.emergency_contact_name && (
            <p>
              <span className="text-muted">Emergency: </span>
              {member.emergency_contact_name}
              {member.emergency_contact_phone && <span className="tabular"> · {member.emergency_contact_phone}</span>}
            </p>
          )}
          {member.blood_group && (
            <p>
              <span className="text-muted">Blood group: </span>
              {member.blood_group}
            </p>
          )}
          {member.health_notes && (
            <p className="min-w-0 text-warning-text">
              <span className="font-medium">Health: </span>
              {member.health_notes}
            </p>
          )}
        </div>
      )}
      {dialog === 'renew' && <RenewDialog member={member.id} memberName={member.full_name} open onOpenChange={close} />}
      {dialog === 'collect' && <CollectPaymentDialog member={member.id} memberName={member.full_name} open onOpenChange={close} />}
      {dialog === 'link' && (
        <PaymentLinkDialog
          sales={dueSales(memberships.data ?? [], services.data ?? []).map((s) => ({ type: s.kind, id: s.id, label: s.label, due: s.due }))}
          phone={member.phone}
          open
          onOpenChange={close}
        />
      )}
      <FreezeDialog membership={dialog === 'freeze' ? running : null} onClose={() => setDialog(null)} />
      {dialog === 'edit' && <EditMemberDialog member={member} open onOpenChange={close} />}
      {secondSession}
    </Card>
  );
}

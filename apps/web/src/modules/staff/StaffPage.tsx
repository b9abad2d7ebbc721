import { Dumbbell, KeyRound, UserX, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { PersonAvatar } from '../../components/PersonAvatar';
import { PhoneLink } from '../../components/PhoneLink';
import { Skeleton } from '../../components/Skeleton';
import { TabNav } from '../../components/TabNav';
import type { Member, MemberService } from '@arena/contracts/membership';
import { ApiError } from '../../lib/api';
import { PhotoField, photoRefusal } from '../../components/PhotoField';
import { useCrumbName } from '../../lib/crumbs';
import { useScreenTitle } from '../../lib/document-title';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { fillParams, tabsOf, type ResolvedNode } from '../../lib/web-module';
import { usePermissions } from '../../state/permissions';
import {
  fetchStaffServices,
  fetchTrainedMembers,
  staffKeys,
  useCoachedBatches,
  useStaffMember,
  useStaffMutations,
  useStaffPhoto,
  type Staff,
} from './api';
import { staffPath, staffTabOfPath, type StaffTab } from './paths';
import { StaffForm, GENDER_LABELS, SALARY_TYPE_LABELS } from './StaffForm';
import { payOf, StaffStatusBadge } from './StaffListPage';
import { StaffMoreTabs } from './StaffMoreTabs';
import { StaffCrmTab } from '../crm/public';

/**
 * A staff member's page (`/staff-management/staffs/:staffId` and its sub-pages): the header card,
 * then the tabs the menu gives (Overview, Profile, Attendance, Pay History, Assigned Members,
 * Assigned Services, CRM, Permissions, Payrolls, Logs).
 */
export function StaffPage({ node }: { node: ResolvedNode }) {
  const params = useParams();
  const id = Number(params.staffId) || null;
  const staff = useStaffMember(id);
  const name = staff.data ? `${staff.data.full_name} (${staff.data.staff_code})` : null;
  useScreenTitle(name);
  useCrumbName(staffPath(id ?? 0), name);

  if (!id || (staff.isError && staff.error instanceof ApiError && staff.error.status === 404))
    return (
      <Card>
        <EmptyState
          icon={UserX}
          title="Staff member not found"
          action={
            <Link to="/staff-management/staffs" className={buttonClass('secondary')}>
              All staff
            </Link>
          }
        >
          There is no staff member {params.staffId} in this organisation, or they were removed.
        </EmptyState>
      </Card>
    );
  if (staff.isPending)
    return (
      <div className="space-y-5" aria-busy="true">
        <Skeleton className="h-36 w-full rounded-lg" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    );
  if (staff.isError)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void staff.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(staff.error)}
      </Alert>
    );
  return <StaffScreen node={node} staff={staff.data} />;
}

function StaffScreen({ node, staff }: { node: ResolvedNode; staff: Staff }) {
  const params = useParams();
  const location = useLocation();
  const tab = staffTabOfPath(location.pathname);
  return (
    <div className="space-y-5">
      <StaffHeader staff={staff} />
      <div className="pt-2">
        <TabNav label="Staff sections" tabs={tabsOf(node).map((t) => ({ to: fillParams(t.fullPath, params), label: t.label }))} />
        <StaffTabContent tab={tab} staff={staff} />
      </div>
    </div>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-fg">{children}</dd>
    </div>
  );
}

function StaffHeader({ staff }: { staff: Staff }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <PersonAvatar name={staff.full_name} photo={staff.photo} size="xl" />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold tracking-tight text-fg">{staff.full_name}</h1>
              <StaffStatusBadge status={staff.status} />
            </div>
            <p className="mt-0.5 text-sm text-muted">
              <span className="tabular">{staff.staff_code}</span> · {staff.category_name} · <PhoneLink phone={staff.phone} />
              {staff.email && <span className="hidden sm:inline"> · {staff.email}</span>}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4">
              <Fact label="Pay">{payOf(staff)}</Fact>
              <Fact label="Commission">{Number(staff.commission_percent) > 0 ? `${Number(staff.commission_percent)} %` : 'None'}</Fact>
              <Fact label="Joined">{formatDate(staff.joining_date)}</Fact>
              <Fact label="Centers">{staff.centre_names.join(', ')}</Fact>
            </dl>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 lg:justify-end">
          <Link to={staffPath(staff.id, 'permissions')} className={buttonClass('secondary', 'sm')}>
            <KeyRound size={15} aria-hidden /> {staff.has_login ? 'Login and permissions' : 'Give a login'}
          </Link>
          <Link to={staffPath(staff.id, 'pofile')} className={buttonClass('secondary', 'sm')}>
            Edit profile
          </Link>
        </div>
      </div>
    </Card>
  );
}

function StaffTabContent({ tab, staff }: { tab: StaffTab; staff: Staff }) {
  switch (tab) {
    case '':
      return <OverviewTab staff={staff} />;
    case 'pofile':
      return <ProfileTab staff={staff} />;
    case 'assigned_members':
      return <AssignedMembersTab staff={staff} />;
    case 'assigned_services':
      return <AssignedServicesTab staff={staff} />;
    case 'crm':
      return <StaffCrmTab staff={staff.id} firstName={staff.first_name} />;
    default:
      return <StaffMoreTabs tab={tab} staff={staff} />;
  }
}

function OverviewTab({ staff }: { staff: Staff }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="mb-3 text-sm font-semibold">Details</h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
          <Fact label="Gender">{GENDER_LABELS[staff.gender]}</Fact>
          <Fact label="Date of birth">{staff.date_of_birth ? formatDate(staff.date_of_birth) : '—'}</Fact>
          <Fact label="E-mail">{staff.email || '—'}</Fact>
          <Fact label="Phone">
            <PhoneLink phone={staff.phone} />
          </Fact>
          <div className="col-span-2">
            <Fact label="Address">{staff.address || '—'}</Fact>
          </div>
          {staff.notes && (
            <div className="col-span-2">
              <Fact label="Notes">{staff.notes}</Fact>
            </div>
          )}
        </dl>
      </Card>
      <Card className="p-5">
        <h2 className="mb-3 text-sm font-semibold">Pay and bank</h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
          <Fact label="Salary type">{SALARY_TYPE_LABELS[staff.salary_type]}</Fact>
          <Fact label="Base pay">{formatMoney(staff.base_pay)}</Fact>
          <Fact label="Bank account">{staff.bank_account ? `•••• ${staff.bank_account.slice(-4)}` : '—'}</Fact>
          <Fact label="IFSC">{staff.ifsc || '—'}</Fact>
          <Fact label="UPI ID">{staff.upi_id || '—'}</Fact>
          <Fact label="PAN">{staff.pan || '—'}</Fact>
        </dl>
      </Card>
    </div>
  );
}

function ProfileTab({ staff }: { staff: Staff }) {
  const { update } = useStaffMutations();
  return (
    <div className="space-y-5">
      <StaffPhotoCard staff={staff} />
      <StaffForm
        key={staff.updated_at}
        staff={staff}
        submitLabel="Save Changes"
        onSubmit={async (input) => {
          await update.mutateAsync({ id: staff.id, input });
          notify.success(`${staff.staff_code} was updated.`);
        }}
      />
    </div>
  );
}

/** The staff member's photo: a file or the camera; saved at once, or removed. */
function StaffPhotoCard({ staff }: { staff: Staff }) {
  const { upload, remove } = useStaffPhoto();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    if (!photo) return;
    try {
      await upload.mutateAsync({ id: staff.id, photo });
      setPhoto(null);
      notify.success(`${staff.full_name}'s photo was saved.`);
    } catch (error) {
      setProblem(photoRefusal(error) ?? errorMessage(error));
    }
  };
  return (
    <Card className="p-5 sm:p-6">
      <PhotoField name={staff.full_name} value={photo} currentUrl={staff.photo} onChange={setPhoto} error={problem} onError={setProblem} />
      {(photo || staff.photo) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {photo ? (
            <Button size="sm" disabled={upload.isPending} onClick={() => void save()}>
              {upload.isPending ? 'Saving…' : 'Save photo'}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="ghost-danger"
              disabled={remove.isPending}
              onClick={() =>
                void remove
                  .mutateAsync(staff.id)
                  .then(() => notify.success(`${staff.full_name}'s photo was removed.`))
                  .catch((e: unknown) => setProblem(errorMessage(e)))
              }
            >
              Remove photo
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

const MEMBERSHIP = 'Membership Management';

/** Another module's list on this page: shown to users allowed that module, else said plainly. */
function NeedsModule({ module, children }: { module: string; children: ReactNode }) {
  const allowed = usePermissions((s) => s.allowedModules.includes(module));
  if (allowed) return <>{children}</>;
  return (
    <Card>
      <EmptyState icon={Users} title={`Needs ${module}`}>
        You can see what is assigned to staff once you have access to {module}.
      </EmptyState>
    </Card>
  );
}

function AssignedMembersTab({ staff }: { staff: Staff }) {
  return (
    <NeedsModule module={MEMBERSHIP}>
      <AssignedMembers staff={staff} />
    </NeedsModule>
  );
}

function AssignedMembers({ staff }: { staff: Staff }) {
  const batches = useCoachedBatches(staff.id);
  const columns: Column<Member>[] = [
    {
      id: 'name',
      header: 'Member',
      sortKey: 'first_name',
      mobile: 'title',
      cell: (m) => (
        <Link to={`/membership/members/${m.id}`} className="group flex items-center gap-3">
          <PersonAvatar name={m.full_name} photo={m.photo} />
          <span>
            <span className="block font-medium group-hover:text-accent-text group-hover:underline">{m.full_name}</span>
            <span className="block text-xs text-muted tabular">{m.member_code}</span>
          </span>
        </Link>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (m) => <PhoneLink phone={m.phone} /> },
    { id: 'plan', header: 'Plan', mobile: 'meta', cell: (m) => m.current_membership?.plan_name ?? '—' },
    {
      id: 'end',
      header: 'Ends',
      mobile: 'meta',
      cell: (m) => (m.current_membership ? formatDate(m.current_membership.end_date) : '—'),
    },
  ];
  return (
    <div className="space-y-5">
      <Card className="p-5">
        <h2 className="mb-3 text-sm font-semibold">Batches coached</h2>
        {batches.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : batches.isError ? (
          <Alert tone="error">{errorMessage(batches.error)}</Alert>
        ) : batches.data.length === 0 ? (
          <p className="text-sm text-muted">
            {staff.first_name} coaches no batch. Choose them as a batch’s coach under Membership › Batch.
          </p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Batches coached">
            {batches.data.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium">{b.name}</span>
                  <span className="text-muted">
                    {' '}
                    · {b.centre_name} · {b.start_time.slice(0, 5)}–{b.end_time.slice(0, 5)}
                  </span>
                </span>
                <span className="tabular text-muted">
                  {b.members_count} of {b.capacity} members
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <DataTable
        title="Members trained"
        queryKey={[...staffKeys.detail(staff.id), 'members']}
        fetchPage={fetchTrainedMembers(staff.id)}
        columns={columns}
        rowKey={(m) => m.id}
        searchPlaceholder="Search name, phone or code"
        empty={{
          icon: Dumbbell,
          title: 'No members assigned',
          description: `Members whose trainer is ${staff.first_name} are listed here. Choose the trainer on a member’s membership.`,
        }}
      />
    </div>
  );
}

function AssignedServicesTab({ staff }: { staff: Staff }) {
  const columns: Column<MemberService>[] = [
    {
      id: 'member',
      header: 'Member',
      mobile: 'title',
      cell: (s) => (
        <Link to={`/membership/members/${s.member}/service`} className="font-medium hover:text-accent-text hover:underline">
          {s.member_name} <span className="text-xs text-muted tabular">{s.member_code}</span>
        </Link>
      ),
    },
    { id: 'service', header: 'Service', mobile: 'subtitle', cell: (s) => s.service_name },
    {
      id: 'start_date',
      header: 'From',
      sortKey: 'start_date',
      mobile: 'meta',
      cell: (s) => <span className="whitespace-nowrap">{formatDate(s.start_date)}</span>,
    },
    {
      id: 'end_date',
      header: 'To',
      sortKey: 'end_date',
      mobile: 'meta',
      cell: (s) => <span className="whitespace-nowrap">{formatDate(s.end_date)}</span>,
    },
  ];
  return (
    <NeedsModule module={MEMBERSHIP}>
      <DataTable
        title="Services given"
        queryKey={[...staffKeys.detail(staff.id), 'services']}
        fetchPage={fetchStaffServices(staff.id)}
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search member or service"
        empty={{
          icon: Dumbbell,
          title: 'No services assigned',
          description: `Personal training and other services sold with ${staff.first_name} as their staff are listed here.`,
        }}
      />
    </NeedsModule>
  );
}

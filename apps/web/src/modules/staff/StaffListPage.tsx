import { SALARY_TYPES, STAFF_STATUSES } from '@arena/contracts/staff';
import { KeyRound, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge';
import { buttonClass } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { PersonAvatar } from '../../components/PersonAvatar';
import { PhoneLink } from '../../components/PhoneLink';
import { formatDate, formatMoney } from '../../lib/format';
import { useSidebar } from '../../state/sidebar';
import { fetchStaff, staffExport, staffKeys, useStaffCategoryOptions, type Staff } from './api';
import { staffPath } from './paths';
import { PAY_UNIT, SALARY_TYPE_LABELS, STATUS_LABELS } from './StaffForm';

export const ADD_STAFF_PATH = '/staff-management/add-staff';

/** "₹25,000.00 a month". */
export const payOf = (s: Pick<Staff, 'base_pay' | 'salary_type'>) => `${formatMoney(s.base_pay)} ${PAY_UNIT[s.salary_type]}`;

export const StaffStatusBadge = ({ status }: { status: Staff['status'] }) => (
  <Badge tone={status === 'active' ? 'success' : 'neutral'}>{STATUS_LABELS[status]}</Badge>
);

/** Staff Management › Staffs: everyone on the team, where they work, how they are paid, whether they sign in. */
export function StaffListPage() {
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [centre, setCentre] = useState(sidebarCentre);
  const [category, setCategory] = useState('');
  const [status, setStatus] = useState('active');
  const [salaryType, setSalaryType] = useState('');
  const categories = useStaffCategoryOptions();

  const columns: Column<Staff>[] = [
    {
      id: 'name',
      header: 'Staff',
      sortKey: 'first_name',
      alwaysVisible: true,
      mobile: 'title',
      cell: (s) => (
        <Link to={staffPath(s.id)} className="group flex min-w-[11rem] items-center gap-3">
          <PersonAvatar name={s.full_name} photo={s.photo} />
          <span className="min-w-0">
            <span className="block font-medium text-fg group-hover:text-accent-text group-hover:underline">{s.full_name}</span>
            <span className="block text-xs text-muted tabular">{s.staff_code}</span>
          </span>
        </Link>
      ),
    },
    { id: 'phone', header: 'Phone', mobile: 'subtitle', cell: (s) => <PhoneLink phone={s.phone} /> },
    { id: 'category', header: 'Category', mobile: 'meta', cell: (s) => s.category_name },
    { id: 'centres', header: 'Centers', mobile: false, cell: (s) => s.centre_names.join(', ') },
    {
      id: 'pay',
      header: 'Pay',
      sortKey: 'base_pay',
      align: 'right',
      mobile: 'amount',
      cell: (s) => (
        <span className="whitespace-nowrap tabular">
          {payOf(s)}
          {Number(s.commission_percent) > 0 && (
            <span className="block text-xs text-muted">+ {Number(s.commission_percent)} % commission</span>
          )}
        </span>
      ),
    },
    {
      id: 'joining_date',
      header: 'Joined',
      sortKey: 'joining_date',
      mobile: false,
      defaultHidden: true,
      cell: (s) => <span className="whitespace-nowrap">{formatDate(s.joining_date)}</span>,
    },
    {
      id: 'login',
      header: 'Login',
      mobile: false,
      cell: (s) =>
        s.has_login ? (
          <span className="inline-flex items-center gap-1 text-sm">
            <KeyRound size={14} aria-hidden /> Signs in
          </span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (s) => <StaffStatusBadge status={s.status} /> },
  ];

  return (
    <div>
      <PageHeader
        title="Staffs"
        description="Your team: where each works, how they are paid, and whether they sign in to Arena."
        actions={
          <Link to={ADD_STAFF_PATH} className={buttonClass('primary')}>
            <UserPlus size={16} aria-hidden /> Add Staff
          </Link>
        }
      />
      <DataTable
        title="Staff"
        queryKey={staffKeys.staff}
        fetchPage={fetchStaff}
        exportPath={staffExport}
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search name, phone, code or e-mail"
        filters={{
          centre: centre || undefined,
          category: category || undefined,
          status: status || undefined,
          salary_type: salaryType || undefined,
        }}
        filterControls={
          <>
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect
              label="Category"
              value={category}
              onChange={setCategory}
              options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            />
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              options={STAFF_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            />
            <FilterSelect
              label="Salary type"
              value={salaryType}
              onChange={setSalaryType}
              options={SALARY_TYPES.map((s) => ({ value: s, label: SALARY_TYPE_LABELS[s] }))}
            />
          </>
        }
        onClearFilters={() => {
          setCentre('');
          setCategory('');
          setStatus('');
          setSalaryType('');
        }}
        empty={{
          icon: Users,
          title: 'No staff here',
          description: 'Add your trainers, coaches and front desk; then mark their attendance and run the monthly payroll.',
          action: (
            <Link to={ADD_STAFF_PATH} className={buttonClass('primary')}>
              <UserPlus size={16} aria-hidden /> Add Staff
            </Link>
          ),
        }}
      />
    </div>
  );
}

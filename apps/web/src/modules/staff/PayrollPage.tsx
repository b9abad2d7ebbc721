import { PAYROLL_STATUS_LABELS, PAYROLL_STATUSES, WEEKDAY_LABELS, type Payroll } from '@arena/contracts/staff';
import { Download, Eye, ReceiptIndianRupee, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { CentreFilter } from '../../components/CentreFilter';
import { actionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { FilterSelect } from '../../components/FilterSelect';
import { PageHeader } from '../../components/PageHeader';
import { monthOf } from '../../lib/calendar';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useSidebar } from '../../state/sidebar';
import { fetchPayrolls, payrollKeys, payrollsExport, usePayrollActions, useStaffSettings } from './api';
import { monthLabel, MonthStepper } from '../../components/MonthStepper';
import { staffPath } from './paths';
import { PayrollDialog, PayrollStatusBadge, savePayslip } from './PayrollDialog';

/** The columns of a payroll list (the Payroll page's, a staff member's Payrolls tab's). */
export function payrollColumns(open: (p: Payroll) => void, { withStaff = true }: { withStaff?: boolean } = {}): Column<Payroll>[] {
  return [
    withStaff
      ? {
          id: 'staff',
          header: 'Staff',
          sortKey: 'staff_name',
          mobile: 'title',
          cell: (p) => (
            <Link to={staffPath(p.staff, 'payrolls')} className="group block min-w-[10rem]">
              <span className="block font-medium group-hover:text-accent-text group-hover:underline">{p.staff_name}</span>
              <span className="block text-xs text-muted tabular">
                {p.staff_code} · {p.category_name}
              </span>
            </Link>
          ),
        }
      : { id: 'month', header: 'Month', sortKey: 'month', mobile: 'title', cell: (p) => monthLabel(p.month) },
    { id: 'status', header: 'Status', sortKey: 'status', mobile: 'badge', cell: (p) => <PayrollStatusBadge status={p.status} /> },
    {
      id: 'days',
      header: 'Paid days',
      align: 'right',
      mobile: 'meta',
      cell: (p) => (
        <span className="tabular">
          {p.salary_type === 'hourly'
            ? `${p.hours} h`
            : p.salary_type === 'per_session'
              ? `${p.sessions} sessions`
              : `${p.paid_days} / ${p.working_days}`}
        </span>
      ),
    },
    {
      id: 'base',
      header: 'Base',
      align: 'right',
      mobile: false,
      cell: (p) => <span className="tabular">{formatMoney(p.base_amount)}</span>,
    },
    {
      id: 'commission',
      header: 'Commission',
      align: 'right',
      mobile: false,
      cell: (p) => <span className="tabular">{Number(p.commission) ? formatMoney(p.commission) : '—'}</span>,
    },
    { id: 'gross', header: 'Gross', align: 'right', mobile: false, cell: (p) => <span className="tabular">{formatMoney(p.gross)}</span> },
    {
      id: 'deductions',
      header: 'Deductions',
      align: 'right',
      mobile: false,
      cell: (p) => <span className="tabular">{Number(p.total_deductions) ? formatMoney(p.total_deductions) : '—'}</span>,
    },
    {
      id: 'net',
      header: 'Net pay',
      sortKey: 'net',
      align: 'right',
      mobile: 'amount',
      cell: (p) => <span className="font-semibold tabular">{formatMoney(p.net)}</span>,
    },
    actionsColumn((p) => (
      <>
        <Button size="sm" variant="ghost" aria-label={`Review ${p.staff_name} ${monthLabel(p.month)}`} onClick={() => open(p)}>
          <Eye size={15} aria-hidden /> <span className="sm:sr-only xl:not-sr-only">Review</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Payslip of ${p.staff_name} ${monthLabel(p.month)}`}
          onClick={() => void savePayslip(p)}
        >
          <Download size={15} aria-hidden /> <span className="sm:sr-only xl:not-sr-only">Payslip</span>
        </Button>
      </>
    )),
  ];
}

/**
 * Staff Management › Payroll: generate a month's drafts (again: the drafts are recomputed, approved
 * and paid rows stay), review each line's computation, approve, pay (an expense under Salaries),
 * payslips.
 */
export function PayrollPage() {
  const today = todayIso();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const [month, setMonth] = useState(monthOf(today));
  const [centre, setCentre] = useState(sidebarCentre);
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const { generate, saveSettings } = usePayrollActions();
  const settings = useStaffSettings();

  const run = async () => {
    try {
      const r = await generate.mutateAsync({ month, centre: centre ? Number(centre) : undefined });
      notify.success(
        `${monthLabel(r.month)}: ${r.created} new drafts, ${r.refreshed} drafts recomputed${r.kept ? `, ${r.kept} approved or paid kept` : ''}.`,
      );
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <div>
      <PageHeader
        title="Payroll"
        description="Generate the month's pay from attendance, rates and commissions; review how each line was computed, approve, and pay. Paying writes the expense under Salaries."
        actions={
          <Button onClick={() => void run()} disabled={generate.isPending}>
            <RefreshCw size={16} aria-hidden className={generate.isPending ? 'animate-spin' : undefined} /> Generate {monthLabel(month)}
          </Button>
        }
      />
      <DataTable
        title={`Payroll of ${monthLabel(month)}`}
        queryKey={payrollKeys.all}
        fetchPage={fetchPayrolls}
        exportPath={payrollsExport}
        columns={payrollColumns((p) => setOpen(p.id))}
        rowKey={(p) => p.id}
        searchPlaceholder="Search staff name or code"
        filters={{ month, centre: centre || undefined, status: status || undefined }}
        filterControls={
          <>
            <MonthStepper month={month} onChange={setMonth} max={monthOf(today)} />
            <CentreFilter value={centre} onChange={setCentre} />
            <FilterSelect
              label="Status"
              value={status}
              onChange={setStatus}
              options={PAYROLL_STATUSES.map((s) => ({ value: s, label: PAYROLL_STATUS_LABELS[s] }))}
            />
            <FilterSelect
              label="Weekly off"
              value={settings.data ? String(settings.data.weekly_off_day ?? 'none') : ''}
              allLabel={false}
              onChange={(v) =>
                void saveSettings
                  .mutateAsync(v === 'none' ? null : Number(v))
                  .then(() => notify.success('The weekly off day was saved. Generate again to recompute the drafts.'))
                  .catch((e: unknown) => notify.error(errorMessage(e)))
              }
              options={[...WEEKDAY_LABELS.map((d, i) => ({ value: String(i + 1), label: d })), { value: 'none', label: 'None' }]}
            />
          </>
        }
        onClearFilters={() => {
          setCentre('');
          setStatus('');
        }}
        empty={{
          icon: ReceiptIndianRupee,
          title: `No payroll for ${monthLabel(month)} yet`,
          description: 'Generate the month: one draft per active staff member, from their attendance, rate and commissions.',
          action: (
            <Button onClick={() => void run()} disabled={generate.isPending}>
              <RefreshCw size={16} aria-hidden /> Generate {monthLabel(month)}
            </Button>
          ),
        }}
      />
      {open !== null && <PayrollDialog id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

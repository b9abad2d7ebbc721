import { Banknote } from 'lucide-react';
import { Link } from 'react-router';
import { AuditLogTable } from '../../components/AuditLogTable';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { fetchPayments, fetchStaffLogs, payrollKeys, paymentsExport, staffLogsExport, type PayrollPayment } from './api';
import { monthLabel } from '../../components/MonthStepper';
import { staffPath } from './paths';

/** The columns of the salaries paid (Transactions, a staff member's Pay History). */
export function paymentColumns({ withStaff = true }: { withStaff?: boolean } = {}): Column<PayrollPayment>[] {
  return [
    {
      id: 'paid_on',
      header: 'Paid on',
      sortKey: 'paid_on',
      mobile: 'subtitle',
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.paid_on)}</span>,
    },
    ...(withStaff
      ? [
          {
            id: 'staff',
            header: 'Staff',
            mobile: 'title',
            cell: (p: PayrollPayment) => (
              <Link to={staffPath(p.staff, 'pay-history')} className="font-medium hover:text-accent-text hover:underline">
                {p.staff_name} <span className="text-xs text-muted tabular">{p.staff_code}</span>
              </Link>
            ),
          } satisfies Column<PayrollPayment>,
        ]
      : []),
    { id: 'month', header: 'For', sortKey: 'month', mobile: withStaff ? 'meta' : 'title', cell: (p) => monthLabel(p.month) },
    { id: 'mode', header: 'Mode', mobile: 'meta', cell: (p) => p.payment_mode_name || '—' },
    { id: 'reference', header: 'Reference', mobile: 'meta', cell: (p) => p.reference || '—' },
    {
      id: 'net',
      header: 'Amount',
      sortKey: 'net',
      align: 'right',
      mobile: 'amount',
      cell: (p) => <span className="font-semibold tabular">{formatMoney(p.net)}</span>,
    },
  ];
}

/** Staff Management › Transactions: every salary paid, as the ledger's Salaries expenses. */
export function StaffTransactionsPage() {
  return (
    <div>
      <PageHeader
        title="Transactions"
        description="Salaries paid: each is an expense under Salaries in Income/Expenses, dated the day it was paid."
      />
      <DataTable
        title="Salaries paid"
        queryKey={payrollKeys.payments}
        fetchPage={fetchPayments}
        exportPath={paymentsExport}
        columns={paymentColumns()}
        rowKey={(p) => p.id}
        searchPlaceholder="Search staff or reference"
        empty={{
          icon: Banknote,
          title: 'No salaries paid yet',
          description: 'Approve and pay a month’s payroll; each payment is listed here.',
        }}
      />
    </div>
  );
}

/** Staff Management › Logs: who changed staff, attendance and payroll, and when. */
export function StaffLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to staff, categories, attendance, payroll and logins, with who made it and when."
      />
      <AuditLogTable title="Staff Management logs" queryKey={payrollKeys.logs} fetchPage={fetchStaffLogs} exportPath={staffLogsExport} />
    </div>
  );
}

import { STAFF_ATTENDANCE_LABELS, STAFF_ATTENDANCE_STATUSES, type StaffAttendance } from '@arena/contracts/staff';
import { clsx } from 'clsx';
import { Banknote, ReceiptIndianRupee } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import { AuditLogTable } from '../../components/AuditLogTable';
import { Card } from '../../components/Card';
import { DataTable, type ListParams } from '../../components/DataTable';
import { MonthStepper } from '../../components/MonthStepper';
import { Skeleton } from '../../components/Skeleton';
import { monthOf, monthRange, monthWeeks, visitsByDay } from '../../lib/calendar';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatDate } from '../../lib/format';
import { todayIso } from '../../lib/today';
import {
  fetchPayments,
  fetchPayrolls,
  fetchStaffLogs,
  paymentsExport,
  payrollKeys,
  payrollsExport,
  staffLogsExport,
  useStaffAttendance,
  type Staff,
} from './api';
import { MARK_CELL, MARK_LETTER } from './AttendancePage';
import type { StaffTab } from './paths';
import { PayrollDialog } from './PayrollDialog';
import { payrollColumns } from './PayrollPage';
import { StaffPermissionsTab } from './permissions/PermissionsTab';
import { paymentColumns } from './TransactionsPage';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The staff member's Attendance, Pay History, Permissions, Payrolls and Logs tabs. */
export function StaffMoreTabs({ tab, staff }: { tab: StaffTab; staff: Staff }) {
  switch (tab) {
    case 'attendence':
      return <AttendanceCalendar staff={staff} />;
    case 'pay-history':
      return (
        <DataTable
          title={`Salaries paid to ${staff.full_name}`}
          queryKey={[...payrollKeys.payments, 'of', staff.id]}
          fetchPage={(p: ListParams) => fetchPayments({ ...p, staff: staff.id })}
          exportPath={{ ...paymentsExport, query: { staff: staff.id } }}
          columns={paymentColumns({ withStaff: false })}
          rowKey={(p) => p.id}
          searchPlaceholder="Search reference"
          empty={{ icon: Banknote, title: 'Nothing paid yet', description: `Salaries paid to ${staff.first_name} are listed here.` }}
        />
      );
    case 'payrolls':
      return <StaffPayrolls staff={staff} />;
    case 'permissions':
      return <StaffPermissionsTab staffId={staff.id} />;
    case 'logs':
      return (
        <AuditLogTable
          title={`Logs of ${staff.staff_code}`}
          queryKey={[...payrollKeys.logs, 'of', staff.id]}
          fetchPage={(p: ListParams) => fetchStaffLogs({ ...p, search: p.search || staff.staff_code })}
          exportPath={{ ...staffLogsExport, query: { search: staff.staff_code } }}
        />
      );
    default:
      return null;
  }
}

function StaffPayrolls({ staff }: { staff: Staff }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <DataTable
        title={`Payroll of ${staff.full_name}`}
        queryKey={[...payrollKeys.all, 'of', staff.id]}
        fetchPage={(p: ListParams) => fetchPayrolls({ ...p, staff: staff.id })}
        exportPath={{ ...payrollsExport, query: { staff: staff.id } }}
        columns={payrollColumns((p) => setOpen(p.id), { withStaff: false })}
        rowKey={(p) => p.id}
        empty={{
          icon: ReceiptIndianRupee,
          title: 'No payroll yet',
          description: 'Generate a month under Staff Management › Payroll: each month’s row for them is listed here.',
        }}
      />
      {open !== null && <PayrollDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** A month calendar of the staff member's marks, with the month's totals. */
function AttendanceCalendar({ staff }: { staff: Staff }) {
  const today = todayIso();
  const [month, setMonth] = useState(monthOf(today));
  const { from, to } = monthRange(month);
  const marks = useStaffAttendance(staff.id, from, to);
  const byDay = useMemo(() => visitsByDay(marks.data ?? []), [marks.data]);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const totals = STAFF_ATTENDANCE_STATUSES.map((s) => ({ s, n: (marks.data ?? []).filter((m) => m.status === s).length }));
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <MonthStepper month={month} onChange={setMonth} max={monthOf(today)} />
        <p className="flex flex-wrap gap-x-3 text-sm" aria-live="polite">
          {totals.map(({ s, n }) => (
            <span key={s}>
              <span className="font-semibold tabular">{formatCount(n)}</span> {STAFF_ATTENDANCE_LABELS[s].toLowerCase()}
            </span>
          ))}
        </p>
      </div>
      {marks.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : marks.isError ? (
        <Alert tone="error">{errorMessage(marks.error)}</Alert>
      ) : (
        <table className="w-full table-fixed border-separate border-spacing-1 text-sm" aria-label={`Attendance of ${staff.full_name}`}>
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" className="pb-1 text-xs font-medium text-muted">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0].date}>
                {week.map((day) => {
                  const mark: StaffAttendance | undefined = byDay.get(day.date)?.[0];
                  return (
                    <td
                      key={day.date}
                      className={clsx(
                        'h-14 rounded-md p-1.5 align-top',
                        !day.inMonth && 'opacity-40',
                        mark ? MARK_CELL[mark.status] : 'bg-subtle',
                        day.date === today && 'ring-2 ring-accent',
                      )}
                      title={mark ? `${formatDate(day.date)}: ${STAFF_ATTENDANCE_LABELS[mark.status]}` : formatDate(day.date)}
                    >
                      <span className="block text-xs tabular">{Number(day.date.slice(8))}</span>
                      {mark && day.inMonth && (
                        <span className="block text-center text-sm font-semibold">
                          {MARK_LETTER[mark.status]}
                          <span className="sr-only"> {STAFF_ATTENDANCE_LABELS[mark.status]}</span>
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-3 text-xs text-muted">P present · H half day · L leave · A absent. Mark days under Staff Management › Attendance.</p>
    </Card>
  );
}

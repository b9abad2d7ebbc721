import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { fetchLogs, incomeExpenseKeys, logsFile } from './api';

/** Income/Expenses › Logs: the audit trail of Income/Expenses Management. */
export function IncomeExpenseLogsPage() {
  return (
    <div>
      <PageHeader title="Logs" description="Every entry, correction, reversal, category and vendor change in Income/Expenses Management." />
      <AuditLogTable title="Income/Expenses logs" queryKey={incomeExpenseKeys.logs} fetchPage={fetchLogs} exportPath={logsFile} />
    </div>
  );
}

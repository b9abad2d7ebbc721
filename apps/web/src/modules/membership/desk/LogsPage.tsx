import { AuditLogTable } from '../../../components/AuditLogTable';
import { PageHeader } from '../../../components/PageHeader';
import { fetchLogs, logsExport, membershipKeys } from './api';

/** Membership › Logs: the audit trail of Membership Management. */
export function MembershipLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change in Membership Management: members, memberships, renewals, freezes, payments, plans, batches, services, attendance and performance."
      />
      <AuditLogTable title="Membership logs" queryKey={membershipKeys.logs} fetchPage={fetchLogs} exportPath={logsExport} />
    </div>
  );
}

import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { crmKeys, crmLogsExport, fetchCrmLogs } from './api';

/** CRM › Logs: who changed enquiries, follow-ups, complaints, contact groups and contacts, and when. */
export function CrmLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to enquiries, follow-ups, complaints and contact groups, and each contact logged, with who and when."
      />
      <AuditLogTable title="CRM logs" queryKey={crmKeys.logs} fetchPage={fetchCrmLogs} exportPath={crmLogsExport} />
    </div>
  );
}

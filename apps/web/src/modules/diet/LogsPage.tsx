import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { dietKeys, dietLogsExport, fetchDietLogs } from './api';

/** Diet Management › Logs: who changed plans, foods, categories, assignments and members' copies, and when. */
export function DietLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to diet plans, own foods, categories, assignments and members’ copies, with who and when."
      />
      <AuditLogTable title="Diet logs" queryKey={dietKeys.logs} fetchPage={fetchDietLogs} exportPath={dietLogsExport} />
    </div>
  );
}

import { AuditLogTable } from '../../../components/AuditLogTable';
import { PageHeader } from '../../../components/PageHeader';
import { endUserKeys, endUserLogsExport, fetchEndUserLogs } from './api';

/** End User Login › Logs: access given, blocks, settings, announcements and members' sign-ins, with who and when. */
export function EndUserLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to members' app access, the settings and the announcements, and members' sign-ins and sign-outs."
      />
      <AuditLogTable title="End User Login logs" queryKey={endUserKeys.logs} fetchPage={fetchEndUserLogs} exportPath={endUserLogsExport} />
    </div>
  );
}

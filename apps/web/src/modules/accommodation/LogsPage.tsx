import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { accommodationKeys, accommodationLogsExport, fetchAccommodationLogs } from './api';

/** Accommodation › Logs: who changed rooms, residents, stays and settings, and when. */
export function AccommodationLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to room types, rooms, residents, stays (reservations, check-ins, check-outs, room changes, cancellations, payments) and settings, with who and when."
      />
      <AuditLogTable
        title="Accommodation logs"
        queryKey={accommodationKeys.logs}
        fetchPage={fetchAccommodationLogs}
        exportPath={accommodationLogsExport}
      />
    </div>
  );
}

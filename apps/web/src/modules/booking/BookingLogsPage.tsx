import { bookingLogs } from '@arena/contracts/booking/routes';
import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { bookingKeys, fetchLogs } from './api';

/** Booking › Logs: the audit trail of Booking Management. */
export function BookingLogsPage() {
  return (
    <div>
      <PageHeader title="Logs" description="Every booking, payment, facility and client change in Booking Management." />
      <AuditLogTable title="Booking logs" queryKey={bookingKeys.logs} fetchPage={fetchLogs} exportPath={{ endpoint: bookingLogs }} />
    </div>
  );
}

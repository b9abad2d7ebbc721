import { AuditLogTable } from '../../components/AuditLogTable';
import { PageHeader } from '../../components/PageHeader';
import { fetchStoreLogs, storeKeys, storeLogsExport } from './api';

/** Store › Logs: who changed products, prices, suppliers, purchases, stock and sales, and when. */
export function StoreLogsPage() {
  return (
    <div>
      <PageHeader
        title="Logs"
        description="Every change to products and their prices, suppliers, purchases, write-offs, adjustments, transfers and sales, with who and when."
      />
      <AuditLogTable title="Store logs" queryKey={storeKeys.logs} fetchPage={fetchStoreLogs} exportPath={storeLogsExport} />
    </div>
  );
}

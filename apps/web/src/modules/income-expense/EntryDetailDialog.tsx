import { ENTRY_TYPE_LABELS, type IncomeExpense } from '@arena/contracts/income-expense';
import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import { downloadAttachment, useEntry } from './api';
import { TypeBadge } from '../money/public';

/** Fetches the bill with the user's key (it is not public) and saves it. */
export function AttachmentButton({ entry }: { entry: Pick<IncomeExpense, 'id' | 'attachment' | 'attachment_name'> }) {
  const [busy, setBusy] = useState(false);
  if (!entry.attachment) return <span className="text-muted">None</span>;
  const name = entry.attachment_name || 'attachment';
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadAttachment(entry.id, name);
        } catch (error) {
          notify.error(errorMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download size={14} aria-hidden /> {busy ? 'Opening…' : `Open ${name}`}
    </Button>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-3 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One manual entry with everything recorded about it, and its bill. */
export function EntryDetailDialog({
  entryId,
  onClose,
  actions,
}: {
  entryId: number | null;
  onClose: () => void;
  /** The Edit and Remove buttons of an active entry. */
  actions?: (entry: IncomeExpense) => ReactNode;
}) {
  const query = useEntry(entryId);
  const entry = query.data;
  return (
    <Dialog
      open={!!entryId}
      onOpenChange={(o) => !o && onClose()}
      title={entry ? entry.title || `${ENTRY_TYPE_LABELS[entry.type]}, ${entry.category_name}` : 'Entry'}
      description={entry ? `${formatDate(entry.date)} · ${entry.category_name}` : undefined}
      size="md"
    >
      {query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : query.isError || !entry ? (
        <Alert tone="error">{errorMessage(query.error)}</Alert>
      ) : (
        <div className="space-y-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={entry.type} />
            {entry.status === 'reversed' ? <Badge tone="danger">Reversed</Badge> : <Badge tone="success">Active</Badge>}
            <span className="ml-auto text-xl font-semibold tabular">{formatMoney(entry.amount)}</span>
          </div>
          {entry.status === 'reversed' && (
            <Alert tone="warning">This entry was removed: a reversing movement cancels it in the ledger.</Alert>
          )}
          <dl className="divide-y divide-line">
            <Row label="Category">{entry.category_name}</Row>
            <Row label="Vendor">{entry.vendor_name || '—'}</Row>
            <Row label="Center">{entry.centre_name || 'No particular center'}</Row>
            <Row label="GST">
              {entry.gst_rate === 0 ? (
                'No GST'
              ) : (
                <span className="tabular">
                  {formatMoney(entry.gst_amount)} at {entry.gst_rate} % · taxable value {formatMoney(entry.taxable_amount)}
                </span>
              )}
            </Row>
            {entry.invoice && (
              <Row label="Tax invoice">
                <Link to={`/accounts/${entry.invoice.id}`} className="font-medium text-accent-text hover:underline">
                  {entry.invoice.number}
                </Link>
              </Row>
            )}
            <Row label="Payment mode">{entry.payment_mode_name}</Row>
            <Row label="Reference">{entry.reference || '—'}</Row>
            <Row label="Notes">{entry.notes ? <span className="whitespace-pre-line">{entry.notes}</span> : '—'}</Row>
            <Row label="Attachment">
              <AttachmentButton entry={entry} />
            </Row>
            <Row label="Recorded">
              {formatDateTime(entry.created_at)}
              {entry.created_by_name ? ` by ${entry.created_by_name}` : ''}
            </Row>
            <Row label="Ledger">
              Movement #{entry.ledger_entry} in{' '}
              <Link to="/income-expense/transactions" className="font-medium text-accent-text hover:underline">
                Transactions
              </Link>
            </Row>
          </dl>
          {entry.status === 'active' && actions && <div className="flex justify-end gap-2 border-t border-line pt-3">{actions(entry)}</div>}
        </div>
      )}
    </Dialog>
  );
}

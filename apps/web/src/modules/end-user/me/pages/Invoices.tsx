import { useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage } from '../../../../lib/errors';
import { formatDate, formatMoney } from '../../../../lib/format';
import { PageLoading } from '../MeApp';
import { BigButton } from '../ui';
import { downloadInvoice, meMoneyEndpoints, moneyKeys } from './money';

const PAGE_SIZE = 20;
const STATUS: Record<string, string> = { issued: 'Unpaid', partially_paid: 'Part paid', paid: 'Paid', cancelled: 'Cancelled' };

/** The member's invoices and credit notes, newest first, each downloadable as a PDF. */
export default function InvoicesPage() {
  const [page, setPage] = useState(1);
  const invoices = useQuery({
    queryKey: moneyKeys.invoices(page),
    queryFn: () => call(meMoneyEndpoints.invoices, { query: { page, page_size: PAGE_SIZE } }),
  });
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (id: number, number: string) => {
    setBusy(id);
    setError(null);
    try {
      await downloadInvoice(id, number);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Invoices</h1>
      {error && <Alert>{error}</Alert>}
      {invoices.isPending ? (
        <PageLoading />
      ) : invoices.error ? (
        <Alert>{errorMessage(invoices.error)}</Alert>
      ) : invoices.data.results.length === 0 ? (
        <p className="text-base text-muted">No invoices yet.</p>
      ) : (
        <>
          <ul className="space-y-3">
            {invoices.data.results.map((i) => (
              <li key={i.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-base font-semibold text-fg">
                      {i.kind === 'credit_note' ? 'Credit note ' : ''}
                      {i.number}
                    </p>
                    <p className="truncate text-sm text-muted">{i.for}</p>
                    <p className="text-sm text-muted">{formatDate(i.date)}</p>
                  </div>
                  <div className="text-right">
                    <p className="text-base font-semibold text-fg">{formatMoney(i.total)}</p>
                    <p className="text-sm text-muted">{STATUS[i.status] ?? i.status}</p>
                  </div>
                </div>
                <BigButton
                  variant="secondary"
                  className="mt-3 w-full"
                  disabled={busy === i.id}
                  onClick={() => download(i.id, i.number)}
                  aria-label={`Download ${i.number} as PDF`}
                >
                  <FileDown aria-hidden className="h-5 w-5" /> {busy === i.id ? 'Downloading…' : 'Download PDF'}
                </BigButton>
              </li>
            ))}
          </ul>
          {(invoices.data.previous || invoices.data.next) && (
            <nav aria-label="Pages" className="flex justify-between gap-3">
              <BigButton variant="ghost" disabled={!invoices.data.previous} onClick={() => setPage((p) => p - 1)}>
                Newer
              </BigButton>
              <BigButton variant="ghost" disabled={!invoices.data.next} onClick={() => setPage((p) => p + 1)}>
                Older
              </BigButton>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

import { invoiceEmailInputSchema } from '@arena/contracts/money';
import { saleCollectInputSchema } from '@arena/contracts/store';
import { Download, Mail, Plus, Printer, ReceiptText, Undo2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { Card } from '../../components/Card';
import { DataTable, type Column } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { PaymentFields, SelectField, TextField, optionsOf } from '../../components/form';
import { DialogForm, FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { StatCard } from '../../components/StatCard';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/form';
import { usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { defaultMode, returnable } from './pos';
import {
  downloadInvoicePdf,
  fetchSales,
  openInvoicePdf,
  salesKeys,
  useCollectDue,
  useEmailInvoice,
  useReturnSale,
  useSale,
  type Sale,
  type SaleListItem,
} from './sales-api';

export const invoicePath = (saleId: number) => `/store/billing/invoice?sale=${saleId}`;

export const SALE_STATUS: Record<Sale['status'], { label: string; tone: 'success' | 'info' | 'danger' }> = {
  paid: { label: 'Paid', tone: 'success' },
  partially_paid: { label: 'Part paid', tone: 'info' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
};

export function SaleStatusBadge({ status }: { status: Sale['status'] }) {
  const s = SALE_STATUS[status] ?? { label: status, tone: 'info' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

/**
 * Store › Billing › Invoice (`?sale=<id>`): the sale as sold — lines and the batches they took,
 * payments, what is due — with its receipt (80 mm) and A4 PDF, e-mail, Collect due, Return items
 * and New sale. Without a sale, the latest sales to pick from.
 */
export function InvoicePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('sale')) || null;
  return id ? <SaleInvoice id={id} /> : <RecentSales />;
}

function RecentSales() {
  const columns: Column<SaleListItem>[] = [
    {
      id: 'number',
      header: 'Number',
      sortKey: 'number',
      mobile: 'title',
      alwaysVisible: true,
      cell: (s) => (
        <Link to={invoicePath(s.id)} className="font-medium text-accent-text hover:underline">
          {s.number}
        </Link>
      ),
    },
    { id: 'date', header: 'Date', sortKey: 'date', mobile: 'subtitle', cell: (s) => formatDateTime(s.created_at) },
    { id: 'customer', header: 'Customer', cell: (s) => s.customer_name || 'Walk-in' },
    { id: 'summary', header: 'Items', mobile: false, cell: (s) => <span className="line-clamp-1">{s.summary}</span> },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (s) => <SaleStatusBadge status={s.status} /> },
    { id: 'total', header: 'Total', sortKey: 'total', align: 'right', cell: (s) => formatMoney(s.total) },
  ];
  return (
    <div>
      <PageHeader
        title="Invoice"
        description="Open a sale to print its receipt, e-mail its invoice, collect a due or take a return."
        actions={
          <Link to="/store/billing" className={buttonClass('primary')}>
            <Plus size={16} aria-hidden /> New sale
          </Link>
        }
      />
      <DataTable
        title="Recent sales"
        queryKey={[...salesKeys.list, 'invoice-picker']}
        fetchPage={fetchSales}
        columns={columns}
        rowKey={(s) => s.id}
        searchPlaceholder="Search number or customer"
        pageSizes={[10, 25, 50]}
        compactCards
        empty={{ icon: ReceiptText, title: 'No sales yet', description: 'Sales made at Billing appear here.' }}
      />
    </div>
  );
}

function SaleInvoice({ id }: { id: number }) {
  const sale = useSale(id);
  if (sale.isPending)
    return (
      <div className="space-y-4" aria-busy="true">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (sale.isError)
    return (
      <div>
        <PageHeader title="Invoice" />
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void sale.refetch()}>
              Retry
            </Button>
          }
        >
          {errorMessage(sale.error)}
        </Alert>
      </div>
    );
  return <SaleView sale={sale.data} />;
}

function SaleView({ sale }: { sale: Sale }) {
  const [busy, setBusy] = useState<'receipt' | 'download' | null>(null);
  const [emailing, setEmailing] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const [returning, setReturning] = useState(false);
  const invoice = sale.invoice;
  const due = Number(sale.due) > 0;
  const canReturn = sale.lines.some((l) => returnable(l) > 0);

  const run = async (what: 'receipt' | 'download', action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <PageHeader
        title={`Invoice ${invoice?.number ?? sale.number}`}
        description={
          <>
            {sale.number} · {formatDateTime(sale.created_at)} · {sale.centre_name}
            {sale.sold_by_name ? ` · sold by ${sale.sold_by_name}` : ''}
          </>
        }
        actions={
          <Link to="/store/billing" className={buttonClass('primary')}>
            <Plus size={16} aria-hidden /> New sale
          </Link>
        }
      />

      <div className="mb-4 flex flex-wrap gap-2">
        {invoice ? (
          <>
            <Button
              variant="secondary"
              disabled={busy === 'receipt'}
              onClick={() => void run('receipt', () => openInvoicePdf(invoice.id, 'receipt'))}
            >
              <Printer size={16} aria-hidden /> Print receipt (80 mm)
            </Button>
            <Button
              variant="secondary"
              disabled={busy === 'download'}
              aria-busy={busy === 'download'}
              onClick={() =>
                void run('download', async () => {
                  const name = await downloadInvoicePdf(invoice);
                  notify.success(`Saved ${name}`);
                })
              }
            >
              <Download size={16} aria-hidden /> Download PDF
            </Button>
            <Button variant="secondary" onClick={() => setEmailing(true)}>
              <Mail size={16} aria-hidden /> Share by e-mail
            </Button>
          </>
        ) : (
          <Alert tone="warning">This sale has no invoice yet.</Alert>
        )}
        {due && (
          <Button onClick={() => setCollecting(true)}>
            <Wallet size={16} aria-hidden /> Collect due
          </Button>
        )}
        {canReturn && (
          <Button variant="secondary" onClick={() => setReturning(true)}>
            <Undo2 size={16} aria-hidden /> Return items
          </Button>
        )}
      </div>

      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatCard label="Total" value={formatMoney(sale.total)} />
        <StatCard label="Paid" value={formatMoney(sale.paid)} />
        <StatCard label="Due" value={<span className={due ? 'text-warning-text' : ''}>{formatMoney(sale.due)}</span>} />
        <StatCard label="Returned" value={formatMoney(sale.returned)} />
      </div>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">Items</h2>
            <SaleStatusBadge status={sale.status} />
          </div>
          <ul className="divide-y divide-line" aria-label="Items sold">
            {sale.lines.map((line) => (
              <li key={line.id} className="px-4 py-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{line.label}</p>
                    <p className="text-xs text-muted">
                      {line.quantity} × {formatMoney(line.price)}
                      {Number(line.discount) > 0 ? ` − ${formatMoney(line.discount)} discount` : ''} · GST {line.gst_rate}% · HSN {line.hsn}
                    </p>
                    {line.returned > 0 && <p className="text-xs font-medium text-warning-text">{line.returned} returned</p>}
                    {line.batches.length > 0 && (
                      <p className="mt-1 text-xs text-muted">
                        Batches:{' '}
                        {line.batches
                          .map(
                            (b) =>
                              `${b.batch_no || `#${b.batch}`}${b.expiry_date ? ` (expires ${formatDate(b.expiry_date)})` : ''} × ${b.quantity}`,
                          )
                          .join(', ')}
                      </p>
                    )}
                  </div>
                  <p className="shrink-0 text-sm font-semibold tabular">{formatMoney(line.total)}</p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <div className="space-y-4">
          <Card className="p-4">
            <h2 className="mb-2 text-sm font-semibold">Customer</h2>
            <p className="text-sm">{sale.customer_name || 'Walk-in customer'}</p>
            {sale.customer_phone && <p className="text-sm text-muted">{sale.customer_phone}</p>}
          </Card>
          <Card className="p-4">
            <h2 className="mb-2 text-sm font-semibold">Payments</h2>
            {sale.payments.length ? (
              <ul className="space-y-1.5 text-sm">
                {sale.payments.map((p, i) => (
                  <li key={i} className="flex justify-between gap-2">
                    <span className="min-w-0">
                      {p.mode}
                      <span className="block text-xs text-muted">
                        {formatDate(p.date)}
                        {p.reference ? ` · ${p.reference}` : ''}
                      </span>
                    </span>
                    <span className={Number(p.amount) < 0 ? 'tabular text-danger-text' : 'tabular'}>{formatMoney(p.amount)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">Nothing paid yet.</p>
            )}
          </Card>
        </div>
      </div>

      {invoice && <EmailDialog open={emailing} onClose={() => setEmailing(false)} invoice={invoice} />}
      <CollectDialog open={collecting} onClose={() => setCollecting(false)} sale={sale} />
      <ReturnDialog open={returning} onClose={() => setReturning(false)} sale={sale} />
    </div>
  );
}

function EmailDialog({ open, onClose, invoice }: { open: boolean; onClose: () => void; invoice: { id: number; number: string } }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={`E-mail ${invoice.number}`}
      description="The invoice’s PDF is sent as an attachment. Leave the address empty to use the customer’s e-mail on record."
      size="sm"
    >
      {open && <EmailForm invoice={invoice} onClose={onClose} />}
    </Dialog>
  );
}

function EmailForm({ invoice, onClose }: { invoice: { id: number; number: string }; onClose: () => void }) {
  const send = useEmailInvoice();
  const form = useZodForm(invoiceEmailInputSchema, { defaultValues: { email: '' } });
  return (
    <DialogForm
      form={form}
      submitLabel="Send"
      pendingLabel="Sending…"
      onCancel={onClose}
      onSubmit={async ({ email }) => {
        const result = await send.mutateAsync({ id: invoice.id, email });
        notify.success(result?.detail || `${invoice.number} was sent.`);
        onClose();
      }}
    >
      <TextField control={form.control} name="email" label="E-mail" type="email" autoComplete="email" placeholder="The customer’s e-mail" />
    </DialogForm>
  );
}

function CollectDialog({ open, onClose, sale }: { open: boolean; onClose: () => void; sale: Sale }) {
  const collect = useCollectDue();
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={`Collect due on ${sale.number}`}
      description={`${formatMoney(sale.due)} is due from ${sale.customer_name || 'the customer'}.`}
      schema={saleCollectInputSchema}
      defaultValues={{ amount: sale.due, payment_mode: '' as unknown as number, reference: '' }}
      submitLabel="Collect"
      pendingLabel="Saving…"
      onSubmit={async (body) => {
        const updated = await collect.mutateAsync({ id: sale.id, body });
        notify.success(`${formatMoney(body.amount)} received on ${updated.number}.`);
      }}
    >
      {({ control }) => <PaymentFields control={control} required />}
    </FormDialog>
  );
}

function ReturnDialog({ open, onClose, sale }: { open: boolean; onClose: () => void; sale: Sale }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={`Return items of ${sale.number}`}
      description="The units go back into the batches they came from, and a credit note is issued."
      size="md"
    >
      {open && <ReturnForm sale={sale} onClose={onClose} />}
    </Dialog>
  );
}

function ReturnForm({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const modes = usePaymentModes();
  const giveBack = useReturnSale();
  const lines = sale.lines.filter((l) => returnable(l) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('Returned by the customer');
  // A sale paid in full gives money back on any return: Cash unless the desk picks another mode.
  const [chosenMode, setMode] = useState<string | null>(null);
  const mode = chosenMode ?? (Number(sale.due) > 0 ? '' : defaultMode(modes.data ?? []));
  const [error, setError] = useState('');
  const chosen = lines
    .map((l) => ({ sold_line: l.id, quantity: Number(quantities[l.id] || 0), max: returnable(l), label: l.label }))
    .filter((l) => l.quantity > 0);
  const tooMany = chosen.find((l) => l.quantity > l.max || !Number.isInteger(l.quantity));
  const paidSomething = Number(sale.paid) > 0;

  const submit = async () => {
    setError('');
    if (!chosen.length) return setError('Enter how many units of a line come back.');
    if (tooMany) return setError(`At most ${tooMany.max} of ${tooMany.label} can be returned.`);
    try {
      const updated = await giveBack.mutateAsync({
        id: sale.id,
        body: {
          lines: chosen.map(({ sold_line, quantity }) => ({ sold_line, quantity })),
          reason: reason.trim() || 'Returned by the customer',
          payment_mode: mode ? Number(mode) : null,
        },
      });
      notify.success(`Return recorded on ${updated.number}.`);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <div className="space-y-4">
      {error && (
        <Alert tone="error" className="whitespace-pre-line">
          {error}
        </Alert>
      )}
      <ul className="divide-y divide-line rounded-md border border-line">
        {lines.map((l) => (
          <li key={l.id} className="flex items-center gap-3 px-3 py-2.5">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{l.label}</p>
              <p className="text-xs text-muted">
                Sold {l.quantity}
                {l.returned ? `, ${l.returned} returned` : ''} · up to {returnable(l)} can come back
              </p>
            </div>
            <TextField
              label={`Units of ${l.label} returned`}
              labelDisplay="hidden"
              value={quantities[l.id] ?? ''}
              onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: v.replace(/\D/g, '') }))}
              inputMode="numeric"
              placeholder="0"
              className="w-20"
            />
          </li>
        ))}
      </ul>
      <TextField label="Reason" value={reason} onChange={setReason} maxLength={200} />
      {paidSomething && (
        <SelectField
          label="Refund by"
          value={mode}
          onChange={setMode}
          placeholder="No refund (credit only)"
          options={optionsOf(modes.data)}
          loading={modes.isPending}
          hint="Needed when the customer paid more than the sale now charges."
        />
      )}
      <div className="flex justify-end gap-2 border-t border-line pt-3">
        <Button variant="secondary" onClick={onClose} disabled={giveBack.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={giveBack.isPending}>
          {giveBack.isPending ? 'Saving…' : 'Return items'}
        </Button>
      </div>
    </div>
  );
}

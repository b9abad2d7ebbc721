import { z } from '@arena/contracts/kit';
import { purchasePayInputSchema, purchaseReturnInputSchema, type Purchase, type PurchaseListItem } from '@arena/contracts/store';
import { Plus, ReceiptText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button, buttonClass } from '../../components/Button';
import { actionsColumn } from '../../components/columns';
import { DataTable, type Column } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { FilterDate, FilterSelect } from '../../components/FilterSelect';
import { DialogForm, FormDialog } from '../../components/FormDialog';
import { DateField, NumberField, optionsOf, SelectField, TextField } from '../../components/form';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm } from '../../lib/form';
import { usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useCan } from '../../lib/useCan';
import type { ResolvedNode } from '../../lib/web-module';
import { useSidebar } from '../../state/sidebar';
import {
  fetchPurchases,
  purchasesExport,
  STORE_MODULE,
  STORE_PATHS,
  storeKeys,
  usePurchase,
  usePurchaseMutations,
  useSupplierOptions,
} from './api';
import { ExpiryCell } from './parts';

export { NewPurchasePage } from './PurchaseForm';

const STATUS_OPTIONS = [
  { value: 'payable', label: 'Payable' },
  { value: 'paid', label: 'Paid' },
];

function StatusBadge({ purchase }: { purchase: Pick<Purchase, 'status' | 'due_date'> }) {
  if (purchase.status === 'paid') return <Badge tone="success">Paid</Badge>;
  const overdue = purchase.due_date < todayIso();
  return (
    <Badge tone={overdue ? 'danger' : 'info'}>
      {overdue ? `Overdue since ${formatDate(purchase.due_date)}` : `Due ${formatDate(purchase.due_date)}`}
    </Badge>
  );
}

/** Store › Products › Purchases: the suppliers' bills, their status, Pay and Return. */
export function PurchasesPage({ node }: { node: ResolvedNode }) {
  const canManage = useCan(STORE_MODULE, 'manage');
  const centre = useSidebar((s) => s.selectedCentre);
  const suppliers = useSupplierOptions();
  const [supplier, setSupplier] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<{ id: number; action: 'view' | 'pay' | 'return' } | null>(null);
  const columns: Column<PurchaseListItem>[] = [
    {
      id: 'bill_date',
      header: 'Bill date',
      sortKey: 'bill_date',
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.bill_date)}</span>,
      mobile: 'subtitle',
    },
    {
      id: 'bill_no',
      header: 'Bill',
      sortKey: 'supplier',
      alwaysVisible: true,
      mobile: 'title',
      cell: (p) => (
        <button type="button" className="text-left hover:underline" onClick={() => setOpen({ id: p.id, action: 'view' })}>
          <span className="block font-medium">{p.supplier_name}</span>
          <span className="block text-xs text-muted">
            Bill {p.bill_no} · {formatCount(p.line_count)} {p.line_count === 1 ? 'line' : 'lines'}
          </span>
        </button>
      ),
    },
    { id: 'centre', header: 'Centre', cell: (p) => p.centre_name, defaultHidden: true },
    { id: 'taxable', header: 'Taxable', align: 'right', cell: (p) => formatMoney(p.taxable), mobile: false },
    { id: 'gst', header: 'GST', align: 'right', cell: (p) => formatMoney(p.gst), mobile: false },
    { id: 'total', header: 'Total', sortKey: 'total', align: 'right', cell: (p) => formatMoney(p.total) },
    {
      id: 'returned',
      header: 'Returned',
      align: 'right',
      cell: (p) => (Number(p.returned) > 0 ? formatMoney(p.returned) : '—'),
      defaultHidden: true,
    },
    { id: 'status', header: 'Status', mobile: 'badge', cell: (p) => <StatusBadge purchase={p} /> },
    actionsColumn<PurchaseListItem>((p) => (
      <>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`View bill ${p.bill_no} of ${p.supplier_name}`}
          onClick={() => setOpen({ id: p.id, action: 'view' })}
        >
          View
        </Button>
        {canManage && p.status === 'payable' && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Pay bill ${p.bill_no} of ${p.supplier_name}`}
            onClick={() => setOpen({ id: p.id, action: 'pay' })}
          >
            Pay
          </Button>
        )}
        {canManage && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Return lines of bill ${p.bill_no} of ${p.supplier_name}`}
            onClick={() => setOpen({ id: p.id, action: 'return' })}
          >
            Return
          </Button>
        )}
      </>
    )),
  ];
  return (
    <div>
      <PageHeader
        title="Purchases"
        description="The suppliers’ bills: each brought its batches into stock and went to your expenses, paid or payable. Pay a payable bill, or return lines to the supplier."
        actions={
          canManage && (
            <Link to={STORE_PATHS.newPurchase} className={buttonClass('primary')}>
              <Plus size={16} aria-hidden /> New Purchase
            </Link>
          )
        }
      />
      <MenuTabs node={node} />
      <DataTable
        title="Purchases"
        queryKey={storeKeys.purchases}
        fetchPage={fetchPurchases}
        exportPath={purchasesExport}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search bill number, supplier"
        scope={{ centre: centre || undefined }}
        filters={{
          supplier: supplier || undefined,
          status: status || undefined,
          date_after: from || undefined,
          date_before: to || undefined,
        }}
        onClearFilters={() => {
          setSupplier('');
          setStatus('');
          setFrom('');
          setTo('');
        }}
        filterControls={
          <>
            <FilterSelect label="Supplier" value={supplier} onChange={setSupplier} options={optionsOf(suppliers.data)} />
            <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
            <FilterDate label="From" value={from} onChange={setFrom} />
            <FilterDate label="To" value={to} onChange={setTo} />
          </>
        }
        empty={{
          icon: ReceiptText,
          title: 'No purchases yet',
          description: 'Enter a supplier’s bill to bring stock in: each line becomes a batch with its expiry.',
          action: canManage ? (
            <Link to={STORE_PATHS.newPurchase} className={buttonClass('primary')}>
              <Plus size={16} aria-hidden /> New Purchase
            </Link>
          ) : undefined,
        }}
      />
      <PurchaseDialogs
        open={open}
        onClose={() => setOpen(null)}
        onAction={(action) => open && setOpen({ id: open.id, action })}
        canManage={canManage}
      />
    </div>
  );
}

function PurchaseDialogs({
  open,
  onClose,
  onAction,
  canManage,
}: {
  open: { id: number; action: 'view' | 'pay' | 'return' } | null;
  onClose: () => void;
  onAction: (action: 'pay' | 'return') => void;
  canManage: boolean;
}) {
  const purchase = usePurchase(open?.id ?? null);
  const p = purchase.data;
  const title = p ? `Bill ${p.bill_no} of ${p.supplier_name}` : 'Purchase';
  const onOpenChange = (o: boolean) => !o && onClose();
  const body = (render: (p: Purchase) => ReactNode) =>
    purchase.isPending ? (
      <Skeleton className="h-40" />
    ) : purchase.error || !p ? (
      <Alert tone="error">{errorMessage(purchase.error)}</Alert>
    ) : (
      render(p)
    );
  return (
    <>
      <Dialog
        open={open?.action === 'view'}
        onOpenChange={onOpenChange}
        size="lg"
        title={title}
        description={p ? `${formatDate(p.bill_date)} · ${p.centre_name} · entered by ${p.created_by_name || '—'}` : undefined}
        footer={
          p &&
          canManage && (
            <>
              {p.status === 'payable' && (
                <Button variant="secondary" onClick={() => onAction('pay')}>
                  Pay
                </Button>
              )}
              <Button variant="secondary" onClick={() => onAction('return')}>
                Return lines
              </Button>
            </>
          )
        }
      >
        {body((p) => (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <StatusBadge purchase={p} />
              {p.paid_on && <span className="text-muted">Paid on {formatDate(p.paid_on)}</span>}
              {Number(p.returned) > 0 && <span className="text-muted">Returned {formatMoney(p.returned)}</span>}
            </div>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label={`Lines of bill ${p.bill_no}`}>
                <thead>
                  <tr className="text-left text-xs text-muted">
                    <th className="py-2 pr-2 font-medium">Product</th>
                    <th className="px-2 py-2 font-medium">Batch · Expiry</th>
                    <th className="px-2 py-2 text-right font-medium">Qty</th>
                    <th className="px-2 py-2 text-right font-medium">Cost</th>
                    <th className="px-2 py-2 text-right font-medium">GST</th>
                    <th className="py-2 pl-2 text-right font-medium">Amount</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {p.lines.map((l) => (
                    <tr key={l.id}>
                      <td className="py-2 pr-2">{l.label}</td>
                      <td className="px-2 py-2">
                        <span className="block font-mono text-xs">{l.batch_no || '—'}</span>
                        {l.expiry_date && <span className="text-xs text-muted">{formatDate(l.expiry_date)}</span>}
                      </td>
                      <td className="px-2 py-2 text-right tabular">
                        {formatCount(l.quantity)}
                        {l.returned > 0 && <span className="block text-xs text-danger-text">−{formatCount(l.returned)} returned</span>}
                      </td>
                      <td className="px-2 py-2 text-right tabular">{formatMoney(l.cost)}</td>
                      <td className="px-2 py-2 text-right tabular">
                        {formatMoney(l.gst)}
                        <span className="block text-xs text-muted">{l.gst_rate} %</span>
                      </td>
                      <td className="py-2 pl-2 text-right tabular">{formatMoney(l.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t border-line-strong text-sm">
                  <tr>
                    <td colSpan={4} className="py-2 pr-2 text-right text-muted">
                      Taxable {formatMoney(p.taxable)} · GST {formatMoney(p.gst)}
                    </td>
                    <td colSpan={2} className="py-2 pl-2 text-right font-semibold tabular">
                      {formatMoney(p.total)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
            {p.notes && <p className="text-sm text-muted">{p.notes}</p>}
          </div>
        ))}
      </Dialog>
      {p && <PayDialog purchase={p} open={open?.action === 'pay'} onOpenChange={onOpenChange} />}
      <Dialog open={open?.action === 'return'} onOpenChange={onOpenChange} size="lg" title={`Return to the supplier: ${title}`}>
        {body((p) => (
          <ReturnForm purchase={p} onDone={onClose} />
        ))}
      </Dialog>
    </>
  );
}

function PayDialog({ purchase, open, onOpenChange }: { purchase: Purchase; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { pay } = usePurchaseMutations();
  const modes = usePaymentModes();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Pay bill ${purchase.bill_no}`}
      description={`${purchase.supplier_name}: ${formatMoney(Number(purchase.total) - Number(purchase.returned))} to pay, due ${formatDate(purchase.due_date)}.`}
      schema={purchasePayInputSchema}
      defaultValues={{ payment_mode: '', date: todayIso(), reference: '' }}
      submitLabel="Record Payment"
      onSubmit={async (input) => {
        await pay.mutateAsync({ id: purchase.id, input });
        notify.success(`Bill ${purchase.bill_no} of ${purchase.supplier_name} paid.`);
      }}
    >
      {({ control }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            control={control}
            name="payment_mode"
            label="Payment Mode"
            required
            placeholder="Select mode"
            options={optionsOf(modes.data)}
            loading={modes.isPending}
          />
          <DateField control={control} name="date" label="Paid on" required />
          <TextField
            control={control}
            name="reference"
            label="Reference"
            placeholder="UPI ref (UTR), cheque no."
            maxLength={100}
            className="sm:col-span-2"
          />
        </div>
      )}
    </FormDialog>
  );
}

const returnFields = z.object({
  lines: z.array(z.object({ purchase_line: z.number(), quantity: z.union([z.number(), z.nan()]) })),
  reason: z.string(),
  payment_mode: z.string(),
});

function ReturnForm({ purchase, onDone }: { purchase: Purchase; onDone: () => void }) {
  const { return: returnLines } = usePurchaseMutations();
  const modes = usePaymentModes();
  const open = purchase.lines.filter((l) => l.quantity > l.returned);
  const schema = requestSchema(
    returnFields,
    purchaseReturnInputSchema,
    (v) => ({
      lines: v.lines.filter((l) => Number.isFinite(l.quantity) && l.quantity !== 0),
      reason: v.reason,
      payment_mode: purchase.status === 'paid' ? v.payment_mode || null : null,
    }),
    (path) => (path.startsWith('lines') ? 'reason' : path),
  );
  const form = useZodForm(schema, {
    defaultValues: { lines: open.map((l) => ({ purchase_line: l.id, quantity: Number.NaN })), reason: '', payment_mode: '' },
  });
  if (open.length === 0) return <p className="text-sm text-muted">Every line of this bill has been returned.</p>;
  return (
    <DialogForm
      form={form}
      submitLabel="Return"
      onCancel={onDone}
      onSubmit={async (input) => {
        await returnLines.mutateAsync({ id: purchase.id, input });
        notify.success(`Returned to ${purchase.supplier_name}: the stock went down and the bill was credited.`);
        onDone();
      }}
    >
      <p className="text-sm text-muted">
        Enter the units going back on each line. They leave their batch, and{' '}
        {purchase.status === 'paid' ? 'the supplier refunds them' : 'what you owe on the bill goes down'}, GST included.
      </p>
      <div className="space-y-3">
        {open.map((l, i) => (
          <div key={l.id} className="grid items-end gap-2 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <div className="text-sm">
              <span className="block font-medium">{l.label}</span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted">
                Batch {l.batch_no || '—'} · {formatCount(l.quantity - l.returned)} returnable at {formatMoney(l.cost)} + {l.gst_rate} %
                {l.expiry_date && <ExpiryCell batch={{ expiry_date: l.expiry_date, days_to_expiry: null, state: 'ok' }} />}
              </span>
            </div>
            <NumberField
              control={form.control}
              name={`lines.${i}.quantity`}
              label={`Return quantity, ${l.label}`}
              labelDisplay="hidden-from-sm"
              placeholder="0"
            />
          </div>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          control={form.control}
          name="reason"
          label="Reason"
          required
          maxLength={200}
          placeholder="Damaged in transit, short expiry"
        />
        {purchase.status === 'paid' && (
          <SelectField
            control={form.control}
            name="payment_mode"
            label="Refunded by"
            required
            placeholder="Select mode"
            options={optionsOf(modes.data)}
            loading={modes.isPending}
          />
        )}
      </div>
    </DialogForm>
  );
}

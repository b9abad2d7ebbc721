import { purchaseInputSchema, type SubProduct } from '@arena/contracts/store';
import { fromPaise, toPaise, z } from '@arena/contracts/kit';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField, Form, MoneyField, NumberField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm, type FormInput } from '../../lib/form';
import { useCentres, usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { todayIso } from '../../lib/today';
import { useSidebar } from '../../state/sidebar';
import { STORE_PATHS, usePurchaseMutations, useSubProduct, useSupplierOptions, useVariants } from './api';
import { GST_RATE_OPTIONS } from './parts';
import { VariantPicker } from './VariantPicker';

const lineFields = z.object({
  sub_product: z.number().nullable(),
  label: z.string(),
  tracks_expiry: z.boolean(),
  batch_no: z.string(),
  expiry_date: z.string(),
  quantity: z.union([z.number(), z.nan()]),
  cost: z.string(),
  gst_rate: z.string(),
});
type LineValues = z.infer<typeof lineFields>;
const purchaseFields = z.object({
  supplier: z.string(),
  centre: z.string(),
  bill_no: z.string(),
  bill_date: z.string(),
  lines: z.array(lineFields),
  payment: z.enum(['payable', 'paid']),
  payment_mode: z.string(),
  reference: z.string(),
  notes: z.string(),
});

const blankLine = (): LineValues => ({
  sub_product: null,
  label: '',
  tracks_expiry: false,
  batch_no: '',
  expiry_date: '',
  quantity: Number.NaN,
  cost: '',
  gst_rate: '18',
});
const isBlank = (l: LineValues) => l.sub_product === null && !l.batch_no && !l.expiry_date && !Number.isFinite(l.quantity) && !l.cost;

/** What a purchase may start from: a low-stock selection (the purchase draft), a product or a variant. */
export interface PurchaseDraft {
  supplier?: number | null;
  lines: { sub_product: number; label: string; tracks_expiry: boolean; quantity: number; cost: string; gst_rate: number }[];
}
const lineOf = (
  v: { id: number; label: string; tracks_expiry: boolean; cost: string; gst_rate: number },
  quantity = Number.NaN,
): LineValues => ({
  ...blankLine(),
  sub_product: v.id,
  label: v.label,
  tracks_expiry: v.tracks_expiry,
  cost: Number(v.cost) > 0 ? v.cost : '',
  gst_rate: String(v.gst_rate),
  quantity,
});

/** The form's lines, trailing blank ones dropped, become the contracts' purchase (its rules reported on the line's field). */
const purchaseFormSchema = requestSchema(purchaseFields, purchaseInputSchema, (v, issue) => {
  let lines = v.lines;
  while (lines.length > 1 && isBlank(lines[lines.length - 1])) lines = lines.slice(0, -1);
  if (!v.supplier) issue('supplier', 'Choose the supplier.');
  if (!v.centre) issue('centre', 'Choose the centre the stock arrives at.');
  lines.forEach((l, i) => {
    if (l.sub_product === null)
      issue(`lines.${i}.sub_product`, lines.length === 1 ? 'Add at least one line: find the product.' : 'Find the product.');
    if (l.tracks_expiry && !l.expiry_date) issue(`lines.${i}.expiry_date`, 'Enter the expiry date: this product tracks expiry.');
  });
  return {
    supplier: v.supplier,
    centre: v.centre,
    bill_no: v.bill_no,
    bill_date: v.bill_date,
    lines: lines.map((l) => ({
      sub_product: l.sub_product ?? 0,
      batch_no: l.batch_no,
      expiry_date: l.expiry_date || null,
      quantity: l.quantity,
      cost: l.cost,
      gst_rate: l.gst_rate,
    })),
    payment: v.payment,
    payment_mode: v.payment === 'paid' ? v.payment_mode || null : null,
    reference: v.reference,
    notes: v.notes,
  };
});
type PurchaseFormValues = FormInput<typeof purchaseFormSchema>;

/** A line's taxable value, GST and amount in paise (GST rounded per line, as the bill is). */
function lineSums(l: Pick<LineValues, 'quantity' | 'cost' | 'gst_rate'>) {
  const cost = toPaise(l.cost || '0') ?? 0;
  const taxable = Number.isFinite(l.quantity) && l.quantity > 0 ? cost * l.quantity : 0;
  const gst = Math.round((taxable * Number(l.gst_rate || 0)) / 100);
  return { taxable, gst, amount: taxable + gst };
}

const PAYMENT_OPTIONS = [
  { value: 'payable', label: 'Payable later' },
  { value: 'paid', label: 'Paid now' },
];

/**
 * Store › Products › Purchases › New Purchase: a supplier's bill, keyboard-first. Enter moves to the
 * next field, and from a line's last field to a new line; the product is found by name, SKU or
 * barcode (a scanner works), and its cost and GST rate come with it.
 */
export function NewPurchasePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const draft = (location.state as { draft?: PurchaseDraft } | null)?.draft;
  const fromProduct = Number(params.get('product')) || null;
  const fromVariant = Number(params.get('sub_product')) || null;
  const productVariants = useVariants(fromProduct);
  const variant = useSubProduct(fromVariant);
  const selectedCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentres();
  const supplierOptions = useSupplierOptions();
  const modes = usePaymentModes();
  const { create } = usePurchaseMutations();

  const form = useZodForm(purchaseFormSchema, {
    defaultValues: {
      supplier: draft?.supplier ? String(draft.supplier) : '',
      centre: selectedCentre,
      bill_no: '',
      bill_date: todayIso(),
      lines: draft?.lines.length
        ? draft.lines.map((l) =>
            lineOf({ id: l.sub_product, label: l.label, tracks_expiry: l.tracks_expiry, cost: l.cost, gst_rate: l.gst_rate }, l.quantity),
          )
        : [blankLine()],
      payment: 'payable',
      payment_mode: '',
      reference: '',
      notes: '',
    } satisfies PurchaseFormValues,
  });
  const { control } = form;
  const lines = useFieldArray({ control, name: 'lines' });

  // One centre: it is the one. A purchase from a product or a variant: its lines.
  useEffect(() => {
    if (!form.getValues('centre') && centres.data?.length === 1) form.setValue('centre', String(centres.data[0].id));
  }, [centres.data, form]);
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current) return;
    const from = fromVariant
      ? variant.data
        ? [variant.data]
        : null
      : fromProduct
        ? (productVariants.data?.filter((v) => v.is_active) ?? null)
        : null;
    if (!from?.length) return;
    prefilled.current = true;
    lines.replace(from.map((v) => lineOf(v)));
  }, [fromVariant, fromProduct, variant.data, productVariants.data, lines]);

  const watched = useWatch({ control, name: 'lines' });
  const payment = useWatch({ control, name: 'payment' });
  const totals = (watched ?? []).reduce(
    (t, l) => {
      const s = lineSums(l as LineValues);
      return { taxable: t.taxable + s.taxable, gst: t.gst + s.gst, amount: t.amount + s.amount };
    },
    { taxable: 0, gst: 0, amount: 0 },
  );

  // Enter moves on; from the last field of the last line it starts a new line.
  const linesBox = useRef<HTMLDivElement>(null);
  const pickers = useRef<(HTMLInputElement | null)[]>([]);
  const focusLine = useRef<number | null>(null);
  useEffect(() => {
    if (focusLine.current !== null) {
      pickers.current[focusLine.current]?.focus();
      focusLine.current = null;
    }
  }, [lines.fields.length]);
  const onLinesKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.defaultPrevented || e.shiftKey) return;
    const target = e.target as HTMLElement;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    e.preventDefault();
    const inputs = [...(linesBox.current?.querySelectorAll<HTMLElement>('input:not([disabled]), select:not([disabled])') ?? [])];
    const at = inputs.indexOf(target);
    if (at >= 0 && at < inputs.length - 1) {
      const next = inputs[at + 1];
      next.focus();
      if (next instanceof HTMLInputElement) next.select();
    } else addLine();
  };
  const addLine = () => {
    focusLine.current = lines.fields.length;
    lines.append(blankLine(), { shouldFocus: false });
  };
  const pickVariant = (i: number, v: SubProduct) => {
    const current = form.getValues(`lines.${i}`);
    form.setValue(
      `lines.${i}`,
      { ...lineOf(v, current.quantity), batch_no: current.batch_no, expiry_date: current.expiry_date },
      { shouldValidate: false },
    );
    form.clearErrors(`lines.${i}.sub_product`);
    setTimeout(() => form.setFocus(`lines.${i}.batch_no`), 0);
  };

  return (
    <div>
      <PageHeader
        title="New Purchase"
        description="Enter a supplier’s bill: each line brings in a batch of a variant, with its expiry when the product tracks it. The bill goes to your expenses, paid now or payable."
        actions={
          <Link
            to={STORE_PATHS.purchases}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-text hover:underline"
          >
            <ArrowLeft size={15} aria-hidden /> Purchases
          </Link>
        }
      />
      <Form
        form={form}
        invalidMessage="Some fields need attention: they are marked in red."
        onSubmit={async (input) => {
          const saved = await create.mutateAsync(input);
          notify.success(
            `Bill ${saved.bill_no} of ${saved.supplier_name} entered: ${formatMoney(saved.total)}, ${saved.status === 'paid' ? 'paid' : `payable by ${formatDate(saved.due_date)}`}.`,
          );
          void navigate(STORE_PATHS.purchases);
        }}
        footer={({ submitting }) => (
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => void navigate(STORE_PATHS.purchases)} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving…' : 'Save Purchase'}
            </Button>
          </div>
        )}
      >
        <Card className="p-4 sm:p-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              control={control}
              name="supplier"
              label="Supplier"
              required
              placeholder="Choose a supplier"
              options={optionsOf(supplierOptions.data)}
              loading={supplierOptions.isPending}
              hint={
                supplierOptions.data?.length === 0 ? (
                  <>
                    Add a supplier first (
                    <Link to={STORE_PATHS.suppliers} className="underline">
                      Suppliers
                    </Link>
                    ).
                  </>
                ) : undefined
              }
            />
            <SelectField
              control={control}
              name="centre"
              label="Centre"
              required
              placeholder="Choose a centre"
              options={optionsOf(centres.data)}
              loading={centres.isPending}
            />
            <TextField control={control} name="bill_no" label="Bill number" required maxLength={40} />
            <DateField control={control} name="bill_date" label="Bill date" required />
          </div>
        </Card>

        <Card className="p-4 sm:p-5">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-sm font-semibold">Lines</h2>
            <p className="text-xs text-muted">Enter moves to the next field; Enter on a line’s last field adds a line.</p>
          </div>
          <div className="sm:overflow-x-auto">
            <div ref={linesBox} onKeyDown={onLinesKeyDown} className="space-y-3 sm:min-w-[56rem] sm:space-y-2">
              <div
                aria-hidden
                className="hidden gap-2 text-xs font-medium text-muted sm:grid sm:grid-cols-[minmax(12rem,3fr)_minmax(6rem,1fr)_10.5rem_5.5rem_7rem_5.5rem_7rem_2.25rem]"
              >
                <span>Product</span>
                <span>Batch no</span>
                <span>Expiry</span>
                <span className="text-right">Quantity</span>
                <span className="text-right">Cost before GST</span>
                <span>GST</span>
                <span className="text-right">Amount</span>
                <span />
              </div>
              {lines.fields.map((f, i) => {
                const line = (watched?.[i] ?? f) as LineValues;
                const error = form.formState.errors.lines?.[i]?.sub_product?.message;
                const n = i + 1;
                return (
                  <div
                    key={f.id}
                    className="grid grid-cols-2 gap-2 rounded-lg border border-line p-3 sm:grid-cols-[minmax(12rem,3fr)_minmax(6rem,1fr)_10.5rem_5.5rem_7rem_5.5rem_7rem_2.25rem] sm:items-start sm:border-0 sm:p-0"
                  >
                    <div className="col-span-2 sm:col-span-1">
                      <span className="mb-1.5 block text-sm font-medium sm:hidden" aria-hidden>
                        Line {n}
                      </span>
                      <VariantPicker
                        ref={(el) => {
                          pickers.current[i] = el;
                        }}
                        label={`Product, line ${n}`}
                        value={line.label}
                        invalid={!!error}
                        describedBy={error ? `line-${f.id}-product-error` : undefined}
                        onPick={(v) => pickVariant(i, v)}
                      />
                      {error && (
                        <p id={`line-${f.id}-product-error`} className="mt-1.5 text-xs font-medium text-danger-text">
                          {error}
                        </p>
                      )}
                    </div>
                    <TextField
                      control={control}
                      name={`lines.${i}.batch_no`}
                      label={`Batch no, line ${n}`}
                      labelDisplay="hidden-from-sm"
                      maxLength={40}
                    />
                    <DateField
                      control={control}
                      name={`lines.${i}.expiry_date`}
                      label={`Expiry, line ${n}`}
                      labelDisplay="hidden-from-sm"
                      required={line.tracks_expiry}
                    />
                    <NumberField
                      control={control}
                      name={`lines.${i}.quantity`}
                      label={`Quantity, line ${n}`}
                      labelDisplay="hidden-from-sm"
                      required
                    />
                    <MoneyField
                      control={control}
                      name={`lines.${i}.cost`}
                      label={`Cost before GST, line ${n}`}
                      labelDisplay="hidden-from-sm"
                      required
                    />
                    <SelectField
                      control={control}
                      name={`lines.${i}.gst_rate`}
                      label={`GST rate, line ${n}`}
                      labelDisplay="hidden-from-sm"
                      options={GST_RATE_OPTIONS}
                    />
                    <div className="flex h-10 items-center justify-between text-sm tabular sm:justify-end">
                      <span className="text-muted sm:hidden">Amount</span>
                      <span>
                        <span className="sr-only">Amount, line {n}: </span>
                        {formatMoney(fromPaise(lineSums(line).amount))}
                      </span>
                    </div>
                    <div className="flex justify-end sm:h-10 sm:items-center">
                      <Button
                        size="sm"
                        variant="ghost-danger"
                        aria-label={`Remove line ${n}`}
                        disabled={lines.fields.length === 1}
                        onClick={() => lines.remove(i)}
                      >
                        <Trash2 size={15} aria-hidden />
                      </Button>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
            <Button variant="secondary" size="sm" onClick={addLine}>
              <Plus size={14} aria-hidden /> Add line
            </Button>
            <div role="group" aria-label="Bill totals">
              <dl className="grid min-w-[16rem] grid-cols-2 gap-x-6 gap-y-1 text-sm">
                <dt className="text-muted">Taxable</dt>
                <dd className="text-right tabular">{formatMoney(fromPaise(totals.taxable))}</dd>
                <dt className="text-muted">GST</dt>
                <dd className="text-right tabular">{formatMoney(fromPaise(totals.gst))}</dd>
                <dt className="font-semibold">Total</dt>
                <dd className="text-right text-base font-semibold tabular">{formatMoney(fromPaise(totals.amount))}</dd>
              </dl>
            </div>
          </div>
        </Card>

        <Card className="p-4 sm:p-5">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField control={control} name="payment" label="Payment" required options={PAYMENT_OPTIONS} />
            {payment === 'paid' && (
              <>
                <SelectField
                  control={control}
                  name="payment_mode"
                  label="Payment Mode"
                  required
                  placeholder="Select mode"
                  options={optionsOf(modes.data)}
                  loading={modes.isPending}
                />
                <TextField control={control} name="reference" label="Reference" placeholder="UPI ref (UTR), cheque no." maxLength={100} />
              </>
            )}
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2 lg:col-span-4" />
          </div>
        </Card>
      </Form>
    </div>
  );
}

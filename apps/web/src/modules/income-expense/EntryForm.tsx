import {
  ENTRY_TYPE_LABELS,
  ENTRY_TYPES,
  incomeExpenseInputSchema,
  type EntryType,
  type IncomeExpense,
} from '@arena/contracts/income-expense';
import { z } from '@arena/contracts/kit';
import { addDays, format, parseISO } from 'date-fns';
import { clsx } from 'clsx';
import { Paperclip } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { Dialog } from '../../components/Dialog';
import { DateField, FileField, MoneyField, optionsOf, SelectField, TextareaField, TextField } from '../../components/form';
import { DialogForm } from '../../components/FormDialog';
import { formatDate, formatMoney } from '../../lib/format';
import { requestSchema, useZodForm, type AnyForm, type FormControl, type FormInput } from '../../lib/form';
import { useCentres, usePaymentModes } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useSidebar } from '../../state/sidebar';
import { useCategoryOptions, useEntryMutations, useVendorOptions } from './api';
import { ATTACHMENT_ACCEPT, attachmentError, ENTRY_GST_RATES, gstPreview } from './rules';
import { todayIso } from '../../lib/today';

/** What the form holds: ids as select text, the amount as typed, the chosen bill. */
const entryFields = z.object({
  type: z.enum(ENTRY_TYPES),
  title: z.string(),
  category: z.string(),
  vendor: z.string(),
  centre: z.string(),
  amount: z.string(),
  gst_rate: z.string(),
  date: z.string(),
  payment_mode: z.string(),
  reference: z.string(),
  notes: z.string(),
  buyer_name: z.string(),
  buyer_gstin: z.string(),
  attachment: z.custom<File | null>((v) => v === null || (typeof File !== 'undefined' && v instanceof File)),
});

/** The contracts' entry request, built from the form, with the messages of this screen. */
const entryFormSchema = requestSchema(entryFields, incomeExpenseInputSchema, (v, issue) => {
  if (!v.category) issue('category', 'Choose a category.');
  if (!v.amount.trim()) issue('amount', 'Amount is required.');
  if (!v.date) issue('date', 'Date is required.');
  if (!v.payment_mode) issue('payment_mode', 'Choose a payment mode.');
  const fileError = attachmentError(v.attachment);
  if (fileError) issue('attachment', fileError);
  // Income with GST is a sale: its tax invoice names the buyer.
  const sale = v.type === 'income' && Number(v.gst_rate) > 0;
  if (sale && !v.buyer_name.trim()) issue('buyer_name', 'Name the buyer: the tax invoice is issued to them.');
  return {
    type: v.type,
    title: v.title,
    category: v.category || undefined,
    vendor: v.vendor || null,
    centre: v.centre || null,
    amount: v.amount.trim(),
    gst_rate: Number(v.gst_rate),
    date: v.date,
    payment_mode: v.payment_mode || undefined,
    reference: v.reference,
    notes: v.notes,
    buyer_name: sale ? v.buyer_name : '',
    buyer_gstin: sale ? v.buyer_gstin : '',
  } as z.input<typeof incomeExpenseInputSchema>;
});
type EntryForm = FormInput<typeof entryFormSchema>;

const GST_OPTIONS = ENTRY_GST_RATES.map((r) => ({ value: String(r), label: r === 0 ? 'No GST (0 %)' : `${r} %` }));

/**
 * Add an income or expense, or edit one: an edit changes only what the books do not hold (title,
 * vendor, reference, notes, bill); the rest is shown as recorded, fixed.
 */
export function EntryFormDialog({
  open,
  onOpenChange,
  entry,
  defaultType = 'expense',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry being corrected; null to add one. */
  entry: IncomeExpense | null;
  defaultType?: EntryType;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={entry ? `Edit ${ENTRY_TYPE_LABELS[entry.type].toLowerCase()}${entry.title ? ` “${entry.title}”` : ''}` : 'Add Income/Expense'}
      description={
        entry
          ? 'What the books hold — type, category, center, amount, GST, date and payment mode — is fixed once recorded. To change it, remove the entry (it is reversed) and record it again.'
          : 'Money received or paid outside bookings, memberships and the store: rent, salaries, bills, sponsorships…'
      }
      size="lg"
    >
      {open && <EntryFormBody entry={entry} defaultType={defaultType} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EntryFormBody({ entry, defaultType, onDone }: { entry: IncomeExpense | null; defaultType: EntryType; onDone: () => void }) {
  const { create, correct } = useEntryMutations();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const form = useZodForm(entryFormSchema, {
    defaultValues: entry
      ? {
          type: entry.type,
          title: entry.title,
          category: String(entry.category),
          vendor: entry.vendor ? String(entry.vendor) : '',
          centre: entry.centre ? String(entry.centre) : '',
          amount: entry.amount,
          gst_rate: String(entry.gst_rate),
          date: entry.date,
          payment_mode: String(entry.payment_mode),
          reference: entry.reference,
          notes: entry.notes,
          buyer_name: '',
          buyer_gstin: '',
          attachment: null,
        }
      : {
          type: defaultType,
          title: '',
          category: '',
          vendor: '',
          centre: sidebarCentre,
          amount: '',
          gst_rate: '0',
          date: todayIso(),
          payment_mode: '',
          reference: '',
          notes: '',
          buyer_name: '',
          buyer_gstin: '',
          attachment: null,
        },
  });
  const { control } = form;
  const [type, rate] = useWatch({ control, name: ['type', 'gst_rate'] });
  const sale = type === 'income' && Number(rate) > 0;
  const categories = useCategoryOptions(type);
  const vendors = useVendorOptions();
  const centres = useCentres();
  const modes = usePaymentModes();

  const onSubmit = async (input: z.output<typeof incomeExpenseInputSchema>) => {
    const attachment = form.getValues('attachment');
    if (entry) {
      await correct.mutateAsync({ id: entry.id, input, attachment });
      notify.success('The entry was updated.');
    } else {
      await create.mutateAsync({ input, attachment });
      notify.success(`${ENTRY_TYPE_LABELS[input.type]} of ${formatMoney(input.amount)} was recorded.`);
    }
    onDone();
  };

  // What an entry always has, whether it is added or edited (an edit shows the rest as recorded).
  const titleField = <TextField control={control} name="title" label="Title" placeholder="e.g. November rent" className="sm:col-span-2" />;
  const vendorField = (
    <SelectField
      control={control}
      name="vendor"
      label="Vendor"
      placeholder="No vendor"
      searchable
      loading={vendors.isPending}
      options={optionsOf(vendors.data)}
    />
  );
  const referenceField = (
    <TextField control={control} name="reference" label="Reference" placeholder="Bill no., UTR, cheque no." maxLength={100} />
  );
  const attachmentField = <AttachmentField form={form} current={entry?.attachment ? entry.attachment_name || 'attached bill' : null} />;
  const notesField = <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />;

  return (
    <DialogForm form={form} onSubmit={onSubmit} onCancel={onDone} submitLabel={entry ? 'Save Changes' : 'Save'}>
      {entry ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <RecordedFacts entry={entry} className="sm:col-span-2" />
          {titleField}
          {vendorField}
          {referenceField}
          {attachmentField}
          {notesField}
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TypeChoice control={control} onChange={() => form.setValue('category', '')} className="sm:col-span-2" />
          {titleField}
          <SelectField
            control={control}
            name="category"
            label="Category"
            required
            placeholder="Select category"
            loading={categories.isPending}
            options={optionsOf(categories.data)}
            hint={categories.data?.length === 0 ? `No ${type} categories yet: add them under Income/Expenses › Category.` : undefined}
          />
          {vendorField}
          <SelectField
            control={control}
            name="centre"
            label="Center"
            placeholder="No particular center"
            loading={centres.isPending}
            options={optionsOf(centres.data)}
          />
          <DateField control={control} name="date" label="Date" required max={format(addDays(parseISO(todayIso()), 1), 'yyyy-MM-dd')} />
          <MoneyField control={control} name="amount" label="Amount" required hint="What was paid or received, GST included." />
          <SelectField control={control} name="gst_rate" label="GST rate" options={GST_OPTIONS} />
          <GstSplit control={control} className="sm:col-span-2" />
          {sale && (
            <>
              <p className="text-sm text-muted sm:col-span-2">
                Income with GST is a sale: a tax invoice is issued to the buyer, and it counts in the GST summary.
              </p>
              <TextField control={control} name="buyer_name" label="Buyer" required placeholder="Who paid" maxLength={200} />
              <TextField control={control} name="buyer_gstin" label="Buyer GSTIN" placeholder="If registered" maxLength={15} />
            </>
          )}
          <SelectField
            control={control}
            name="payment_mode"
            label="Payment mode"
            required
            placeholder="Select payment mode"
            loading={modes.isPending}
            options={optionsOf(modes.data)}
          />
          {referenceField}
          {attachmentField}
          {notesField}
        </div>
      )}
      {entry?.status === 'reversed' && (
        <Alert tone="warning" className="mt-4">
          This entry was removed; it can no longer be corrected.
        </Alert>
      )}
    </DialogForm>
  );
}

/** What the books hold of a recorded entry, shown as recorded: fixed, so not a field. */
function RecordedFacts({ entry, className }: { entry: IncomeExpense; className?: string }) {
  const facts: [string, string][] = [
    ['Type', ENTRY_TYPE_LABELS[entry.type]],
    ['Category', entry.category_name],
    ['Center', entry.centre_name || 'No particular center'],
    ['Date', formatDate(entry.date)],
    ['Amount', formatMoney(entry.amount)],
    ['GST', entry.gst_rate === 0 ? 'No GST' : `${formatMoney(entry.gst_amount)} at ${entry.gst_rate} %`],
    ['Payment mode', entry.payment_mode_name],
    ...(entry.invoice ? ([['Tax invoice', entry.invoice.number]] as [string, string][]) : []),
  ];
  return (
    <section aria-label="As recorded" className={clsx('rounded-md border border-line bg-subtle/60 px-3 py-2', className)}>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className={clsx('truncate font-medium', label === 'Amount' && 'tabular')}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Income or Expense, as two radio buttons side by side. */
function TypeChoice({ control, onChange, className }: { control: FormControl<EntryForm>; onChange: () => void; className?: string }) {
  const { field } = useController({ control, name: 'type' });
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="mb-1.5 text-sm font-medium text-fg">Type</legend>
      <div className="inline-flex rounded-md border border-line-strong p-0.5 shadow-sm">
        {ENTRY_TYPES.map((t) => (
          <label
            key={t}
            className={clsx(
              'cursor-pointer rounded px-4 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40',
              field.value === t ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={name}
              value={t}
              checked={field.value === t}
              onChange={() => {
                field.onChange(t);
                onChange();
              }}
              className="sr-only"
            />
            {ENTRY_TYPE_LABELS[t]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The GST included in the amount and the taxable value, as the amount and rate are typed. */
function GstSplit({ control, className }: { control: FormControl<EntryForm>; className?: string }) {
  const [amount, rate] = useWatch({ control, name: ['amount', 'gst_rate'] });
  const split = useMemo(() => gstPreview(amount ?? '', Number(rate) || 0), [amount, rate]);
  return (
    <div className={clsx('rounded-md border border-line bg-subtle/60 px-3 py-2 text-sm', className)} aria-live="polite">
      {split ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-1">
          <div className="flex gap-2">
            <dt className="text-muted">GST included</dt>
            <dd className="font-medium tabular">{formatMoney(split.gst)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-muted">Taxable value</dt>
            <dd className="font-medium tabular">{formatMoney(split.taxable)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-muted">Enter the amount to see the GST included and the taxable value.</p>
      )}
    </div>
  );
}

/** The bill (PDF or picture, at most 5 MB): refused as soon as it is chosen when it does not fit. */
function AttachmentField({ form, current }: { form: AnyForm<EntryForm>; current: string | null }) {
  const { field, fieldState } = useController({ control: form.control, name: 'attachment' });
  const id = useId();
  return (
    <div>
      <FileField
        id={id}
        label="Attachment"
        accept={ATTACHMENT_ACCEPT}
        value={field.value ?? null}
        onChange={(file) => {
          field.onChange(file);
          const error = attachmentError(file);
          if (error) form.setError('attachment', { type: 'client', message: error });
          else form.clearErrors('attachment');
        }}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
        hint="PDF or image, at most 5 MB."
      />
      {current && !field.value && (
        <p className="mt-1 flex items-center gap-1 text-xs text-muted">
          <Paperclip size={12} aria-hidden /> Keeps {current}; a new file replaces it.
        </p>
      )}
    </div>
  );
}

import { z } from '@arena/contracts/kit';
import { adjustInputSchema, transferInputSchema, writeOffInputSchema, type Batch } from '@arena/contracts/store';
import clsx from 'clsx';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { FormDialog } from '../../components/FormDialog';
import { NumberField, optionsOf, SelectField, TextField } from '../../components/form';
import { formatCount, formatDate } from '../../lib/format';
import { useCentres } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { requestSchema } from '../../lib/form';
import { useBatchActions } from './api';

/** A batch's expiry: amber when near (within the server's window), red once past; "No expiry" without one. */
export function ExpiryCell({ batch }: { batch: Pick<Batch, 'expiry_date' | 'days_to_expiry' | 'state'> }) {
  if (!batch.expiry_date) return <span className="text-muted">No expiry</span>;
  const days = batch.days_to_expiry;
  const expired = batch.state === 'expired' || (days !== null && days < 0);
  const near = !expired && batch.state === 'near_expiry';
  const note =
    days === null
      ? ''
      : expired
        ? `expired ${formatCount(-days)} ${-days === 1 ? 'day' : 'days'} ago`
        : days === 0
          ? 'expires today'
          : `in ${formatCount(days)} ${days === 1 ? 'day' : 'days'}`;
  return (
    <span
      className={clsx(
        'inline-flex flex-col whitespace-nowrap rounded px-1.5 py-0.5',
        expired && 'bg-danger-soft text-danger-text',
        near && 'bg-warning-soft text-warning-text',
      )}
    >
      <span className="font-medium tabular">{formatDate(batch.expiry_date)}</span>
      {note && (expired || near) && <span className="text-xs">{note}</span>}
    </span>
  );
}

/** An empty quantity writes off all that is left (the contract's `quantity` left out). */
const writeOffFormSchema = requestSchema(
  z.object({ quantity: z.union([z.number(), z.nan()]), reason: z.string() }),
  writeOffInputSchema,
  (v) => ({
    quantity: Number.isFinite(v.quantity) ? v.quantity : undefined,
    reason: v.reason,
  }),
);

type BatchAction = 'write-off' | 'adjust' | 'transfer';

/** A batch's row buttons (Write off, Adjust, Transfer) and the dialogs they open. */
export function BatchActionButtons({ batch, only }: { batch: Batch; only?: BatchAction[] }) {
  const [open, setOpen] = useState<BatchAction | null>(null);
  const shows = (a: BatchAction) => !only || only.includes(a);
  const name = `batch ${batch.batch_no || batch.id} of ${batch.label}`;
  return (
    <>
      {shows('write-off') && batch.quantity > 0 && (
        <Button size="sm" variant="ghost-danger" aria-label={`Write off ${name}`} onClick={() => setOpen('write-off')}>
          Write off
        </Button>
      )}
      {shows('adjust') && (
        <Button size="sm" variant="ghost" aria-label={`Adjust ${name}`} onClick={() => setOpen('adjust')}>
          Adjust
        </Button>
      )}
      {shows('transfer') && batch.quantity > 0 && (
        <Button size="sm" variant="ghost" aria-label={`Transfer ${name}`} onClick={() => setOpen('transfer')}>
          Transfer
        </Button>
      )}
      <BatchActionDialog batch={batch} action={open} onClose={() => setOpen(null)} />
    </>
  );
}

function batchSummary(batch: Batch) {
  return `${batch.label} · batch ${batch.batch_no || '—'} · ${formatCount(batch.quantity)} on hand at ${batch.centre_name}${batch.expiry_date ? ` · expires ${formatDate(batch.expiry_date)}` : ''}`;
}

function BatchActionDialog({ batch, action, onClose }: { batch: Batch; action: BatchAction | null; onClose: () => void }) {
  const actions = useBatchActions();
  const centres = useCentres();
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  const expired = batch.state === 'expired';
  return (
    <>
      <FormDialog
        open={action === 'write-off'}
        onOpenChange={onOpenChange}
        title="Write off stock"
        description={`${batchSummary(batch)}. Written off at cost, as an expense; leave the quantity empty to write off all that is left.`}
        schema={writeOffFormSchema}
        defaultValues={{ quantity: batch.quantity, reason: expired ? 'Expired' : '' }}
        submitLabel="Write off"
        onSubmit={async (input) => {
          await actions.writeOff.mutateAsync({ id: batch.id, input });
          notify.success(`Written off ${formatCount(input.quantity ?? batch.quantity)} of ${batch.label}.`);
        }}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              control={control}
              name="quantity"
              label="Quantity"
              suffix="units"
              hint={`At most ${formatCount(batch.quantity)}.`}
            />
            <TextField control={control} name="reason" label="Reason" required maxLength={200} placeholder="Expired, damaged, lost" />
          </div>
        )}
      </FormDialog>
      <FormDialog
        open={action === 'adjust'}
        onOpenChange={onOpenChange}
        title="Adjust the count"
        description={`${batchSummary(batch)}. Enter the units found (+) or missing (−) after a count.`}
        schema={adjustInputSchema}
        defaultValues={{ quantity: Number.NaN, reason: '' }}
        submitLabel="Adjust"
        onSubmit={async (input) => {
          await actions.adjust.mutateAsync({ id: batch.id, input });
          notify.success(`Adjusted ${batch.label} by ${input.quantity > 0 ? '+' : ''}${formatCount(input.quantity)}.`);
        }}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField control={control} name="quantity" label="Units (+ found, − missing)" required suffix="units" />
            <TextField control={control} name="reason" label="Reason" required maxLength={200} placeholder="Stock count" />
          </div>
        )}
      </FormDialog>
      <FormDialog
        open={action === 'transfer'}
        onOpenChange={onOpenChange}
        title="Transfer to another centre"
        description={`${batchSummary(batch)}. The units leave this centre and arrive at the other in one step, keeping their batch and expiry.`}
        schema={transferInputSchema}
        defaultValues={{ centre: '', quantity: batch.quantity, reason: '' }}
        submitLabel="Transfer"
        onSubmit={async (input) => {
          await actions.transfer.mutateAsync({ id: batch.id, input });
          notify.success(`Transferred ${formatCount(input.quantity)} of ${batch.label}.`);
        }}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={control}
              name="centre"
              label="To centre"
              required
              placeholder="Choose a centre"
              options={optionsOf(centres.data?.filter((c) => c.id !== batch.centre))}
              loading={centres.isPending}
            />
            <NumberField
              control={control}
              name="quantity"
              label="Quantity"
              required
              suffix="units"
              hint={`At most ${formatCount(batch.quantity)}.`}
            />
            <TextField control={control} name="reason" label="Reason" maxLength={200} className="sm:col-span-2" />
          </div>
        )}
      </FormDialog>
    </>
  );
}

export const MOVEMENT_LABELS = {
  purchase: 'Purchase',
  sale: 'Sale',
  return: 'Customer return',
  purchase_return: 'Returned to supplier',
  write_off: 'Write-off',
  adjustment: 'Adjustment',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
} as const;

export const GST_RATE_OPTIONS = [0, 5, 18, 40].map((r) => ({ value: String(r), label: `${r} %` }));
export const UNIT_LABELS = { piece: 'Piece', kg: 'Kilogram (kg)', g: 'Gram (g)', l: 'Litre (l)', ml: 'Millilitre (ml)' } as const;

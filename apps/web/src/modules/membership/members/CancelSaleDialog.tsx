import { saleCancelInputSchema } from '@arena/contracts/membership';
import { toPaise, z } from '@arena/contracts/kit';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { LateCreditNote, lateCreditNote } from '../../../components/LateCreditNote';
import { CheckboxField, MoneyField, optionsOf, SelectField, TextareaField, TextField } from '../../../components/form';
import { DialogForm } from '../../../components/FormDialog';
import { formatMoney } from '../../../lib/format';
import { requestSchema, useZodForm } from '../../../lib/form';
import { usePaymentModes } from '../../../lib/lookups';
import { notify } from '../../../lib/notify';
import { useMemberServiceMutations, useMembershipMutations, type SaleCancelInput } from './api';
import { positive, typedPaise } from './sale';

/** What can be cancelled: a membership or a member service, with what was paid for it. */
export interface CancellableSale {
  kind: 'membership' | 'member_service';
  id: number;
  /** "Monthly" or "Personal training". */
  name: string;
  paid: string;
  /** The pro-rata refund a membership's cancellation proposes (see `proRataRefund`); the desk may lower it. */
  proposal?: { amount: string; unusedDays: number; totalDays: number };
}

const cancelFields = z.object({
  reason: z.string(),
  refund: z.boolean(),
  refund_amount: z.string(),
  payment_mode: z.string(),
  reference: z.string(),
  without_tax_adjustment: z.boolean(),
});

function cancelSchema(paid: string) {
  return requestSchema(cancelFields, saleCancelInputSchema, (v, issue) => {
    const tax_adjustment = !v.without_tax_adjustment;
    if (!v.refund) return { reason: v.reason, tax_adjustment };
    if (!v.refund_amount.trim()) issue('refund_amount', 'Enter the amount to refund.');
    else if ((typedPaise(v.refund_amount) ?? 0) > (toPaise(paid) ?? 0))
      issue('refund_amount', `At most what was paid, ${formatMoney(paid)}.`);
    return {
      reason: v.reason,
      refund_amount: v.refund_amount.trim(),
      payment_mode: v.payment_mode || undefined,
      reference: v.reference,
      tax_adjustment,
    };
  });
}

/** Cancel a membership or a member service with a reason, and refund part or all of what was paid (a credit note on the ledger). */
export function CancelSaleDialog({ sale, onClose }: { sale: CancellableSale | null; onClose: () => void }) {
  return (
    <Dialog
      open={!!sale}
      onOpenChange={(o) => !o && onClose()}
      title={sale ? `Cancel ${sale.name}` : 'Cancel'}
      description="It stops at once. A refund goes through the ledger with a credit note against its invoice."
      size="md"
    >
      {sale && <CancelForm sale={sale} onDone={onClose} />}
    </Dialog>
  );
}

function CancelForm({ sale, onDone }: { sale: CancellableSale; onDone: () => void }) {
  const memberships = useMembershipMutations();
  const services = useMemberServiceMutations();
  const modes = usePaymentModes();
  const schema = useMemo(() => cancelSchema(sale.paid), [sale.paid]);
  const form = useZodForm(schema, {
    defaultValues: {
      reason: '',
      refund: false,
      refund_amount: sale.proposal?.amount ?? sale.paid,
      payment_mode: '',
      reference: '',
      without_tax_adjustment: false,
    },
  });
  // Set when the server refuses a credit note as too late (section 34(2)).
  const [late, setLate] = useState<string | null>(null);
  const { control } = form;
  const refund = useWatch({ control, name: 'refund' });
  const paid = positive(sale.paid);

  const cancel = async (input: SaleCancelInput) => {
    try {
      if (sale.kind === 'membership') await memberships.cancel.mutateAsync({ id: sale.id, input });
      else await services.cancel.mutateAsync({ id: sale.id, input });
    } catch (error) {
      const message = lateCreditNote(error);
      if (!message) throw error;
      setLate(message);
      return;
    }
    notify.success(
      input.refund_amount ? `${sale.name} was cancelled and ${formatMoney(input.refund_amount)} refunded.` : `${sale.name} was cancelled.`,
    );
    onDone();
  };

  return (
    <DialogForm
      form={form}
      onSubmit={cancel}
      onCancel={onDone}
      submitLabel={sale.kind === 'membership' ? 'Cancel membership' : 'Cancel service'}
      cancelLabel={sale.kind === 'membership' ? 'Keep membership' : 'Keep service'}
      destructive
      pendingLabel="Cancelling…"
    >
      <TextareaField control={control} name="reason" label="Reason" required rows={2} maxLength={500} />
      {paid ? (
        <div className="rounded-lg border border-line p-3">
          <CheckboxField
            control={control}
            name="refund"
            label="Refund a payment"
            description={
              sale.proposal
                ? `Proposed: ${formatMoney(sale.proposal.amount)} for ${sale.proposal.unusedDays} unused of ${sale.proposal.totalDays} days (the joining fee is not refunded). ${formatMoney(sale.paid)} was paid; refund at most that.`
                : `${formatMoney(sale.paid)} was paid; refund at most that.`
            }
          />
          {refund && (
            <div className="mt-3 grid gap-4 sm:grid-cols-3">
              <MoneyField control={control} name="refund_amount" label="Refund amount" required />
              <SelectField
                control={control}
                name="payment_mode"
                label="Refund mode"
                placeholder="As the last payment"
                options={optionsOf(modes.data)}
                loading={modes.isPending}
              />
              <TextField control={control} name="reference" label="Reference" maxLength={100} />
            </div>
          )}
        </div>
      ) : (
        <Alert tone="info">Nothing was paid, so there is nothing to refund.</Alert>
      )}
      {late && <LateCreditNote control={control} name="without_tax_adjustment" message={late} />}
    </DialogForm>
  );
}

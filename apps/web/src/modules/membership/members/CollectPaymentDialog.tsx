import { memberPaymentInputSchema } from '@arena/contracts/membership';
import { toPaise, z } from '@arena/contracts/kit';
import { useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { DateField, PaymentFields, SelectField } from '../../../components/form';
import { DialogForm } from '../../../components/FormDialog';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { requestSchema, useZodForm } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useCollectPayment, useMemberServices, useMemberships, type MemberService, type Membership } from './api';
import { emptyPayment, paymentFields } from './SaleParts';
import { positive, typedPaise } from './sale';

/** A sale of the member with something still due: a membership or a member service. */
export interface DueSale {
  /** 'membership:12' or 'member_service:3'. */
  key: string;
  kind: 'membership' | 'member_service';
  id: number;
  label: string;
  due: string;
}

const period = (s: { start_date: string; end_date: string }) => `${formatDate(s.start_date)} – ${formatDate(s.end_date)}`;

/** The member's sales that can take a payment: not cancelled, with a due; memberships first, newest first. */
export function dueSales(memberships: Membership[], services: MemberService[]): DueSale[] {
  const open = <T extends { status: string; due: string }>(rows: T[]) => rows.filter((r) => r.status !== 'cancelled' && positive(r.due));
  return [
    ...open(memberships).map((m) => ({
      key: `membership:${m.id}`,
      kind: 'membership' as const,
      id: m.id,
      label: `${m.plan_name} (${period(m)})`,
      due: m.due,
    })),
    ...open(services).map((s) => ({
      key: `member_service:${s.id}`,
      kind: 'member_service' as const,
      id: s.id,
      label: `${s.service_name} (${period(s)})`,
      due: s.due,
    })),
  ];
}

const collectFields = z.object({ sale: z.string(), date: z.string(), payment: paymentFields });

function collectSchema(sales: DueSale[]) {
  return requestSchema(
    collectFields,
    memberPaymentInputSchema,
    (v, issue) => {
      const sale = sales.find((s) => s.key === v.sale);
      if (!sale) issue('sale', 'Choose what the payment is for.');
      if (!v.payment.amount.trim()) issue('payment.amount', 'Amount is required.');
      else if (sale && (typedPaise(v.payment.amount) ?? 0) > (toPaise(sale.due) ?? 0))
        issue('payment.amount', `At most the due, ${formatMoney(sale.due)}.`);
      if (!v.payment.payment_mode) issue('payment.payment_mode', 'Choose a payment mode.');
      return {
        ...(sale?.kind === 'member_service' ? { member_service: sale.id } : { membership: sale?.id }),
        amount: v.payment.amount.trim(),
        payment_mode: v.payment.payment_mode || undefined,
        reference: v.payment.reference,
        date: v.date || undefined,
      } as z.input<typeof memberPaymentInputSchema>;
    },
    (path) =>
      path === 'membership' || path === 'member_service'
        ? 'sale'
        : ['amount', 'payment_mode', 'reference'].includes(path)
          ? `payment.${path}`
          : path,
  );
}

/**
 * Collect a payment from a member against one of their sales with a due (the one given, or the
 * first), the due filled in; partial payments are fine, more than the due is not.
 */
export function CollectPaymentDialog({
  member,
  memberName,
  open,
  onOpenChange,
  sale,
}: {
  member: number;
  memberName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sale to collect for ('membership:12'); the first with a due when absent. */
  sale?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Collect payment from ${memberName}`} size="md">
      {open && <CollectBody member={member} initial={sale} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function CollectBody({ member, initial, onDone }: { member: number; initial?: string; onDone: () => void }) {
  const memberships = useMemberships(member);
  const services = useMemberServices(member);
  if (memberships.isPending || services.isPending) return <Skeleton className="h-48 w-full" />;
  if (memberships.isError || services.isError) return <Alert tone="error">{errorMessage(memberships.error ?? services.error)}</Alert>;
  const sales = dueSales(memberships.data, services.data);
  if (sales.length === 0)
    return (
      <div className="space-y-4">
        <Alert tone="success">Nothing is due: every membership and service of this member is paid in full.</Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onDone}>
            Close
          </Button>
        </div>
      </div>
    );
  return <CollectForm sales={sales} initial={sales.some((s) => s.key === initial) ? initial! : sales[0].key} onDone={onDone} />;
}

function CollectForm({ sales, initial, onDone }: { sales: DueSale[]; initial: string; onDone: () => void }) {
  const collect = useCollectPayment();
  const schema = useMemo(() => collectSchema(sales), [sales]);
  const first = sales.find((s) => s.key === initial)!;
  const form = useZodForm(schema, { defaultValues: { sale: initial, date: todayIso(), payment: emptyPayment(first.due) } });
  const { control } = form;
  const saleKey = useWatch({ control, name: 'sale' });
  const chosen = sales.find((s) => s.key === saleKey);
  // Another sale chosen: its due is the amount to collect.
  const shownSale = useRef(initial);
  useEffect(() => {
    if (saleKey === shownSale.current) return;
    shownSale.current = saleKey;
    const sale = sales.find((s) => s.key === saleKey);
    if (sale) form.setValue('payment.amount', sale.due);
  }, [form, saleKey, sales]);

  return (
    <DialogForm
      form={form}
      submitLabel="Collect"
      pendingLabel="Collecting…"
      onCancel={onDone}
      onSubmit={async (input) => {
        await collect.mutateAsync(input);
        notify.success(`Payment of ${formatMoney(input.amount)} recorded.`);
        onDone();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          control={control}
          name="sale"
          label="For"
          required
          options={sales.map((s) => ({ value: s.key, label: `${s.label} · due ${formatMoney(s.due)}` }))}
          className="sm:col-span-2"
        />
        <DateField control={control} name="date" label="Date" required max={todayIso()} />
      </div>
      <PaymentFields
        control={control}
        prefix="payment"
        amountLabel="Amount"
        amountHint={chosen ? `Due ${formatMoney(chosen.due)}` : undefined}
      />
    </DialogForm>
  );
}

import { memberServiceInputSchema, shiftDays, type Service } from '@arena/contracts/membership';
import { z } from '@arena/contracts/kit';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { DialogForm } from '../../../components/FormDialog';
import { Skeleton } from '../../../components/Skeleton';
import { errorMessage } from '../../../lib/errors';
import { formatDate, formatMoney } from '../../../lib/format';
import { requestSchema, useZodForm, type AnyForm, type FormControl } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { todayIso } from '../../../lib/today';
import { useMemberServiceMutations, useServiceCatalogue } from './api';
import { emptyPayment, paymentFields, paymentRequest, SaleFields, usePayingFollowsTotal } from './SaleParts';
import { PAYMENT_TOO_HIGH, saleSummary } from './sale';

const serviceFields = z.object({ service: z.string(), start_date: z.string(), discount: z.string(), payment: paymentFields });
type ServiceForm = z.infer<typeof serviceFields>;

function serviceSchema(member: number, services: Service[]) {
  return requestSchema(serviceFields, memberServiceInputSchema, (v, issue) => {
    const service = services.find((s) => String(s.id) === v.service);
    if (!service) issue('service', 'Choose a service.');
    if (!v.start_date) issue('start_date', 'Start date is required.');
    if (service) {
      const s = saleSummary({ price: service.price, discount: v.discount, paying: v.payment.amount });
      if (s.errors.discount) issue('discount', s.errors.discount);
      if (s.errors.paying) issue('payment.amount', PAYMENT_TOO_HIGH);
    }
    return {
      member,
      service: v.service || undefined,
      start_date: v.start_date || undefined,
      staff: null,
      discount: v.discount.trim() || '0',
      payment: paymentRequest(v.payment, issue, 'payment'),
    } as z.input<typeof memberServiceInputSchema>;
  });
}

const serviceLabel = (s: Service) =>
  `${s.name} · ${formatMoney(s.price)} · ${s.duration_days} ${s.duration_days === 1 ? 'day' : 'days'}${s.sessions ? ` · ${s.sessions} sessions` : ''}`;

/** Sell a service (personal training, a locker, physiotherapy …) to the member: the same money rules as a membership. */
export function SellServiceDialog({
  member,
  memberName,
  open,
  onOpenChange,
}: {
  member: number;
  memberName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Sell a service to ${memberName}`} size="lg">
      {open && <SellBody member={member} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function SellBody({ member, onDone }: { member: number; onDone: () => void }) {
  const services = useServiceCatalogue(true);
  if (services.isPending) return <Skeleton className="h-56 w-full" />;
  if (services.isError) return <Alert tone="error">{errorMessage(services.error)}</Alert>;
  if (services.data.length === 0) return <Alert tone="info">There are no active services yet: add them under Membership › Services.</Alert>;
  return <SellForm member={member} services={services.data} onDone={onDone} />;
}

function SellForm({ member, services, onDone }: { member: number; services: Service[]; onDone: () => void }) {
  const { sell } = useMemberServiceMutations();
  const schema = useMemo(() => serviceSchema(member, services), [member, services]);
  const form = useZodForm(schema, { defaultValues: { service: '', start_date: todayIso(), discount: '', payment: emptyPayment() } });
  const { control } = form;
  return (
    <DialogForm
      form={form}
      submitLabel="Sell service"
      pendingLabel="Saving…"
      onCancel={onDone}
      onSubmit={async (input) => {
        const sold = await sell.mutateAsync(input);
        notify.success(
          `${sold.service_name} until ${formatDate(sold.end_date)}${sold.invoice ? ` · invoice ${sold.invoice.number}` : ''}.`,
        );
        onDone();
      }}
    >
      <ServiceFields control={control} form={form} services={services} />
    </DialogForm>
  );
}

function ServiceFields({
  control,
  form,
  services,
}: {
  control: FormControl<ServiceForm>;
  form: AnyForm<ServiceForm>;
  services: Service[];
}) {
  const [serviceId, start, discount, paying] = useWatch({ control, name: ['service', 'start_date', 'discount', 'payment.amount'] });
  const service = services.find((s) => String(s.id) === serviceId) ?? null;
  const summary = service ? saleSummary({ price: service.price, discount, paying }) : null;
  usePayingFollowsTotal(form, 'payment.amount', summary?.total ?? '');
  const end = service && /^\d{4}-\d{2}-\d{2}$/.test(start) ? shiftDays(start, service.duration_days - 1) : null;
  return (
    <SaleFields
      control={control}
      offer={{
        name: 'service',
        label: 'Service',
        placeholder: 'Select service',
        options: services.map((s) => ({ value: String(s.id), label: serviceLabel(s) })),
      }}
      end={end}
      summary={summary}
    />
  );
}

import { GATEWAY_MODES, GATEWAY_PROVIDERS, paymentGatewayInputSchema, type PaymentGateway } from '@arena/contracts/payments';
import { Check, Copy, CreditCard, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { CheckboxField, SelectField, TextField } from '../../components/form';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { Skeleton } from '../../components/Skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useDeleteGateway, useGateways, useSaveGateway } from './api';

const providerName: Record<PaymentGateway['provider'], string> = { sandbox: 'Sandbox (built in)', razorpay: 'Razorpay' };

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      size="sm"
      variant="secondary"
      aria-label={label}
      onClick={() =>
        void navigator.clipboard
          .writeText(text)
          .then(() => setCopied(true))
          .catch(() => notify.error('Copy failed: select the address and copy it.'))
      }
    >
      {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * Administrator › Payment Gateway (`/admin/PaymentGateWay`, issue 23): the organisation's gateways
 * for the portal's online payments and payment links — the built-in sandbox, or Razorpay with its
 * keys (secrets write-only, shown masked), test or live, at most one active — and the webhook
 * address to enter in Razorpay's dashboard.
 */
export function PaymentGatewayPage() {
  const gateways = useGateways();
  const remove = useDeleteGateway();
  const [editing, setEditing] = useState<PaymentGateway | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentGateway | null>(null);
  const list = gateways.data?.results ?? [];
  const active = list.find((g) => g.is_active);
  const canAdd = list.length < GATEWAY_PROVIDERS.length;

  return (
    <div className="space-y-4">
      <PageHeader
        title="Payment Gateway"
        description="How your organisation takes money online: portal bookings and payment links for dues. Keys are stored encrypted and never shown again."
        actions={
          canAdd && (
            <Button onClick={() => setEditing('new')}>
              <Plus size={16} aria-hidden /> Add Gateway
            </Button>
          )
        }
      />
      {gateways.isPending && <Skeleton className="h-40 w-full" />}
      {gateways.isError && <Alert>{errorMessage(gateways.error)}</Alert>}
      {gateways.data && !active && list.length > 0 && (
        <Alert tone="warning">No gateway is active: online payments and payment links cannot be paid until you activate one.</Alert>
      )}
      {gateways.data && list.length === 0 && (
        <Card>
          <EmptyState icon={CreditCard} title="No payment gateway" action={<Button onClick={() => setEditing('new')}>Add Gateway</Button>}>
            Add Razorpay, or the built-in sandbox to try online payments without real money.
          </EmptyState>
        </Card>
      )}
      {list.map((g) => (
        <Card key={g.id} className="p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h2 className="text-base font-semibold">{providerName[g.provider]}</h2>
              {g.is_active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}
              <Badge tone={g.mode === 'live' ? 'danger' : 'info'}>{g.mode === 'live' ? 'Live' : 'Test mode'}</Badge>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(g)}>
                <Pencil size={14} aria-hidden /> Edit
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDeleting(g)} aria-label={`Remove ${providerName[g.provider]}`}>
                <Trash2 size={14} aria-hidden /> Remove
              </Button>
            </div>
          </div>
          {g.provider === 'sandbox' ? (
            <p className="mt-2 text-sm text-muted">
              Payments open Arena's own checkout page with Pay and Fail buttons: no real money moves. Use it to try the portal and payment
              links; switch to Razorpay to take real payments.
            </p>
          ) : null}
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-3">
            <Fact label="Key ID">
              <span className="font-mono text-xs">{g.key_id || '—'}</span>
            </Fact>
            <Fact label="Key secret">
              <span className="font-mono text-xs">{g.key_secret || 'Not set'}</span>
            </Fact>
            <Fact label="Webhook secret">
              <span className="font-mono text-xs">{g.webhook_secret || 'Not set'}</span>
            </Fact>
          </dl>
          {g.provider === 'razorpay' && (
            <div className="mt-4 border-t border-line pt-3">
              <p className="text-xs font-medium uppercase tracking-wide text-muted">Webhook URL</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all rounded bg-subtle px-2 py-1 text-xs">{g.webhook_url}</code>
                <CopyButton text={g.webhook_url} label="Copy webhook URL" />
              </div>
              <p className="mt-1 text-xs text-muted">
                In Razorpay's dashboard (Settings › Webhooks) add this address with the webhook secret above and the events
                payment.captured, order.paid and payment.failed.
              </p>
            </div>
          )}
          <p className="mt-3 text-xs text-muted">Updated {formatDateTime(g.updated_at)}</p>
        </Card>
      ))}
      {editing && (
        <GatewayDialog gateway={editing === 'new' ? null : editing} taken={list.map((g) => g.provider)} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Remove gateway"
        confirmLabel="Remove"
        tone="danger"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify.success('Gateway removed.');
          setDeleting(null);
        }}
      >
        {deleting && `Remove ${providerName[deleting.provider]}? Payments already made stay recorded; its keys are deleted.`}
      </ConfirmDialog>
    </div>
  );
}

function GatewayDialog({ gateway, taken, onClose }: { gateway: PaymentGateway | null; taken: string[]; onClose: () => void }) {
  const save = useSaveGateway();
  const providers = GATEWAY_PROVIDERS.filter((p) => p === gateway?.provider || !taken.includes(p));
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={gateway ? `Edit ${providerName[gateway.provider]}` : 'Add Gateway'}
      schema={paymentGatewayInputSchema}
      size="md"
      defaultValues={{
        provider: gateway?.provider ?? providers[0] ?? 'razorpay',
        key_id: gateway?.key_id ?? '',
        key_secret: '',
        webhook_secret: '',
        mode: gateway?.mode ?? 'test',
        is_active: gateway?.is_active ?? true,
      }}
      onSubmit={async (values) => {
        // A secret left empty keeps the stored one.
        const body = {
          ...values,
          key_secret: values.key_secret || undefined,
          webhook_secret: values.webhook_secret || undefined,
        };
        await save.mutateAsync({ id: gateway?.id ?? null, body });
        notify.success(gateway ? 'Gateway saved.' : 'Gateway added.');
      }}
    >
      {({ control }) => <GatewayFields control={control} gateway={gateway} providers={providers} />}
    </FormDialog>
  );
}

function GatewayFields({
  control,
  gateway,
  providers,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  control: any;
  gateway: PaymentGateway | null;
  providers: readonly PaymentGateway['provider'][];
}) {
  const provider = useWatch({ control, name: 'provider' }) as PaymentGateway['provider'];
  const keep = (masked: string | undefined) => (masked ? `Stored (${masked}); leave empty to keep it.` : undefined);
  return (
    <div className="space-y-4">
      <SelectField
        control={control}
        name="provider"
        label="Provider"
        required
        disabled={!!gateway}
        options={providers.map((p) => ({ value: p, label: providerName[p] }))}
      />
      {provider === 'razorpay' ? (
        <>
          <TextField
            control={control}
            name="key_id"
            label="Key ID"
            required
            placeholder="rzp_test_…"
            autoComplete="off"
            spellCheck={false}
          />
          <TextField
            control={control}
            type="password"
            name="key_secret"
            label="Key secret"
            required={!gateway?.key_secret}
            autoComplete="new-password"
            hint={keep(gateway?.key_secret)}
          />
          <TextField
            control={control}
            type="password"
            name="webhook_secret"
            label="Webhook secret"
            required={!gateway?.webhook_secret}
            autoComplete="new-password"
            hint={keep(gateway?.webhook_secret)}
          />
        </>
      ) : (
        <p className="text-sm text-muted">The sandbox makes its own keys: nothing to enter.</p>
      )}
      <SelectField
        control={control}
        name="mode"
        label="Mode"
        required
        options={GATEWAY_MODES.map((m) => ({ value: m, label: m === 'test' ? 'Test' : 'Live' }))}
      />
      <CheckboxField control={control} name="is_active" label="Active (the gateway payments go through; the others are deactivated)" />
    </div>
  );
}

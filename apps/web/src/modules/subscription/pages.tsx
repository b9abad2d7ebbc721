/**
 * Administrator › Subscription (issue 23 §2): the billing page, the plans, the history of payments
 * with their invoices, the add-ons and the SMS plan. Every payment goes to the provider's checkout.
 */
import {
  BILLING_PERIOD_LABELS,
  SUBSCRIPTION_TRANSACTION_KIND_LABELS,
  type BillingPeriod,
  type SubscriptionBilling,
  type SubscriptionPlan,
} from '@arena/contracts/subscription';
import { CalendarClock, Check, Download, MessageSquare, Package, Receipt, RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { MenuTabs } from '../../components/MenuTabs';
import { PageHeader } from '../../components/PageHeader';
import { inputClass } from '../../components/TextField';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { notify } from '../../lib/notify';
import type { ResolvedNode } from '../../lib/web-module';
import { useAuth } from '../../state/auth';
import {
  downloadInvoice,
  refreshUser,
  useAddonCatalogue,
  useBilling,
  useMyAddons,
  usePlans,
  useSmsUsage,
  useSubscriptionActions,
  useTransactions,
} from './api';

type P = { node: ResolvedNode };

function Frame({ node, description, actions, children }: P & { description: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <PageHeader title="Subscription" description={description} actions={actions} />
      <MenuTabs node={node} />
      <div className="mt-5 space-y-5">{children}</div>
    </div>
  );
}

/** After the checkout the browser comes back with `?order=…&status=paid|failed`: say so, and refresh the user (the sidebar's Expiry On). */
function useReturnFromCheckout(onPaid: () => void) {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const order = params.get('order');
  // Said once per order, however often the page renders before the parameters are cleared.
  const said = useRef<string | null>(null);
  const paid = useRef(onPaid);
  paid.current = onPaid;
  useEffect(() => {
    if (!status || said.current === `${order}:${status}`) return;
    said.current = `${order}:${status}`;
    if (status === 'paid') {
      notify.success('Payment received. Thank you!');
      paid.current();
    } else notify.error('Payment failed. Please try again.');
    setParams({}, { replace: true });
  }, [status, order, setParams]);
}

const priceFor = (plan: SubscriptionPlan, period: BillingPeriod) => (period === 'yearly' ? plan.price_yearly : plan.price_monthly);

/** A sibling tab of the billing page (Add-ons, Subscription Plans), by its label. */
const tabPath = (node: ResolvedNode, label: string) => node.parent?.children.find((c) => c.label === label)?.fullPath;

/**
 * One limit of the plan as a bar. When it is reached (the API refuses one more), "Limit reached"
 * with links to what raises it (`raise`: the Add-ons and Plans tabs).
 */
function Usage({
  label,
  used,
  limit,
  unit,
  raise = [],
}: {
  label: string;
  used: number;
  limit: number;
  unit?: string;
  raise?: { to: string | undefined; label: string }[];
}) {
  const share = limit > 0 ? Math.min(used / limit, 1) : 0;
  const over = limit > 0 && used > limit;
  const reached = limit > 0 && used >= limit;
  const links = raise.filter((r): r is { to: string; label: string } => !!r.to);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className={over ? 'font-medium text-danger-text' : 'text-muted'}>
          {reached && (
            <span className="mr-2 font-medium text-danger-text">
              Limit reached
              {links.map((l) => (
                <span key={l.to}>
                  {' · '}
                  <Link to={l.to} className="text-accent-text hover:underline">
                    {l.label}
                  </Link>
                </span>
              ))}
            </span>
          )}
          {used} of {limit}
          {unit ? ` ${unit}` : ''}
        </span>
      </div>
      <div className="mt-1.5 h-2 rounded-full bg-subtle" aria-hidden>
        <div className={`h-2 rounded-full ${over ? 'bg-danger' : 'bg-accent'}`} style={{ width: `${Math.max(share * 100, 2)}%` }} />
      </div>
    </div>
  );
}

function PeriodToggle({ value, onChange }: { value: BillingPeriod; onChange: (p: BillingPeriod) => void }) {
  return (
    <div role="radiogroup" aria-label="Billing period" className="inline-flex rounded-md border border-line-strong bg-surface p-0.5">
      {(['monthly', 'yearly'] as const).map((p) => (
        <button
          key={p}
          type="button"
          role="radio"
          aria-checked={value === p}
          onClick={() => onChange(p)}
          className={`rounded px-3 py-1 text-sm font-medium ${value === p ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg'}`}
        >
          {BILLING_PERIOD_LABELS[p]}
        </button>
      ))}
    </div>
  );
}

function RenewDialog({ open, onOpenChange, billing }: { open: boolean; onOpenChange: (o: boolean) => void; billing: SubscriptionBilling }) {
  const plans = usePlans();
  const paid = (plans.data?.results ?? []).filter((p) => !p.is_trial);
  const defaultPlan =
    billing.pending_plan?.id ??
    (billing.plan && !billing.plan.is_trial ? billing.plan.id : (paid.find((p) => p.name === 'Professional')?.id ?? paid[0]?.id));
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const [period, setPeriod] = useState<BillingPeriod>(billing.pending_plan?.period ?? billing.period);
  const { renew } = useSubscriptionActions();
  const plan = paid.find((p) => p.id === (planId ?? defaultPlan));
  const addons = billing.addons.reduce((sum, a) => sum + Number(a.price), 0) * (period === 'yearly' ? 12 : 1);
  const total = plan ? Number(priceFor(plan, period)) + addons : 0;
  const due = Math.max(total - Number(billing.account_balance), 0);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Renew subscription"
      description="Pay for the next period through the secure checkout. Your due date moves as soon as the payment arrives."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!plan || renew.isPending}
            onClick={() =>
              plan &&
              renew.mutate(
                { plan: plan.id, period },
                { onError: (err) => notify.error(errorMessage(err)), onSuccess: () => onOpenChange(false) },
              )
            }
          >
            Pay {formatMoney(due)}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <div>
          <label htmlFor="renew-plan" className="mb-1.5 block text-sm font-medium">
            Plan
          </label>
          <select id="renew-plan" className={inputClass()} value={plan?.id ?? ''} onChange={(e) => setPlanId(Number(e.target.value))}>
            {paid.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {formatMoney(p.price_monthly)}/month · {formatMoney(p.price_yearly)}/year
              </option>
            ))}
          </select>
        </div>
        <div>
          <p className="mb-1.5 text-sm font-medium">Period</p>
          <PeriodToggle value={period} onChange={setPeriod} />
        </div>
        <dl className="space-y-1.5 rounded-md bg-subtle p-3 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">{plan?.name ?? 'Plan'}</dt>
            <dd className="tabular">{plan ? formatMoney(priceFor(plan, period)) : '—'}</dd>
          </div>
          {addons > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted">Add-ons</dt>
              <dd className="tabular">{formatMoney(addons)}</dd>
            </div>
          )}
          {Number(billing.account_balance) > 0 && (
            <div className="flex justify-between">
              <dt className="text-muted">Account balance</dt>
              <dd className="tabular">− {formatMoney(Math.min(Number(billing.account_balance), total))}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-line pt-1.5 font-semibold">
            <dt>To pay</dt>
            <dd className="tabular">{formatMoney(due)}</dd>
          </div>
        </dl>
      </div>
    </Dialog>
  );
}

/** Administrator › Subscription (billing): the plan, its modules, limits and usage, the due date (the sidebar's Expiry On), Renew. */
export function BillingPage({ node }: P) {
  const billing = useBilling();
  const [renewing, setRenewing] = useState(false);
  const userDue = useAuth((s) => s.user?.due_date);
  const onPaid = useMemo(() => () => void billing.refetch().then(() => refreshUser()), [billing]);
  useReturnFromCheckout(onPaid);
  const b = billing.data;
  // The sidebar shows the user's due date: keep it in step with the subscription's.
  useEffect(() => {
    if (b && b.due_date !== (userDue ?? null)) void refreshUser();
  }, [b, userDue]);
  return (
    <Frame
      node={node}
      description="Your Arena plan, what it includes, and when it renews."
      actions={
        <Button onClick={() => setRenewing(true)} disabled={!b}>
          <RefreshCw size={16} aria-hidden /> Renew
        </Button>
      }
    >
      {billing.error && <Alert tone="error">{errorMessage(billing.error)}</Alert>}
      {b && (
        <>
          {b.is_expired && (
            <Alert tone="error">
              Your subscription expired on {formatDate(b.due_date)}. Renew to keep using Arena without interruption.
            </Alert>
          )}
          {b.pending_plan && (
            <Alert tone="info">
              Your plan changes to {b.pending_plan.name} ({BILLING_PERIOD_LABELS[b.pending_plan.period].toLowerCase()}) at your next renewal
              {b.pending_plan.effective_on ? `, on ${formatDate(b.pending_plan.effective_on)}` : ''}.
            </Alert>
          )}
          <div className="grid gap-4 md:grid-cols-3">
            <Card className="p-5">
              <p className="text-xs font-medium uppercase tracking-wide text-muted">Current plan</p>
              <p className="mt-1.5 text-2xl font-semibold" data-testid="current-plan">
                {b.plan?.name ?? 'No plan'}
              </p>
              <p className="mt-1 text-sm text-muted">
                {b.plan?.is_trial
                  ? 'Free trial'
                  : b.plan
                    ? `${BILLING_PERIOD_LABELS[b.period]} · ${formatMoney(b.period === 'yearly' ? b.plan.price_yearly : b.plan.price_monthly)}`
                    : ''}
              </p>
            </Card>
            <Card className="p-5">
              <p className="text-xs font-medium uppercase tracking-wide text-muted">Expiry On</p>
              <p className="mt-1.5 text-2xl font-semibold" data-testid="due-date">
                {b.due_date ? formatDate(b.due_date) : '—'}
              </p>
              <p className="mt-1 text-sm text-muted">
                {b.days_left === null ? '' : b.is_expired ? <Badge tone="danger">Expired</Badge> : `${b.days_left} days left`}
              </p>
            </Card>
            <Card className="p-5">
              <p className="text-xs font-medium uppercase tracking-wide text-muted">Next renewal</p>
              {/* The trial is free: its renewal is onto a plan the owner picks in Renew. */}
              <p className="mt-1.5 text-2xl font-semibold tabular">
                {b.plan?.is_trial && !b.pending_plan ? 'Choose a plan' : formatMoney(b.renewal_amount)}
              </p>
              <p className="mt-1 text-sm text-muted">Account balance {formatMoney(b.account_balance)}</p>
            </Card>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Card className="space-y-4 p-5">
              <h2 className="text-sm font-semibold">Limits and usage</h2>
              <Usage
                label="Centres"
                used={b.centres.used}
                limit={b.centres.limit}
                raise={[
                  { to: tabPath(node, 'Add-ons'), label: 'Add-ons' },
                  { to: tabPath(node, 'Subscription Plans'), label: 'Plans' },
                ]}
              />
              <Usage
                label="Users"
                used={b.users.used}
                limit={b.users.limit}
                raise={[{ to: tabPath(node, 'Subscription Plans'), label: 'Plans' }]}
              />
              <div className="flex items-baseline justify-between text-sm">
                <span className="font-medium">SMS credits</span>
                <span className="text-muted">
                  {b.sms_credits.balance.toLocaleString('en-IN')} left · {b.sms_credits.per_month.toLocaleString('en-IN')} a month with the
                  plan
                </span>
              </div>
            </Card>
            <Card className="p-5">
              <h2 className="text-sm font-semibold">Modules included</h2>
              <ul className="mt-3 grid gap-1.5 sm:grid-cols-2">
                {b.modules.map((m) => (
                  <li key={m} className="flex items-center gap-2 text-sm">
                    <Check size={15} className="text-success" aria-hidden /> {m}
                  </li>
                ))}
              </ul>
              {b.addons.length > 0 && (
                <p className="mt-4 text-sm text-muted">
                  Add-ons: {b.addons.map((a) => `${a.name}${a.quantity > 1 ? ` × ${a.quantity}` : ''}`).join(', ')}
                </p>
              )}
            </Card>
          </div>
          {renewing && <RenewDialog open={renewing} onOpenChange={setRenewing} billing={b} />}
        </>
      )}
      {billing.isLoading && <p className="text-sm text-muted">Loading your subscription…</p>}
    </Frame>
  );
}

/** Administrator › Subscription › Subscription Plans: compare, upgrade now (pro rata) or switch at the renewal. */
export function PlansPage({ node }: P) {
  const plans = usePlans();
  const billing = useBilling();
  const [period, setPeriod] = useState<BillingPeriod | null>(null);
  const { changePlan } = useSubscriptionActions();
  const current = plans.data?.results.find((p) => p.is_current);
  const shown = period ?? billing.data?.period ?? 'monthly';
  useReturnFromCheckout(useMemo(() => () => void billing.refetch(), [billing]));
  const paidPlan = current && !current.is_trial && !billing.data?.is_expired;
  return (
    <Frame
      node={node}
      description="Compare the plans. An upgrade applies at once (you pay the difference for the days left); a downgrade at your next renewal."
      actions={<PeriodToggle value={shown} onChange={setPeriod} />}
    >
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {(plans.data?.results ?? []).map((p) => {
          const dearer = current ? Number(priceFor(p, shown)) > Number(priceFor(current, shown)) : true;
          const label = p.is_current ? 'Current plan' : !paidPlan ? 'Choose' : dearer ? 'Upgrade now' : 'Switch at renewal';
          return (
            <Card key={p.id} className={`flex flex-col p-5 ${p.is_current ? 'ring-2 ring-accent' : ''}`}>
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-base font-semibold">{p.name}</h2>
                {p.is_current && <Badge tone="info">Current</Badge>}
              </div>
              <p className="mt-1 min-h-[2.5rem] text-sm text-muted">{p.description}</p>
              <p className="mt-3 text-2xl font-semibold tabular">
                {p.is_trial ? 'Free' : formatMoney(priceFor(p, shown))}
                {!p.is_trial && <span className="text-sm font-normal text-muted">/{shown === 'yearly' ? 'year' : 'month'}</span>}
              </p>
              <ul className="mt-4 space-y-1 text-sm">
                <li>{p.max_centres} centres</li>
                <li>{p.max_users} users</li>
                <li>{p.sms_credits_per_month.toLocaleString('en-IN')} SMS credits a month</li>
              </ul>
              <ul className="mt-3 flex-1 space-y-1 border-t border-line pt-3 text-sm">
                {p.modules.map((m) => (
                  <li key={m} className="flex items-center gap-2">
                    <Check size={14} className="shrink-0 text-success" aria-hidden /> {m}
                  </li>
                ))}
              </ul>
              {!p.is_trial && (
                <Button
                  className="mt-4 w-full"
                  variant={p.is_current ? 'secondary' : 'primary'}
                  disabled={p.is_current || changePlan.isPending}
                  aria-label={`${label}: ${p.name}`}
                  onClick={() => changePlan.mutate({ plan: p.id, period: shown }, { onError: (err) => notify.error(errorMessage(err)) })}
                >
                  {label}
                </Button>
              )}
            </Card>
          );
        })}
      </div>
    </Frame>
  );
}

/** Administrator › Subscription › History: every payment to the provider, each with its invoice. */
export function HistoryPage({ node }: P) {
  const [page, setPage] = useState(1);
  const list = useTransactions(page);
  const rows = list.data?.results ?? [];
  return (
    <Frame node={node} description="Every payment you made to Arena, with its invoice.">
      <Card className="overflow-x-auto">
        {rows.length === 0 && !list.isLoading ? (
          <EmptyState icon={Receipt} title="No payments yet">
            Your renewals, add-ons and credit packs appear here with their invoices.
          </EmptyState>
        ) : (
          <table className="w-full text-sm" aria-label="Subscription payments">
            <thead className="border-b border-line bg-subtle text-left text-xs uppercase tracking-wide text-muted">
              <tr>
                <th className="px-4 py-2.5 font-medium">Paid on</th>
                <th className="px-4 py-2.5 font-medium">Invoice</th>
                <th className="px-4 py-2.5 font-medium">What</th>
                <th className="px-4 py-2.5 font-medium">Period</th>
                <th className="px-4 py-2.5 text-right font-medium">Amount</th>
                <th className="px-4 py-2.5" />
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t.id} className="border-b border-line last:border-0">
                  <td className="whitespace-nowrap px-4 py-3">{formatDateTime(t.paid_at)}</td>
                  <td className="whitespace-nowrap px-4 py-3 font-medium">{t.number}</td>
                  <td className="px-4 py-3">
                    <span className="text-muted">{SUBSCRIPTION_TRANSACTION_KIND_LABELS[t.kind]}:</span> {t.description}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted">
                    {t.period_from && t.period_to ? `${formatDate(t.period_from)} – ${formatDate(t.period_to)}` : '—'}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right tabular">
                    {formatMoney(t.amount)}
                    {Number(t.credit_used) > 0 && (
                      <span className="block text-xs text-muted">+ {formatMoney(t.credit_used)} from balance</span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Download invoice ${t.number}`}
                      onClick={() =>
                        downloadInvoice(t).then(
                          (name) => notify.success(`${name} was downloaded.`),
                          (err) => notify.error(errorMessage(err)),
                        )
                      }
                    >
                      <Download size={14} aria-hidden /> Invoice
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {list.data && (list.data.next || list.data.previous) && (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="secondary" disabled={!list.data.previous} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="secondary" disabled={!list.data.next} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      )}
    </Frame>
  );
}

/** Administrator › Subscription › Add-ons: buy (first month now, then with each renewal) and cancel. */
export function AddonsPage({ node }: P) {
  const catalogue = useAddonCatalogue();
  const mine = useMyAddons();
  const { buyAddon, cancelAddon } = useSubscriptionActions();
  const [quantity, setQuantity] = useState<Record<number, number>>({});
  const billing = useBilling();
  useReturnFromCheckout(useMemo(() => () => void mine.refetch(), [mine]));
  const active = (mine.data?.results ?? []).filter((a) => a.status === 'active');
  return (
    <Frame node={node} description="Extras on top of your plan. Monthly add-ons are billed with each renewal until you cancel them.">
      <div className="grid gap-4 md:grid-cols-3">
        {(catalogue.data?.results ?? []).map((a) => {
          const q = quantity[a.id] ?? 1;
          const has = a.kind === 'whatsapp' && active.some((m) => m.kind === 'whatsapp');
          return (
            <Card key={a.id} className="flex flex-col p-5">
              <div className="flex items-center gap-2">
                {a.kind === 'sms' ? (
                  <MessageSquare size={18} className="text-accent" aria-hidden />
                ) : (
                  <Package size={18} className="text-accent" aria-hidden />
                )}
                <h2 className="text-base font-semibold">{a.name}</h2>
              </div>
              <p className="mt-1 flex-1 text-sm text-muted">{a.description}</p>
              <p className="mt-3 text-xl font-semibold tabular">
                {formatMoney(a.price)}
                <span className="text-sm font-normal text-muted">{a.recurring ? '/month' : ' per pack'}</span>
              </p>
              <div className="mt-4 flex items-end gap-2">
                {a.kind !== 'whatsapp' && (
                  <div className="w-20">
                    <label htmlFor={`qty-${a.id}`} className="mb-1 block text-xs font-medium text-muted">
                      Quantity
                    </label>
                    <input
                      id={`qty-${a.id}`}
                      type="number"
                      min={1}
                      max={100}
                      value={q}
                      onChange={(e) => setQuantity({ ...quantity, [a.id]: Math.max(1, Math.min(100, Number(e.target.value) || 1)) })}
                      className={inputClass()}
                    />
                  </div>
                )}
                <Button
                  className="flex-1"
                  disabled={has || buyAddon.isPending}
                  aria-label={`Buy ${a.name}`}
                  onClick={() => buyAddon.mutate({ addon: a.id, quantity: q }, { onError: (err) => notify.error(errorMessage(err)) })}
                >
                  {has ? 'Active' : `Pay ${formatMoney(Number(a.price) * q)}`}
                </Button>
              </div>
            </Card>
          );
        })}
      </div>
      <Card className="p-5">
        <h2 className="text-sm font-semibold">Your add-ons</h2>
        {active.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No add-ons yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-line">
            {active.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
                <span>
                  <span className="font-medium">{a.name}</span>
                  {a.quantity > 1 ? ` × ${a.quantity}` : ''} · {formatMoney(a.price)}/month · since {formatDate(a.started_on)}
                </span>
                <Button
                  size="sm"
                  variant="ghost-danger"
                  aria-label={`Cancel ${a.name}`}
                  onClick={() =>
                    cancelAddon.mutate(a.id, {
                      onSuccess: () => notify.success(`${a.name} cancelled. It is no longer billed from your next renewal.`),
                      onError: (err) => notify.error(errorMessage(err)),
                    })
                  }
                >
                  Cancel
                </Button>
              </li>
            ))}
          </ul>
        )}
        {billing.data && (
          <p className="mt-3 text-xs text-muted">
            Centres allowed: {billing.data.centres.limit} (in use: {billing.data.centres.used}).
          </p>
        )}
      </Card>
    </Frame>
  );
}

/** Administrator › Subscription › SMS Plan: credits left, usage by month, buy credits. */
export function SmsPlanPage({ node }: P) {
  const usage = useSmsUsage();
  const { buyCredits } = useSubscriptionActions();
  const [count, setCount] = useState('1000');
  const [error, setError] = useState<string | null>(null);
  useReturnFromCheckout(useMemo(() => () => void usage.refetch(), [usage]));
  const u = usage.data;
  const n = Number(count);
  const price = u ? (Number(u.pack_price) * n) / u.pack_size : 0;
  return (
    <Frame node={node} description="Message credits: one per SMS part, one per WhatsApp message. Your plan adds credits with each renewal.">
      <div className="grid gap-4 md:grid-cols-3">
        <Card className="p-5">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">Credits left</p>
          <p className="mt-1.5 text-2xl font-semibold tabular" data-testid="sms-balance">
            {u ? u.balance.toLocaleString('en-IN') : '—'}
          </p>
        </Card>
        <Card className="p-5">
          <p className="text-xs font-medium uppercase tracking-wide text-muted">With your plan</p>
          <p className="mt-1.5 text-2xl font-semibold tabular">{u ? u.per_month.toLocaleString('en-IN') : '—'}</p>
          <p className="mt-1 text-sm text-muted">credits a month</p>
        </Card>
        <Card className="p-5">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!Number.isInteger(n) || n < 1 || n > 100000) return setError('Enter from 1 to 100000 credits.');
              setError(null);
              buyCredits.mutate(n, { onError: (err) => notify.error(errorMessage(err)) });
            }}
          >
            <label htmlFor="sms-count" className="mb-1.5 block text-sm font-medium">
              Buy credits
            </label>
            <div className="flex gap-2">
              <input
                id="sms-count"
                type="number"
                min={1}
                step={1}
                value={count}
                onChange={(e) => setCount(e.target.value)}
                className={inputClass(!!error)}
              />
              <Button type="submit" disabled={buyCredits.isPending}>
                Pay {formatMoney(n > 0 ? Math.round(price * 100) / 100 : 0)}
              </Button>
            </div>
            {error && <p className="mt-1.5 text-xs font-medium text-danger-text">{error}</p>}
            {u && (
              <p className="mt-1.5 text-xs text-muted">
                {formatMoney(u.pack_price)} per {u.pack_size.toLocaleString('en-IN')} credits.
              </p>
            )}
          </form>
        </Card>
      </div>
      <Card className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Credits by month">
          <thead className="border-b border-line bg-subtle text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th className="px-4 py-2.5 font-medium">Month</th>
              <th className="px-4 py-2.5 text-right font-medium">Used</th>
              <th className="px-4 py-2.5 text-right font-medium">Added</th>
            </tr>
          </thead>
          <tbody>
            {(u?.months ?? []).map((m) => (
              <tr key={m.month} className="border-b border-line last:border-0">
                <td className="px-4 py-2.5">
                  {new Date(`${m.month}-01T00:00:00`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric' })}
                </td>
                <td className="px-4 py-2.5 text-right tabular">{m.sent.toLocaleString('en-IN')}</td>
                <td className="px-4 py-2.5 text-right tabular">{m.added.toLocaleString('en-IN')}</td>
              </tr>
            ))}
            {u && u.months.length === 0 && (
              <tr>
                <td colSpan={3} className="px-4 py-6 text-center text-muted">
                  <CalendarClock size={16} className="mr-1 inline" aria-hidden /> No credits used yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </Card>
    </Frame>
  );
}

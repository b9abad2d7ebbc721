import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../../../lib/errors';
import { formatDate, formatMoney } from '../../../../lib/format';
import { PageLoading } from '../MeApp';
import { BigButton, Panel } from '../ui';
import { goToCheckout, meMoneyEndpoints, moneyKeys } from './money';

/** Renewing online: the plans (the running one first); the renewal starts after the current period, once paid. */
export default function RenewPage() {
  const renewal = useQuery({ queryKey: moneyKeys.renewal, queryFn: () => call(meMoneyEndpoints.renewal) });
  const [plan, setPlan] = useState<number | null>(null);
  const renew = useMutation({
    mutationFn: (id: number) => call(meMoneyEndpoints.renew, { body: { plan: id } }),
    onSuccess: (order) => goToCheckout(order.checkout_url),
  });
  if (renewal.isPending) return <PageLoading />;
  if (renewal.error) return <Alert>{errorMessage(renewal.error)}</Alert>;
  const r = renewal.data;
  const chosen = plan ?? r.plans[0]?.id ?? null;
  const error = fieldErrors(renew.error).plan ?? generalError(renew.error);
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Renew</h1>
      {!r.membership ? (
        <Panel>
          <p className="text-base text-fg">You have no membership to renew. Please visit the front desk.</p>
        </Panel>
      ) : r.renewed ? (
        <Panel>
          <p className="text-base text-fg">Your {r.membership.plan_name} membership has already been renewed.</p>
        </Panel>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) renew.mutate(chosen);
          }}
        >
          <p className="text-base text-fg">
            Your {r.membership.plan_name} membership ends on {formatDate(r.membership.end_date)}. A renewal starts on{' '}
            <strong>{formatDate(r.start_date)}</strong>.
          </p>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-fg">Plan</legend>
            {r.plans.map((p) => (
              <label
                key={p.id}
                className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 shadow-sm has-[:checked]:border-accent has-[:checked]:ring-2 has-[:checked]:ring-accent/30"
              >
                <input type="radio" name="plan" className="h-5 w-5" checked={chosen === p.id} onChange={() => setPlan(p.id)} />
                <span className="flex-1">
                  <span className="block text-base font-medium text-fg">
                    {p.name}
                    {p.current && <span className="ml-2 text-sm font-normal text-muted">(your plan)</span>}
                  </span>
                  <span className="block text-sm text-muted">{p.duration}</span>
                </span>
                <span className="text-base font-semibold text-fg">{formatMoney(p.price)}</span>
              </label>
            ))}
          </fieldset>
          {error && <Alert>{error}</Alert>}
          <BigButton type="submit" className="w-full" disabled={!chosen || renew.isPending}>
            {renew.isPending ? 'Opening the payment…' : 'Renew and pay'}
          </BigButton>
        </form>
      )}
    </div>
  );
}

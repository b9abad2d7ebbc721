import type { BillingPeriod, StartedPayment } from '@arena/contracts/subscription';
import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { subscriptionEndpoints as e } from '@arena/contracts/subscription/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, download } from '../../lib/api';
import { notify } from '../../lib/notify';
import { setUser } from '../../state/auth';

export const subscriptionKeys = { all: ['subscription'] as const };
const key = (...parts: (string | number)[]) => [...subscriptionKeys.all, ...parts];

export const useBilling = () => useQuery({ queryKey: key('billing'), queryFn: () => call(e.billing) });
export const usePlans = () => useQuery({ queryKey: key('plans'), queryFn: () => call(e.plans) });
export const useAddonCatalogue = () => useQuery({ queryKey: key('addon'), queryFn: () => call(e.addons) });
export const useMyAddons = () => useQuery({ queryKey: key('subscription-addon'), queryFn: () => call(e.subscriptionAddons) });
export const useTransactions = (page: number) =>
  useQuery({ queryKey: key('transactions', page), queryFn: () => call(e.transactions, { query: { page, page_size: 25 } }) });
export const useSmsUsage = () => useQuery({ queryKey: key('sms'), queryFn: () => call(e.smsUsage) });

/** The signed-in user again: the sidebar's "Expiry On" is the user's due date. */
export async function refreshUser(): Promise<void> {
  setUser(await call(accountsEndpoints.user));
}

/** Goes to the provider's checkout; or, when nothing was due, says so and refreshes. */
function follow(started: StartedPayment, after: () => Promise<unknown>) {
  if (started.payment_url) {
    notify.success('Payment initiated successfully. Redirecting...');
    window.location.assign(started.payment_url);
    return;
  }
  notify.success(started.detail);
  void after();
}

export function useSubscriptionActions() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    await refreshUser();
  };
  return {
    renew: useMutation({
      mutationFn: (body: { plan?: number; period?: BillingPeriod }) => call(e.renew, { body }),
      onSuccess: (r) => follow(r, refresh),
    }),
    changePlan: useMutation({
      mutationFn: (body: { plan: number; period?: BillingPeriod }) => call(e.changePlan, { body }),
      onSuccess: (r) => follow(r, refresh),
    }),
    buyAddon: useMutation({
      mutationFn: (body: { addon: number; quantity: number }) => call(e.buyAddon, { body }),
      onSuccess: (r) => follow(r, refresh),
    }),
    cancelAddon: useMutation({
      mutationFn: (id: number) => call(e.cancelAddon, { params: { id } }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    }),
    buyCredits: useMutation({
      mutationFn: (count: number) => call(e.purchaseMessages, { body: { count } }),
      onSuccess: (r) => follow(r, refresh),
    }),
  };
}

export const downloadInvoice = (t: { id: number; number: string }) => download(e.invoice, { params: { id: t.id } }, `${t.number}.pdf`);

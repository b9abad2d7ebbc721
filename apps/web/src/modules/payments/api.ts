/**
 * Online payments' queries (issue 23): Administrator › Payment Gateway, and payment links for dues
 * (the desk's dialog and the public `/pay/:token` page).
 */
import type { PaymentGatewayInput, PaymentLinkEmail, PaymentLinkInput } from '@arena/contracts/payments';
import { paymentGatewayEndpoints, paymentLinkEndpoints } from '@arena/contracts/payments/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const gatewayKeys = { all: ['payments', 'gateway'] as const };
export const paymentLinkKeys = { all: ['payments', 'link'] as const };

export const useGateways = () => useQuery({ queryKey: gatewayKeys.all, queryFn: () => call(paymentGatewayEndpoints.list) });

export function useSaveGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PaymentGatewayInput }) =>
      id === null ? call(paymentGatewayEndpoints.create, { body }) : call(paymentGatewayEndpoints.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}

export function useDeleteGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(paymentGatewayEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gatewayKeys.all }),
  });
}

export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentLinkInput) => call(paymentLinkEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.all }),
  });
}

/** Mails a link just made to its payer (the token from its url). */
export const useEmailPaymentLink = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: PaymentLinkEmail }) => call(paymentLinkEndpoints.email, { params: { id }, body }),
  });

/** The public page's link (no login). */
export const usePublicPaymentLink = (token: string) =>
  useQuery({
    queryKey: ['pay', token],
    queryFn: () => call(paymentLinkEndpoints.show, { params: { token } }),
    retry: false,
    staleTime: 0,
  });

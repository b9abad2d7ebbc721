import type {
  Centre,
  CentreInput,
  Organisation,
  paymentModeInputSchema,
  paymentModeSchema,
  Sport,
  sportInputSchema,
  z,
} from '@arena/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paginated } from '../../lib/api';
import { lookupKeys } from '../../lib/lookups';
import type { ListParams } from '../../components/DataTable';
import { sidebar } from '../../state/sidebar';

type SportInput = z.input<typeof sportInputSchema>;
type PaymentMode = z.infer<typeof paymentModeSchema>;
type PaymentModeInput = z.input<typeof paymentModeInputSchema>;

export const centreKeys = { all: ['administrator', 'centre'] as const };

export const fetchCentres = (params: ListParams) => api.get<Paginated<Centre>>('/administrator/centre/', { params });

/** Centre writes refresh the list and every centre select (the sidebar's too: the 'centres' lookup). */
export function useCentreMutations() {
  const queryClient = useQueryClient();
  const settled = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: centreKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.centres }),
    ]);
    sidebar.refetchCentreOptions();
  };
  const create = useMutation({ mutationFn: (input: CentreInput) => api.post<Centre>('/administrator/centre/', input), onSuccess: settled });
  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: Partial<CentreInput> }) => api.patch<Centre>(`/administrator/centre/${id}/`, input),
    onSuccess: settled,
  });
  return { create, update };
}

export const organisationKey = ['organisation', 'full'] as const;
export const useOrganisation = () =>
  useQuery({ queryKey: organisationKey, queryFn: () => api.get<Organisation>('/administrator/organisation/') });

/**
 * A plain lookup resource (sport, payment mode): list, create, update, delete. Writes refresh every
 * query under `key`, which holds its list and its lookup (`lookupKeys.sports` is under `sportKeys.all`).
 */
function lookupMutations<I, O>(base: string, key: readonly unknown[]) {
  return function useLookupMutations() {
    const queryClient = useQueryClient();
    const settled = () => queryClient.invalidateQueries({ queryKey: key });
    const create = useMutation({ mutationFn: (input: I) => api.post<O>(`${base}/`, input), onSuccess: settled });
    const update = useMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<I> }) => api.patch<O>(`${base}/${id}/`, input),
      onSuccess: settled,
    });
    const remove = useMutation({ mutationFn: (id: number) => api.delete<void>(`${base}/${id}/`), onSuccess: settled });
    return { create, update, remove };
  };
}

export const sportKeys = { all: ['administrator', 'sport'] as const };
export const fetchSports = (params: ListParams) => api.get<Paginated<Sport>>('/administrator/sport/', { params });
export const useSportMutations = lookupMutations<SportInput, Sport>('/administrator/sport', sportKeys.all);

export const paymentModeKeys = { all: ['administrator', 'payment-mode'] as const };
export const fetchPaymentModes = (params: ListParams) => api.get<Paginated<PaymentMode>>('/administrator/payment-mode/', { params });
export const usePaymentModeMutations = lookupMutations<PaymentModeInput, PaymentMode>('/administrator/payment-mode', paymentModeKeys.all);

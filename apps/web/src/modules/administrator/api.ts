import type { Centre, CentreInput, Organisation } from '@arena/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paginated } from '../../lib/api';
import type { ListParams } from '../../components/DataTable';
import { sidebar } from '../../state/sidebar';

export const centreKeys = { all: ['administrator', 'centre'] as const };

export const fetchCentres = (params: ListParams) => api.get<Paginated<Centre>>('/administrator/centre/', { params });

/** Centre writes refresh the list and the sidebar's centre selector (cached as 'centres'). */
export function useCentreMutations() {
  const queryClient = useQueryClient();
  const settled = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: centreKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['centres'] }),
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

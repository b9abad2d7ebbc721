import { batchEndpoints, membershipPlanEndpoints } from '@arena/contracts/membership/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

const results = (body: { results: { id: number; name: string }[] }) => body.results;

/** The batches, by name, for another module's choice of members (assigning a diet or a workout). */
export const useBatchOptions = () =>
  useQuery({
    queryKey: ['membership', 'choices', 'batches'],
    queryFn: () => call(batchEndpoints.dropdown, { query: {} }),
    select: results,
  });

/** The membership plans, by name, for another module's choice of members. */
export const useMembershipPlanOptions = () =>
  useQuery({ queryKey: ['membership', 'choices', 'plans'], queryFn: () => call(membershipPlanEndpoints.dropdown), select: results });

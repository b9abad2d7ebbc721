/** What a send's audience param may name (a plan, a batch, a contact group), by name, from the module that owns the audience. */
import { messagingEndpoints as e } from '@arena/contracts/messaging/routes';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const useAudienceOptions = (audience: string) =>
  useQuery({
    queryKey: ['messaging', 'audience-options', audience],
    queryFn: () => call(e.audienceOptions, { query: { audience } }),
    select: (r) => r.results,
    enabled: !!audience,
  });

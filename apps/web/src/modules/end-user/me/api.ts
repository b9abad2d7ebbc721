import type { MeHome, MemberFeature } from '@arena/contracts/end-user';
import { meEndpoints } from '@arena/contracts/end-user/routes';
import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api';
import { ME_STORAGE, readKept, writeItem } from './session';

export { meEndpoints };
export type { MeHome, MemberFeature };

export const meKeys = {
  home: ['me', 'home'] as const,
  organisation: ['me', 'organisation'] as const,
  sessions: ['me', 'sessions'] as const,
  feed: ['me', 'feed'] as const,
};

/** A call that failed for want of a network (offline, or the server unreachable). */
export const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The member's home (GET /api/me/), kept in local storage after each answer so the app shows it offline. */
export async function fetchHome(): Promise<MeHome> {
  const home = await call(meEndpoints.home);
  writeItem(ME_STORAGE.home, JSON.stringify(home));
  return home;
}

export const keptHome = () => readKept<MeHome>(ME_STORAGE.home);

/**
 * The home answer: the server's, or — when the network fails — the last one kept (`offline` true).
 * Pages read `features` from it to hide what the organisation switched off.
 */
export function useHome() {
  const query = useQuery({
    queryKey: meKeys.home,
    queryFn: fetchHome,
    retry: (n, e) => n < 1 && !isOffline(e) && !(e instanceof ApiError && e.status < 500),
  });
  const kept = query.data ? null : query.error && isOffline(query.error) ? keptHome() : null;
  return { ...query, home: query.data ?? kept, offline: !!kept };
}

export interface MeOrganisation {
  display_name: string;
  display_picture: string | null;
}

/** The organisation of the host (its public view), kept for the header offline. */
export function useOrganisation() {
  return useQuery({
    queryKey: meKeys.organisation,
    queryFn: async () => {
      const org = (await call(organisationEndpoints.retrieve)) as MeOrganisation;
      writeItem(ME_STORAGE.organisation, JSON.stringify({ display_name: org.display_name, display_picture: org.display_picture }));
      return org;
    },
    placeholderData: () => readKept<MeOrganisation>(ME_STORAGE.organisation) ?? undefined,
    staleTime: Infinity,
  });
}

/**
 * End User Login's staff queries and writes (`/api/end-user/`): end users (block, unblock, invite),
 * the feed, the settings, the dashboard, the reports and the logs. Every write refreshes
 * everything under the module's key root (`endUserKeys.all`).
 */
import type { EndUser, EndUserDashboard, EndUserSettings, Feed, FeedInput } from '@arena/contracts/end-user';
import {
  endUserDashboardEndpoint,
  endUserEndpoints,
  endUserLogsEndpoint,
  endUserSettingsEndpoints,
  feedEndpoints,
} from '@arena/contracts/end-user/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../components/DataTable';
import { call, type FileSource } from '../../../lib/api';

export type { EndUser, EndUserDashboard, EndUserSettings, Feed };

export const END_USER_MODULE = 'End User Login' as const;
export const END_USER_PATHS = {
  home: '/end-user-login',
  users: '/end-user-login/user-login',
  blocked: '/end-user-login/user-login/blocked',
  feeds: '/end-user-login/announcements-feeds',
  published: '/end-user-login/announcements-feeds/published',
  settings: '/end-user-login/settings',
} as const;

export const endUserKeys = {
  all: ['end-user'] as const,
  users: ['end-user', 'users'] as const,
  feed: ['end-user', 'feed'] as const,
  settings: ['end-user', 'settings'] as const,
  dashboard: ['end-user', 'dashboard'] as const,
  logs: ['end-user', 'logs'] as const,
};

export const fetchEndUsers = (params: ListParams) => call(endUserEndpoints.list, { query: params });
export const endUsersExport: FileSource = { endpoint: endUserEndpoints.list };
export const fetchFeed = (params: ListParams) => call(feedEndpoints.list, { query: params });
export const feedExport: FileSource = { endpoint: feedEndpoints.list };
export const fetchEndUserLogs = (params: ListParams) => call(endUserLogsEndpoint, { query: params });
export const endUserLogsExport: FileSource = { endpoint: endUserLogsEndpoint };

export const useEndUserDashboard = () => useQuery({ queryKey: endUserKeys.dashboard, queryFn: () => call(endUserDashboardEndpoint) });
export const useEndUserSettings = () =>
  useQuery({ queryKey: endUserKeys.settings, queryFn: () => call(endUserSettingsEndpoints.retrieve) });

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: endUserKeys.all });
}

/** Block, unblock, invite. */
export function useEndUserActions() {
  const refresh = useRefresh();
  return {
    block: useMutation({ mutationFn: (id: number) => call(endUserEndpoints.block, { params: { id } }), onSuccess: refresh }),
    unblock: useMutation({ mutationFn: (id: number) => call(endUserEndpoints.unblock, { params: { id } }), onSuccess: refresh }),
    invite: useMutation({ mutationFn: (member: number) => call(endUserEndpoints.invite, { body: { member } }), onSuccess: refresh }),
  };
}

export function useSaveSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: EndUserSettings) => call(endUserSettingsEndpoints.update, { body: input }),
    onSuccess: refresh,
  });
}

/** An announcement saved (made or changed), then its picture uploaded or removed when asked. */
export function useFeedWrites() {
  const refresh = useRefresh();
  const save = useMutation({
    mutationFn: async ({
      id,
      input,
      picture,
      removePicture,
    }: {
      id?: number;
      input: FeedInput;
      picture: File | null;
      removePicture: boolean;
    }) => {
      const saved = id
        ? await call(feedEndpoints.update, { params: { id }, body: input })
        : await call(feedEndpoints.create, { body: input });
      if (picture) {
        const body = new FormData();
        body.set('picture', picture, picture.name);
        return call(feedEndpoints.pictureUpload, { params: { id: saved.id }, body: body as never });
      }
      if (removePicture && saved.picture) return call(feedEndpoints.pictureRemove, { params: { id: saved.id } });
      return saved;
    },
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => call(feedEndpoints.remove, { params: { id } }), onSuccess: refresh });
  const publish = useMutation({
    mutationFn: (id: number) => call(feedEndpoints.partialUpdate, { params: { id }, body: { status: 'published' } }),
    onSuccess: refresh,
  });
  return { save, remove, publish };
}

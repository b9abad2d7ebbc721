import type { Notification, NotificationSettings, NotificationSettingsInput } from '@arena/contracts/notifications';
import { notificationEndpoints, notificationSettingEndpoints } from '@arena/contracts/notifications/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListParams } from '../../../components/DataTable';
import { call } from '../../../lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread-count'] as const,
  latest: ['notifications', 'latest'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

/**
 * How often the top bar asks for new notifications: 30 s, or what `localStorage['arena:notification-poll-ms']`
 * says (≥ 1 s; the Playwright journey shortens it).
 */
export function notificationPollMs(): number {
  try {
    const set = Number(window.localStorage.getItem('arena:notification-poll-ms'));
    if (Number.isFinite(set) && set >= 1000) return set;
  } catch {
    // no storage: the default
  }
  return 30_000;
}

/** The badge: polled, and refreshed whenever a notification is read. Cheap on the server (a partial index). */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: () => call(notificationEndpoints.unreadCount),
    refetchInterval: notificationPollMs(),
    refetchIntervalInBackground: false,
    select: (d) => d.count,
  });
}

/** The dropdown's latest entries, fetched when the count changes or the menu opens. */
export function useLatestNotifications(unread: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationKeys.latest, unread ?? 0],
    queryFn: () => call(notificationEndpoints.list, { query: { page_size: 8 } }),
    enabled,
    staleTime: 5_000,
  });
}

export const fetchNotifications = (params: ListParams) => call(notificationEndpoints.list, { query: params });

export function useNotificationActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: notificationKeys.all });
  const read = useMutation({
    mutationFn: (n: Pick<Notification, 'id'>) => call(notificationEndpoints.read, { params: { id: n.id } }),
    onSuccess: refresh,
  });
  const readAll = useMutation({ mutationFn: () => call(notificationEndpoints.readAll), onSuccess: refresh });
  return { read, readAll };
}

export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationKeys.settings, queryFn: () => call(notificationSettingEndpoints.retrieve) });

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsInput) => call(notificationSettingEndpoints.update, { body }),
    onSuccess: (data: NotificationSettings) => client.setQueryData(notificationKeys.settings, data),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage } from '../../../../lib/errors';
import { formatDateTime } from '../../../../lib/format';
import { meEndpoints, meKeys } from '../api';
import { PageLoading } from '../MeApp';
import { signOut } from '../signout';
import { BigButton } from '../ui';

/** A browser's user agent as a person reads it ("Chrome on Android"). */
export function deviceName(agent: string): string {
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /SamsungBrowser/.test(agent)
      ? 'Samsung Internet'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : /Chrome\//.test(agent)
          ? 'Chrome'
          : /Safari\//.test(agent)
            ? 'Safari'
            : 'A browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** The member's signed-in devices (GET /api/me/sessions/): this one marked; sign out any one. */
export default function DevicesPage() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: meKeys.sessions, queryFn: () => call(meEndpoints.sessions).then((r) => r.results) });
  const revoke = useMutation({
    mutationFn: (id: number) => call(meEndpoints.revokeSession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.sessions }),
  });
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Devices</h1>
      <p className="text-sm text-muted">Where you are signed in. Sign out a phone you no longer use.</p>
      {revoke.error && <Alert>{errorMessage(revoke.error)}</Alert>}
      {sessions.isPending ? (
        <PageLoading />
      ) : sessions.error ? (
        <Alert>{errorMessage(sessions.error)}</Alert>
      ) : (
        <ul className="space-y-3">
          {sessions.data.map((s) => (
            <li key={s.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
              <div className="flex items-start gap-3">
                <Smartphone size={22} className="mt-0.5 shrink-0 text-muted" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">
                    {deviceName(s.user_agent)}
                    {s.current && (
                      <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-text">
                        This device
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted">Last used {formatDateTime(s.last_used_at)}</p>
                  <p className="text-sm text-muted">
                    Signed in {formatDateTime(s.created_at)}
                    {s.remember ? ' · remembered' : ''}
                  </p>
                </div>
              </div>
              <BigButton
                variant="secondary"
                className="mt-3 w-full"
                disabled={revoke.isPending}
                onClick={() => (s.current ? void signOut() : revoke.mutate(s.id))}
              >
                {s.current ? 'Sign out this device' : 'Sign out'}
              </BigButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

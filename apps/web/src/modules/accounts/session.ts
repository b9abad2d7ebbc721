import type { User } from '@arena/contracts/accounts';
import { queryClient } from '../../lib/query-client';
import { setUser } from '../../state/auth';
import { clearPermissions } from '../../state/permissions';
import { sidebar } from '../../state/sidebar';

export interface LoginResponse {
  key: string;
  user: User;
}

/** Spec 4: on login success the user and key are stored; the centre selection follows the server. */
export function startSession({ key, user }: LoginResponse): void {
  queryClient.clear();
  clearPermissions();
  setUser(user, key);
  sidebar.setSelectedCentre(user.center_id ? String(user.center_id) : '');
}

export const REDIRECT_AFTER_LOGIN_MS = 2000;

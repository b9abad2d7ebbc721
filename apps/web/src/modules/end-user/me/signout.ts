import { meEndpoints } from '@arena/contracts/end-user/routes';
import { call } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { signedOut } from './session';

/** Signs this device out (POST /api/me/auth/logout/), then forgets the key whatever the server said. */
export async function signOut(): Promise<void> {
  try {
    await call(meEndpoints.logout);
  } catch {
    // offline or already signed out: the key is forgotten below all the same
  }
  signedOut();
  queryClient.clear();
}

import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { call } from '../../lib/api';
import { clearAuth } from '../../state/auth';
import { clearPermissions } from '../../state/permissions';
import { beginPageLoading } from '../../state/ui';

/** /logout: revoke the key on the server, then clear state and storage (spec 4); the page-loading bar shows meanwhile. */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const end = beginPageLoading('Logging out');
    let done = false;
    call(accountsEndpoints.logout)
      .catch(() => undefined)
      .finally(() => {
        if (done) return;
        done = true;
        clearAuth();
        clearPermissions();
        queryClient.clear();
        end();
        navigate('/login', { replace: true });
      });
    return end;
  }, [navigate]);
  return (
    <p role="status" className="sr-only">
      Logging out…
    </p>
  );
}

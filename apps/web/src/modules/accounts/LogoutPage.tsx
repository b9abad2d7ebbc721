import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../app/query-client';
import { LoadingBar } from '../../components/LoadingBar';
import { api } from '../../lib/api';
import { clearAuth } from '../../state/auth';
import { clearPermissions } from '../../state/permissions';

/** /logout: revoke the key on the server, then clear state and storage (spec 4). */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    api
      .post('/accounts/logout/')
      .catch(() => undefined)
      .finally(() => {
        if (done) return;
        done = true;
        clearAuth();
        clearPermissions();
        queryClient.clear();
        navigate('/login', { replace: true });
      });
  }, [navigate]);
  return <LoadingBar label="Logging out" />;
}

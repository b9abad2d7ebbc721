import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/Button';
import { call, SPEC_TIMEOUT } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { AuthLayout } from './AuthLayout';

const REDIRECT_MS = 3000;
/** One request per key even when React mounts the page twice (development StrictMode). */
const inflight = new Map<string, Promise<unknown>>();

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

export default function ConfirmEmailPage() {
  const { key = '' } = useParams();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request = inflight.get(key);
    if (!request) {
      request = call(accountsEndpoints.verifyEmail, { body: { key }, query: { notify: 'true' }, timeout: SPEC_TIMEOUT });
      inflight.set(key, request);
    }
    request.then(
      () => {
        if (!live) return;
        setState({ kind: 'success' });
        timer = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_MS);
      },
      (error) => live && setState({ kind: 'error', message: errorMessage(error) }),
    );
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [key, navigate]);

  return (
    <AuthLayout title="Email verification">
      <div className="flex flex-col items-center py-4 text-center" aria-live="polite">
        {state.kind === 'loading' && (
          <>
            <Loader2 size={36} className="animate-spin text-accent" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold">Verifying Email...</h2>
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CheckCircle2 size={40} className="text-success" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold">Email Verified!</h2>
            <p className="mt-1 text-sm text-muted">Your email has been successfully verified.</p>
            <p className="mt-3 text-sm text-muted">Redirecting to login page...</p>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <XCircle size={40} className="text-danger" aria-hidden />
            <h2 className="mt-4 text-lg font-semibold">Verification Failed</h2>
            <p className="mt-1 text-sm text-muted">{state.message}</p>
            <Button className="mt-6" onClick={() => navigate('/login')}>
              Go to Login
            </Button>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

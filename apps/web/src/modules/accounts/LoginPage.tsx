import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { isProviderHost, organisationLoginUrl } from '../../lib/host';
import { lazyZodResolver, preloadValidation } from '../../lib/lazy-resolver';
import { clearAuth, useAuth } from '../../state/auth';
import { AuthLayout } from './AuthLayout';
import { REDIRECT_AFTER_LOGIN_MS, startSession, type LoginResponse } from './session';

type Status = 'idle' | 'pending' | 'success';
type LoginValues = { email: string; password: string; remember?: boolean };

function GoogleIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 48 48" aria-hidden="true" className="shrink-0">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const hasToken = useAuth((s) => !!s.token);
  // Read the hand-over parameters once, before they are removed from the address bar.
  const initial = useRef({ token: params.get('token'), email: params.get('email') ?? '' });
  const [status, setStatus] = useState<Status>('idle');
  const [serverError, setServerError] = useState<string | null>(null);
  const started = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const form = useForm<LoginValues>({
    resolver: lazyZodResolver<LoginValues>('loginFormSchema'),
    defaultValues: { email: initial.current.email, password: '', remember: false },
  });
  const { errors } = form.formState;

  async function login(body: { email: string; password: string; remember?: boolean } | { token: string }) {
    setStatus('pending');
    setServerError(null);
    try {
      const result: LoginResponse = await call(accountsEndpoints.login, { body });
      startSession(result);
      setStatus('success');
      const org = result.user.organisation;
      timer.current = setTimeout(() => {
        if (org && isProviderHost()) {
          clearAuth();
          window.location.assign(organisationLoginUrl(org.subdomain, result.key, result.user.email));
        } else navigate(org ? '/' : '/organization/register/', { replace: true });
      }, REDIRECT_AFTER_LOGIN_MS);
    } catch (error) {
      setStatus('idle');
      setServerError(errorMessage(error));
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    preloadValidation();
    const { token, email } = initial.current;
    if (token || email) {
      const next = new URLSearchParams(params);
      next.delete('token');
      next.delete('email');
      setParams(next, { replace: true });
    }
    if (token) void login({ token });
    // Runs once on mount: the hand-over parameters are read a single time.
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (hasToken && status === 'idle' && !initial.current.token) return <Navigate to="/" replace />;

  const busy = status !== 'idle';
  return (
    <AuthLayout
      title="Log in to your account"
      subtitle="Welcome back. Enter your details to continue."
      footer={
        <>
          Don't have an account?{' '}
          <Link to="/signup" className="font-medium text-accent-text hover:underline">
            Sign Up
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit((v) => login({ email: v.email, password: v.password, ...(v.remember ? { remember: true } : {}) }))}
        className="space-y-4"
      >
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          disabled={busy}
          {...form.register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          disabled={busy}
          {...form.register('password')}
        />
        <div className="flex items-center justify-between gap-3">
          <label className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-line-strong accent-[var(--color-accent)]"
              disabled={busy}
              {...form.register('remember')}
            />
            Remember Me
          </label>
          <Link to="/accounts/reset-password" className="text-sm font-medium text-accent-text hover:underline">
            Forgot Password
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {status === 'pending' ? 'Logging in...' : status === 'success' ? 'Login success!' : 'Login'}
        </Button>
      </form>
      <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-muted">
        <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {/* Spec 2.2: both buttons are present and do nothing. */}
        <Button variant="secondary" type="button">
          <GoogleIcon /> Login with Google
        </Button>
        <Button variant="secondary" type="button">
          <Smartphone size={16} aria-hidden /> Login with Mobile
        </Button>
      </div>
    </AuthLayout>
  );
}

import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { passwordResetConfirmSchema } from '@arena/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { call } from '../../lib/api';
import { fieldErrors, generalError } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { AuthLayout } from './AuthLayout';

const REDIRECT_MS = 2000;

/**
 * The reset link's page (spec: Reset Your Password). A staff member's invitation opens it too, with
 * `?welcome=1`: the same form, worded as choosing a first password.
 */
export default function ResetConfirmPage() {
  const { uid = '', token = '' } = useParams();
  const welcome = useSearchParams()[0].get('welcome') === '1';
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const form = useForm({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { uid, token, new_password1: '', new_password2: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await call(accountsEndpoints.passwordResetConfirm, { body: values });
      setDone(true);
      notify.success(welcome ? 'Your password is set. Log in with it.' : 'Password successfully reset!');
      timer.current = setTimeout(() => navigate('/login', { replace: true }), REDIRECT_MS);
    } catch (error) {
      notify.error('Failed to reset password.');
      const fields = fieldErrors(error);
      if (fields.new_password1) form.setError('new_password1', { message: fields.new_password1 });
      if (fields.new_password2) form.setError('new_password2', { message: fields.new_password2 });
      const other =
        generalError(error) ??
        (fields.uid || fields.token
          ? welcome
            ? 'This invitation link is invalid, used or has expired. Ask for a new invitation.'
            : 'This reset link is invalid or has expired. Ask for a new one.'
          : null);
      setServerError(other);
    }
  });

  return (
    <AuthLayout
      title={welcome ? 'Set Your Password' : 'Reset Your Password'}
      subtitle={
        welcome
          ? 'Welcome to Arena. Choose a password with at least 8 characters, then log in with your e-mail and it.'
          : 'Choose a new password with at least 8 characters.'
      }
    >
      {done ? (
        <Alert tone="success">Redirecting to login page...</Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {serverError && (
            <Alert tone="error">
              {serverError}{' '}
              <Link to="/accounts/reset-password" className="font-medium underline">
                Request a new link
              </Link>
            </Alert>
          )}
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            error={errors.new_password1?.message}
            {...form.register('new_password1')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            error={errors.new_password2?.message}
            {...form.register('new_password2')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? (welcome ? 'Saving...' : 'Resetting...') : welcome ? 'Set Password' : 'Reset Password'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}

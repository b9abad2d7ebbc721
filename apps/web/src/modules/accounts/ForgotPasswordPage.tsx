import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { passwordResetSchema } from '@arena/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { call, SPEC_TIMEOUT } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AuthLayout } from './AuthLayout';

export default function ForgotPasswordPage() {
  const form = useForm({ resolver: zodResolver(passwordResetSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await call(accountsEndpoints.passwordReset, { body: { email }, timeout: SPEC_TIMEOUT });
      notify.success('If the email address is associated with an account, a password reset link will be sent.');
    } catch {
      notify.error('An error occured.');
    }
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you use to log in and we'll send you a link to reset your password."
      footer={
        <>
          Remembered it?{' '}
          <Link to="/select-organization" className="font-medium text-accent-text hover:underline">
            Login
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </AuthLayout>
  );
}

import { accountsEndpoints } from '@arena/contracts/accounts/routes';
import { registrationSchema } from '@arena/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { call } from '../../lib/api';
import { fieldErrors, generalError } from '../../lib/errors';
import { storedReferralCode } from '../../lib/referral';
import { AuthLayout } from './AuthLayout';

const FIELDS = ['email', 'password1', 'password2', 'first_name', 'last_name'] as const;

export default function SignupPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [referralCode] = useState(storedReferralCode);
  const form = useForm({
    resolver: zodResolver(registrationSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password1: '', password2: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await call(accountsEndpoints.register, { body: values });
      setSentTo(values.email);
    } catch (error) {
      const fields = fieldErrors(error);
      for (const name of FIELDS) if (fields[name]) form.setError(name, { message: fields[name] });
      setServerError(generalError(error));
    }
  });

  if (sentTo) {
    return (
      <AuthLayout title="Check your email">
        <div className="flex flex-col items-center text-center">
          <div className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent-text">
            <MailCheck size={24} aria-hidden />
          </div>
          <p className="mt-4 text-sm text-muted">
            We sent a verification link to <strong className="font-medium text-fg">{sentTo}</strong>. Open it to confirm your email, then
            log in to register your organization.
          </p>
          <p className="mt-3 text-xs text-muted">Didn't get it? Check your spam folder, or sign up again in a few minutes.</p>
          <Link to="/login" className="mt-6 text-sm font-medium text-accent-text hover:underline">
            Go to Login
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start managing your centers with Arena."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-accent-text hover:underline">
            Login
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {serverError && <Alert tone="error">{serverError}</Alert>}
        {referralCode && (
          <Alert tone="info">
            You were invited with referral code <strong>{referralCode}</strong>: register your organization after signing up and you both
            get a free month when you pay your first subscription.
          </Alert>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First Name" autoComplete="given-name" error={errors.first_name?.message} {...form.register('first_name')} />
          <TextField label="Last Name" autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password1?.message}
          {...form.register('password1')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.password2?.message}
          {...form.register('password2')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Sign Up'}
        </Button>
      </form>
    </AuthLayout>
  );
}

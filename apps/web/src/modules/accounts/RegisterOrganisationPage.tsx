import { organisationCreateSchema } from '@arena/contracts/administrator';
import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PictureInput } from '../../components/PictureInput';
import { TextField } from '../../components/TextField';
import { call } from '../../lib/api';
import { fieldErrors, generalError } from '../../lib/errors';
import { organisationLoginUrl, providerHost } from '../../lib/host';
import { forgetReferralCode, storedReferralCode } from '../../lib/referral';
import { useDebounced } from '../../lib/useDebounced';
import { clearAuth, useAuth } from '../../state/auth';
import { AuthLayout } from './AuthLayout';

interface Availability {
  subdomain: string;
  available: boolean;
  detail: string | null;
}

function AvailabilityHint({ value }: { value: string }) {
  const debounced = useDebounced(value.trim().toLowerCase(), 350);
  const { data, isFetching } = useQuery({
    queryKey: ['subdomain-check', debounced],
    queryFn: (): Promise<Availability> => call(organisationEndpoints.checkSubdomain, { query: { subdomain: debounced } }),
    enabled: debounced.length > 0,
    staleTime: 10_000,
  });
  if (!value.trim())
    return (
      <span>
        Your organization's address: <strong>your-club.{providerHost()}</strong>
      </span>
    );
  if (isFetching || debounced !== value.trim().toLowerCase()) {
    return (
      <span className="inline-flex items-center gap-1.5">
        <Loader2 size={12} className="animate-spin" aria-hidden /> Checking availability...
      </span>
    );
  }
  if (!data) return null;
  return data.available ? (
    <span className="inline-flex items-center gap-1.5 font-medium text-success">
      <CheckCircle2 size={14} aria-hidden /> {data.subdomain}.{providerHost()} is available
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 font-medium text-danger-text">
      <XCircle size={14} aria-hidden /> {data.detail ?? 'This subdomain is not available.'}
    </span>
  );
}

export default function RegisterOrganisationPage() {
  const organisation = useAuth((s) => s.organisation);
  const token = useAuth((s) => s.token);
  const email = useAuth((s) => s.user?.email ?? '');
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(organisationCreateSchema),
    // The referrer's code from the landing link (`?ref=CODE`), kept through sign-up.
    defaultValues: { display_name: '', subdomain: '', phone: '', referral_code: storedReferralCode() },
  });
  const { errors, isSubmitting } = form.formState;
  const subdomain = form.watch('subdomain');

  if (organisation) return <Navigate to="/" replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    let body: FormData | typeof values = values;
    if (picture) {
      const data = new FormData();
      data.set('display_name', values.display_name);
      data.set('subdomain', values.subdomain);
      if (values.phone) data.set('phone', values.phone);
      if (values.referral_code) data.set('referral_code', values.referral_code);
      data.set('display_picture', picture);
      body = data;
    }
    try {
      const created = await call(organisationEndpoints.create, { body });
      forgetReferralCode();
      // The key travels once to the new host, which exchanges it for its own (spec 2.2 ?token=).
      const key = token ?? '';
      clearAuth();
      window.location.assign(organisationLoginUrl(created.subdomain, key, email));
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.display_name) form.setError('display_name', { message: fields.display_name });
      if (fields.subdomain) form.setError('subdomain', { message: fields.subdomain });
      if (fields.phone) form.setError('phone', { message: fields.phone });
      if (fields.referral_code) form.setError('referral_code', { message: fields.referral_code });
      if (fields.display_picture) setPictureError(fields.display_picture);
      setServerError(generalError(error));
    }
  });

  return (
    <AuthLayout
      title="Register your organization"
      subtitle="Name your organization and choose its web address. You can change the name and picture later."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {serverError && <Alert tone="error">{serverError}</Alert>}
        <TextField
          label="Organization Name"
          placeholder="Riverside Sports Club"
          error={errors.display_name?.message}
          {...form.register('display_name')}
        />
        <TextField
          label="Subdomain"
          placeholder="riverside"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          error={errors.subdomain?.message}
          hint={<AvailabilityHint value={subdomain} />}
          {...form.register('subdomain', { setValueAs: (v: string) => v.trim().toLowerCase() })}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="98765 43210"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="Referral Code (optional)"
          placeholder="From the link that invited you"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint="You and the organization that invited you each get a free month when you pay your first subscription."
          error={errors.referral_code?.message}
          {...form.register('referral_code', { setValueAs: (v: string) => v.trim().toUpperCase() })}
        />
        <PictureInput
          label="Display Picture"
          name={form.watch('display_name')}
          file={picture}
          onChange={setPicture}
          error={pictureError}
          onError={setPictureError}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Registering...' : 'Register Organization'}
        </Button>
      </form>
    </AuthLayout>
  );
}

import { organisationEndpoints } from '@arena/contracts/administrator/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { PictureInput } from '../../components/PictureInput';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { call } from '../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { notify } from '../../lib/notify';
import { updateOrganisation, useAuth } from '../../state/auth';
import { organisationKey, useOrganisation } from './api';
import { BusinessDetailsCard, DiscountCapCard, EmbedOriginsCard } from './BusinessDetailsCard';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm text-fg">{value || '—'}</dd>
    </div>
  );
}

/** Administrator › Profile: the organisation's display name and picture, and its business and GST details (owner only). */
export function ProfilePage() {
  const { data: org, isPending, error, refetch } = useOrganisation();
  const isOwner = useAuth((s) => s.user?.is_owner === true);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (org) setName(org.display_name);
  }, [org]);

  if (isPending) return <Skeleton className="h-64 w-full max-w-3xl" />;
  if (error || !org)
    return (
      <Alert
        tone="error"
        action={
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(error)}
        {'\n'}Please try again or contact support.
      </Alert>
    );

  const currentPicture = removePicture ? null : org.display_picture;
  const dirty = name.trim() !== org.display_name || !!file || removePicture;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!org) return;
    setFormError(null);
    if (!name.trim()) return setNameError('Display name is required.');
    setNameError(null);
    setSaving(true);
    try {
      let body: FormData | Record<string, unknown>;
      if (file) {
        body = new FormData();
        body.set('display_name', name.trim());
        body.set('display_picture', file);
      } else {
        body = { display_name: name.trim(), ...(removePicture ? { display_picture: null } : {}) };
      }
      const updated = await call(organisationEndpoints.update, { body });
      queryClient.setQueryData(organisationKey, updated);
      await queryClient.invalidateQueries({ queryKey: ['organisation', 'public'] });
      updateOrganisation({ display_name: updated.display_name, display_picture: updated.display_picture });
      setFile(null);
      setRemovePicture(false);
      notify.success('Profile updated.');
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.display_name) setNameError(fields.display_name);
      if (fields.display_picture) setPictureError(fields.display_picture);
      if (!fields.display_name && !fields.display_picture) setFormError(generalError(err) ?? errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="max-w-3xl">
      <PageHeader title="Profile" description="How your organization appears to staff and members." />
      {!isOwner && (
        <Alert tone="info" className="mb-4">
          Only the organization's owner can change the profile.
        </Alert>
      )}
      <Card>
        <form noValidate onSubmit={save}>
          <fieldset disabled={!isOwner || saving} className="space-y-5 p-5 sm:p-6">
            <legend className="sr-only">Organization profile</legend>
            {formError && <Alert tone="error">{formError}</Alert>}
            <TextField
              label="Display Name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={nameError ?? undefined}
              maxLength={120}
              required
            />
            <PictureInput
              label="Display Picture"
              name={name}
              file={file}
              currentUrl={currentPicture}
              onChange={(f) => {
                setFile(f);
                if (f) setRemovePicture(false);
              }}
              onRemove={() => setRemovePicture(true)}
              error={pictureError}
              onError={setPictureError}
            />
          </fieldset>
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-5 py-3 sm:px-6">
            {dirty && (
              <Button
                variant="ghost"
                onClick={() => {
                  setName(org.display_name);
                  setFile(null);
                  setRemovePicture(false);
                  setNameError(null);
                }}
              >
                Discard
              </Button>
            )}
            <Button type="submit" disabled={!isOwner || saving || !dirty}>
              {saving ? 'Saving…' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </Card>
      <BusinessDetailsCard org={org} editable={isOwner} />
      <EmbedOriginsCard org={org} editable={isOwner} />
      <DiscountCapCard org={org} editable={isOwner} />
      <Card className="mt-6 p-5 sm:p-6">
        <h2 className="mb-4 text-sm font-semibold">Account</h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <Detail label="Web address" value={`${org.subdomain}.${window.location.host.split('.').slice(1).join('.')}`} />
          <Detail label="Account number" value={org.account_number} />
          <Detail label="Plan" value={org.plan_name} />
          <Detail label="Expiry on" value={formatDate(org.due_date)} />
          <Detail label="Time zone" value={org.time_zone} />
          <Detail label="Member since" value={formatDate(org.created_at)} />
        </dl>
      </Card>
    </div>
  );
}

import { meDeskEndpoints } from '@arena/contracts/end-user/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/Alert';
import { call } from '../../../../lib/api';
import { errorMessage, fieldErrors, generalError } from '../../../../lib/errors';
import { meKeys } from '../api';
import { PageLoading } from '../MeApp';
import { BigButton, MeField, Panel } from '../ui';

const KEY = ['me', 'profile'];
const oneError = (error: unknown) => {
  const errors = fieldErrors(error);
  return { errors, general: error ? (generalError(error) ?? (Object.keys(errors).length ? null : errorMessage(error))) : null };
};

/** What a member may change of their record: photo, emergency contact, and phone or e-mail through a code sent to the new one. */
export default function Profile() {
  const profile = useQuery({ queryKey: KEY, queryFn: () => call(meDeskEndpoints.profile) });
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-fg">Profile</h1>
      {profile.isPending ? (
        <PageLoading />
      ) : profile.error ? (
        <Alert>{errorMessage(profile.error)}</Alert>
      ) : (
        <>
          <Photo photo={profile.data.photo} />
          <Emergency name={profile.data.emergency_name} phone={profile.data.emergency_phone} />
          <Contact phone={profile.data.phone} email={profile.data.email} pending={profile.data.pending} />
          <p className="text-sm text-muted">For anything else (name, date of birth, address) please ask the desk.</p>
        </>
      )}
    </div>
  );
}

function Photo({ photo }: { photo: string | null }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('photo', file);
      return call(meDeskEndpoints.updateProfile, { body: form as never });
    },
    onSuccess: (data) => {
      queryClient.setQueryData(KEY, data);
      void queryClient.invalidateQueries({ queryKey: meKeys.home });
    },
  });
  return (
    <Panel title="Photo">
      <div className="flex items-center gap-4">
        {photo ? (
          <img src={photo} alt="Your photo" className="size-20 rounded-full object-cover" />
        ) : (
          <span className="flex size-20 items-center justify-center rounded-full bg-subtle text-muted">
            <UserRound size={36} aria-hidden />
          </span>
        )}
        <div>
          <label
            htmlFor={inputId}
            className="inline-flex min-h-12 cursor-pointer items-center rounded-lg border border-line-strong px-4 font-semibold text-fg"
          >
            {upload.isPending ? 'Uploading…' : 'Choose a photo'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) upload.mutate(file);
            }}
          />
          <p className="mt-1 text-xs text-muted">PNG, JPEG or WebP, at most 2 MB.</p>
        </div>
      </div>
      {upload.error && <Alert className="mt-3">{errorMessage(upload.error)}</Alert>}
    </Panel>
  );
}

function Emergency({ name, phone }: { name: string; phone: string }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ emergency_name: name, emergency_phone: phone });
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => call(meDeskEndpoints.updateProfile, { body: form }),
    onSuccess: (data) => {
      setSaved(true);
      queryClient.setQueryData(KEY, data);
    },
  });
  const { errors, general } = oneError(save.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate();
  };
  return (
    <Panel title="Emergency contact">
      <form onSubmit={submit} className="space-y-3" noValidate>
        {general && <Alert>{general}</Alert>}
        <MeField
          label="Name"
          value={form.emergency_name}
          maxLength={100}
          onChange={(e) => setForm({ ...form, emergency_name: e.target.value })}
          error={errors.emergency_name}
        />
        <MeField
          label="Phone"
          type="tel"
          inputMode="tel"
          value={form.emergency_phone}
          onChange={(e) => setForm({ ...form, emergency_phone: e.target.value })}
          error={errors.emergency_phone}
        />
        {saved && (
          <p role="status" className="text-sm text-success">
            Saved.
          </p>
        )}
        <BigButton type="submit" variant="secondary" className="w-full" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </BigButton>
      </form>
    </Panel>
  );
}

function Contact({
  phone,
  email,
  pending,
}: {
  phone: string;
  email: string;
  pending: { channel: 'sms' | 'email'; address: string } | null;
}) {
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<'phone' | 'email'>('phone');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const ask = useMutation({
    mutationFn: () => call(meDeskEndpoints.verifyProfile, { body: channel === 'phone' ? { phone: address } : { email: address } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
  const confirm = useMutation({
    mutationFn: () => call(meDeskEndpoints.confirmProfile, { body: { code } }),
    onSuccess: (data) => {
      setCode('');
      setAddress('');
      queryClient.setQueryData(KEY, data);
      void queryClient.invalidateQueries({ queryKey: meKeys.home });
    },
  });
  const asked = oneError(ask.error);
  const confirmed = oneError(confirm.error);
  return (
    <Panel title="Phone and e-mail">
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Phone</dt>
        <dd className="text-fg tabular">{phone}</dd>
        <dt className="text-muted">E-mail</dt>
        <dd className="break-all text-fg">{email || '—'}</dd>
      </dl>
      {pending ? (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate();
          }}
        >
          <p className="text-sm text-fg">
            We sent a code to <span className="font-semibold">{pending.address}</span>. Enter it to confirm the change.
          </p>
          {confirmed.general && <Alert>{confirmed.general}</Alert>}
          <MeField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={confirmed.errors.code}
          />
          <BigButton type="submit" className="w-full" disabled={confirm.isPending}>
            Confirm
          </BigButton>
        </form>
      ) : (
        <form
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            ask.mutate();
          }}
        >
          {asked.general && <Alert>{asked.general}</Alert>}
          <div role="radiogroup" aria-label="What to change" className="grid grid-cols-2 gap-2">
            {(['phone', 'email'] as const).map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={channel === c}
                onClick={() => setChannel(c)}
                className={`min-h-12 rounded-lg border text-base font-medium ${channel === c ? 'border-accent bg-accent-soft text-accent-text' : 'border-line-strong bg-surface text-fg'}`}
              >
                {c === 'phone' ? 'New phone' : 'New e-mail'}
              </button>
            ))}
          </div>
          <MeField
            label={channel === 'phone' ? 'New phone number' : 'New e-mail'}
            type={channel === 'phone' ? 'tel' : 'email'}
            inputMode={channel === 'phone' ? 'tel' : 'email'}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            error={asked.errors[channel]}
          />
          <BigButton type="submit" variant="secondary" className="w-full" disabled={ask.isPending}>
            Send a code
          </BigButton>
        </form>
      )}
    </Panel>
  );
}

import { meEndpoints } from '@arena/contracts/end-user/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from '../router';
import { Alert } from '../../../../components/Alert';
import { ApiError, call } from '../../../../lib/api';
import { errorMessage, fieldErrors } from '../../../../lib/errors';
import { MeHeader } from '../MeApp';
import { readItem, signedIn, useSignedIn, writeItem } from '../session';
import { BigButton, MeField } from '../ui';

const RESEND_AFTER = 30;
/** The "Remember this device" choice made when the link was asked for, used when it is opened. */
const REMEMBER_LINK = 'arena.member.remember';

type Step =
  | { kind: 'phone' }
  | { kind: 'code'; phone: string; detail: string; sentAt: number }
  | { kind: 'email' }
  | { kind: 'link-sent'; detail: string };

/** The server's answer's `detail`, or the fallback. */
const detailOf = (answer: unknown, fallback: string) =>
  answer && typeof answer === 'object' && typeof (answer as { detail?: unknown }).detail === 'string'
    ? (answer as { detail: string }).detail
    : fallback;

/** A 400's message for `field`, or the message of any other failure. */
function messages(error: unknown, field: string): { field?: string; general?: string } {
  const fields = fieldErrors(error);
  if (fields[field]) return { field: fields[field] };
  if (error instanceof ApiError && error.status === 400 && Object.keys(fields).length) return { general: Object.values(fields).join(' ') };
  return { general: errorMessage(error) };
}

/**
 * Sign-in, phone first: the number → "If this number belongs to a member, a code has been sent" →
 * the 6-digit code (resend after 30 s). Or the e-mail → a link, which opens /me/sign-in?token=….
 */
export default function SignInPage() {
  const isIn = useSignedIn();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (isIn && !token) return <Navigate to="/" replace />;
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <MeHeader />
      <main id="main" className="mx-auto w-full max-w-md flex-1 px-4 py-6">
        <h1 className="text-2xl font-semibold text-fg">Sign in</h1>
        {token ? <LinkSignIn token={token} /> : <CodeSignIn />}
      </main>
    </div>
  );
}

function useSignedInNow() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (key: string) => {
    queryClient.clear();
    signedIn(key);
    navigate('/', { replace: true });
  };
}

function CodeSignIn() {
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  if (step.kind === 'code') return <CodeStep step={step} onResent={(s) => setStep(s)} onBack={() => setStep({ kind: 'phone' })} />;
  if (step.kind === 'email')
    return <EmailStep onSent={(detail) => setStep({ kind: 'link-sent', detail })} onBack={() => setStep({ kind: 'phone' })} />;
  if (step.kind === 'link-sent')
    return (
      <div className="mt-4 space-y-4">
        <Alert tone="success">{step.detail}</Alert>
        <p className="text-sm text-muted">Open the link in the e-mail on this phone. It works once, for 15 minutes.</p>
        <BigButton variant="secondary" className="w-full" onClick={() => setStep({ kind: 'phone' })}>
          Sign in with your phone instead
        </BigButton>
      </div>
    );
  return (
    <PhoneStep
      onSent={(phone, detail) => setStep({ kind: 'code', phone, detail, sentAt: Date.now() })}
      onEmail={() => setStep({ kind: 'email' })}
    />
  );
}

function PhoneStep({ onSent, onEmail }: { onSent: (phone: string, detail: string) => void; onEmail: () => void }) {
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; general?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = phone.replace(/\D/g, '');
    if (!/^[6-9]\d{9}$/.test(digits)) {
      setError({ field: 'Enter a 10-digit mobile number.' });
      return;
    }
    setBusy(true);
    setError({});
    try {
      const answer = await call(meEndpoints.requestOtp, { body: { phone: digits } });
      onSent(digits, detailOf(answer, 'If this number belongs to a member, a code has been sent.'));
    } catch (err) {
      setError(messages(err, 'phone'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-muted">We will send a 6-digit code to your mobile number.</p>
      {error.general && <Alert>{error.general}</Alert>}
      <MeField
        label="Mobile number"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={14}
        placeholder="98765 43210"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={error.field}
        required
      />
      <BigButton type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending…' : 'Send code'}
      </BigButton>
      <BigButton variant="ghost" className="w-full" onClick={onEmail}>
        Use e-mail instead
      </BigButton>
    </form>
  );
}

function useCountdown(from: number, seconds: number) {
  const left = () => Math.max(0, seconds - Math.floor((Date.now() - from) / 1000));
  const [value, setValue] = useState(left);
  useEffect(() => {
    setValue(left());
    const timer = setInterval(() => setValue(left()), 1000);
    return () => clearInterval(timer);
  }, [from, seconds]);
  return value;
}

function CodeStep({
  step,
  onResent,
  onBack,
}: {
  step: Extract<Step, { kind: 'code' }>;
  onResent: (step: Extract<Step, { kind: 'code' }>) => void;
  onBack: () => void;
}) {
  const done = useSignedInNow();
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; general?: string }>({});
  const input = useRef<HTMLInputElement>(null);
  const wait = useCountdown(step.sentAt, RESEND_AFTER);
  useEffect(() => input.current?.focus(), [step.sentAt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError({ field: 'Enter the 6-digit code.' });
      return;
    }
    setBusy(true);
    setError({});
    try {
      const answer = await call(meEndpoints.verifyOtp, { body: { phone: step.phone, code, remember } });
      done(answer.key);
    } catch (err) {
      setError(messages(err, 'code'));
      setBusy(false);
    }
  };
  const resend = async () => {
    setError({});
    try {
      const answer = await call(meEndpoints.requestOtp, { body: { phone: step.phone } });
      setCode('');
      onResent({ ...step, detail: detailOf(answer, step.detail), sentAt: Date.now() });
    } catch (err) {
      setError(messages(err, 'phone'));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <Alert tone="info">{step.detail}</Alert>
      {error.general && <Alert>{error.general}</Alert>}
      <MeField
        ref={input}
        label={`Code sent to ${step.phone}`}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        error={error.field}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.4em]"
        required
      />
      <RememberDevice checked={remember} onChange={setRemember} />
      <BigButton type="submit" className="w-full" disabled={busy}>
        {busy ? 'Checking…' : 'Sign in'}
      </BigButton>
      <div className="flex items-center justify-between gap-2">
        <BigButton variant="ghost" onClick={onBack} className="px-2">
          Change number
        </BigButton>
        <BigButton variant="ghost" onClick={resend} disabled={wait > 0} className="px-2">
          {wait > 0 ? `Resend in ${wait} s` : 'Resend code'}
        </BigButton>
      </div>
    </form>
  );
}

function EmailStep({ onSent, onBack }: { onSent: (detail: string) => void; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; general?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError({ field: 'Enter a valid e-mail address.' });
      return;
    }
    setBusy(true);
    setError({});
    try {
      const answer = await call(meEndpoints.requestLink, { body: { email: email.trim() } });
      writeItem(REMEMBER_LINK, remember ? '1' : '0');
      onSent(detailOf(answer, 'If this address belongs to a member, a sign-in link has been sent.'));
    } catch (err) {
      setError(messages(err, 'email'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      <p className="text-sm text-muted">We will e-mail you a sign-in link.</p>
      {error.general && <Alert>{error.general}</Alert>}
      <MeField
        label="E-mail"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error.field}
        required
      />
      <RememberDevice checked={remember} onChange={setRemember} />
      <BigButton type="submit" className="w-full" disabled={busy}>
        {busy ? 'Sending…' : 'Send link'}
      </BigButton>
      <BigButton variant="ghost" className="w-full" onClick={onBack}>
        Use your phone instead
      </BigButton>
    </form>
  );
}

/** The e-mailed link's page: verifies the token once and signs in. */
function LinkSignIn({ token }: { token: string }) {
  const done = useSignedInNow();
  const [error, setError] = useState<string | null>(null);
  const [, setParams] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const remember = readItem(REMEMBER_LINK) !== '0';
    call(meEndpoints.verifyLink, { body: { token, remember } })
      .then((answer) => done(answer.key))
      .catch((err) => setError(messages(err, 'token').field ?? messages(err, 'token').general ?? errorMessage(err)));
  }, [token, done]);
  if (!error)
    return (
      <p className="mt-4 text-base text-muted" role="status">
        Signing you in…
      </p>
    );
  return (
    <div className="mt-4 space-y-4">
      <Alert>{error}</Alert>
      <BigButton className="w-full" onClick={() => setParams({}, { replace: true })}>
        Sign in again
      </BigButton>
    </div>
  );
}

/** "Remember this device for 90 days" (the API's `remember`), asked on both ways in. */
function RememberDevice({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-base text-fg">
      <input type="checkbox" className="h-5 w-5 accent-accent" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Remember this device for 90 days
    </label>
  );
}

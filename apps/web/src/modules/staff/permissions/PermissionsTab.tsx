/**
 * Staff detail › Permissions (issue 21): the staff member's login (none, invited, active,
 * disabled) with Invite / Resend / Disable, a checkbox per plan module with what it covers and a
 * level within each checked one (View / Operate / Manage), the role name, Save. The API decides
 * (only the owner grants Administrator Management, an owner's modules are fixed); this page shows
 * its answers under the fields.
 */
import type { LoginState, ModuleGrant, StaffPermissions } from '@arena/contracts/staff';
import type { ModuleLevel, ModuleName } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { ChevronDown, KeyRound, Mail, ShieldCheck, UserX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Skeleton } from '../../../components/Skeleton';
import { TextField } from '../../../components/TextField';
import { fieldErrors, generalError } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCan } from '../../../lib/useCan';
import { useLoginMutations, useStaffMember, useStaffPermissions } from './api';

const LEVELS: { value: ModuleLevel; label: string; hint: string }[] = [
  { value: 'view', label: 'View', hint: 'read only' },
  { value: 'operate', label: 'Operate', hint: 'daily desk work' },
  { value: 'manage', label: 'Manage', hint: 'settings, prices, deletes, refunds' },
];

const STATES: Record<LoginState, { label: string; tone: 'neutral' | 'info' | 'success' | 'danger'; note: string }> = {
  none: { label: 'No login', tone: 'neutral', note: 'This staff member does not sign in to Arena. Invite them to give them a login.' },
  invited: {
    label: 'Invited',
    tone: 'info',
    note: 'The invitation was mailed; they have not set a password yet. The link is valid for 7 days.',
  },
  active: { label: 'Active', tone: 'success', note: 'They sign in with their e-mail and password.' },
  disabled: {
    label: 'Disabled',
    tone: 'danger',
    note: 'Their login is off and every session was signed out. Invite them again to enable it.',
  },
};

type Selection = Partial<Record<ModuleName, ModuleLevel>>;
const selectionOf = (modules: ModuleGrant[]): Selection => Object.fromEntries(modules.map((m) => [m.name, m.level]));

/** The tab as a screen of the route `/staff-management/staffs/:staffId/permissions` (reads `:staffId`). */
export function StaffPermissionsScreen() {
  const { staffId = '' } = useParams();
  const id = Number(staffId);
  if (!Number.isSafeInteger(id) || id <= 0) return <Alert>This staff member does not exist.</Alert>;
  return <StaffPermissionsTab staffId={id} />;
}

export function StaffPermissionsTab({ staffId }: { staffId: number }) {
  const permissions = useStaffPermissions(staffId);
  const member = useStaffMember(staffId);
  if (permissions.isError) return <Alert>{generalError(permissions.error) ?? 'Could not load the permissions.'}</Alert>;
  if (!permissions.data) return <Skeleton className="h-64 w-full" />;
  return (
    <PermissionsForm
      key={`${permissions.data.user ?? 'none'}`}
      staffId={staffId}
      data={permissions.data}
      staffEmail={member.data?.email ?? ''}
    />
  );
}

function PermissionsForm({ staffId, data, staffEmail }: { staffId: number; data: StaffPermissions; staffEmail: string }) {
  const { invite, resend, disable, save } = useLoginMutations(staffId);
  const [selection, setSelection] = useState<Selection>(() => selectionOf(data.modules));
  const [roleName, setRoleName] = useState(data.role_name ?? '');
  const [email, setEmail] = useState(data.email ?? staffEmail);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const state = STATES[data.login_state];
  const hasLogin = data.login_state === 'invited' || data.login_state === 'active';
  // Changing logins and permissions needs manage in Staff Management (the API refuses it below); others only read.
  const canManage = useCan('Staff Management', 'manage');
  const fixed = data.is_owner || !canManage;

  useEffect(() => {
    if (!email && staffEmail) setEmail(staffEmail);
  }, [staffEmail, email]);
  useEffect(() => {
    setSelection(selectionOf(data.modules));
    setRoleName(data.role_name ?? '');
  }, [data]);

  const errors = fieldErrors(error);
  const general = error ? generalError(error) : null;
  const chosen = data.plan_modules.filter((m) => selection[m.name]).map((m) => ({ name: m.name, level: selection[m.name]! }));

  async function run<T>(action: () => Promise<T>, done: string): Promise<T | undefined> {
    setError(null);
    try {
      const result = await action();
      notify.success(done);
      return result;
    } catch (e) {
      setError(e);
      return undefined;
    }
  }

  const onInvite = () =>
    run(async () => {
      await invite.mutateAsync({ email, modules: chosen.map((m) => m.name) });
      // The invitation gives each module Operate; other levels chosen here are saved right after.
      if (chosen.some((m) => m.level !== 'operate') || roleName.trim())
        await save.mutateAsync({ modules: chosen, role_name: roleName.trim() || null });
    }, `Invitation sent to ${email}.`);
  const onSave = () => run(() => save.mutateAsync({ modules: chosen, role_name: roleName.trim() || null }), 'Permissions saved.');
  const onResend = () => run(() => resend.mutateAsync(), `A link to set a password was sent to ${data.email}.`);

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex items-center gap-2 text-base font-semibold text-fg">
              <KeyRound size={18} aria-hidden /> Login
              <Badge tone={state.tone}>{state.label}</Badge>
            </h2>
            <p className="mt-1 text-sm text-muted">
              {data.is_owner ? "This is the organisation owner's login: every module of the plan, always." : state.note}
            </p>
            {!canManage && (
              <p className="mt-1 text-sm text-muted">Changing logins and permissions needs the manage permission in Staff Management.</p>
            )}
            {data.email && (
              <p className="mt-1 text-sm text-fg">
                {data.email}
                {data.last_login && <span className="text-muted"> · last signed in {new Date(data.last_login).toLocaleString()}</span>}
              </p>
            )}
          </div>
          {hasLogin && !fixed && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={onResend} disabled={resend.isPending}>
                <Mail size={16} aria-hidden /> {data.login_state === 'invited' ? 'Resend invitation' : 'Send password link'}
              </Button>
              <Button variant="danger" size="sm" onClick={() => setConfirmDisable(true)}>
                <UserX size={16} aria-hidden /> Disable login
              </Button>
            </div>
          )}
        </div>
        {!hasLogin && !fixed && (
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <TextField
              label="Login e-mail"
              type="email"
              className="min-w-64 flex-1"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
              hint="The invitation goes here; it is also their sign-in name."
              required
            />
            <Button onClick={onInvite} disabled={invite.isPending || !email.trim()}>
              <Mail size={16} aria-hidden /> {data.login_state === 'disabled' ? 'Enable and invite' : 'Invite'}
            </Button>
          </div>
        )}
      </Card>

      <Card className="p-5">
        <h2 className="flex items-center gap-2 text-base font-semibold text-fg">
          <ShieldCheck size={18} aria-hidden /> Modules
        </h2>
        <p className="mt-1 text-sm text-muted">
          What they may use, and within each: View (read only), Operate (the daily desk work: bookings, check-ins, payments) or Manage
          (settings, prices, deletes, refunds, larger discounts).
        </p>
        {general && (
          <Alert className="mt-4" tone="error">
            {general}
          </Alert>
        )}
        {errors.modules && (
          <Alert className="mt-4" tone="error">
            {errors.modules}
          </Alert>
        )}
        <ul className="mt-4 divide-y divide-line" aria-label="Modules">
          {data.plan_modules.map((m) => (
            <ModuleRow
              key={m.name}
              name={m.name}
              description={m.description}
              level={selection[m.name] ?? null}
              disabled={fixed}
              onChange={(level) =>
                setSelection((s) => {
                  const next = { ...s };
                  if (level) next[m.name] = level;
                  else delete next[m.name];
                  return next;
                })
              }
            />
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <TextField
            label="Role name"
            className="min-w-64 flex-1"
            value={roleName}
            onChange={(e) => setRoleName(e.target.value)}
            error={errors.role_name}
            hint="Shown beside their name, e.g. Front desk."
            disabled={fixed}
          />
          {hasLogin && !fixed && (
            <Button onClick={onSave} disabled={save.isPending}>
              Save
            </Button>
          )}
        </div>
        {!hasLogin && !fixed && <p className="mt-2 text-xs text-muted">Choose the modules, then Invite: the login gets them at once.</p>}
      </Card>

      <ConfirmDialog
        open={confirmDisable}
        onOpenChange={setConfirmDisable}
        title="Disable this login?"
        confirmLabel="Disable login"
        onConfirm={async () => {
          const ok = await run(() => disable.mutateAsync(), 'Login disabled.');
          return ok === undefined ? false : ok;
        }}
      >
        {data.email} will be signed out everywhere at once and cannot sign in until invited again.
      </ConfirmDialog>
    </div>
  );
}

function ModuleRow({
  name,
  description,
  level,
  disabled,
  onChange,
}: {
  name: ModuleName;
  description: string;
  level: ModuleLevel | null;
  disabled: boolean;
  onChange: (level: ModuleLevel | null) => void;
}) {
  const id = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          checked={level !== null}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked ? 'operate' : null)}
          aria-describedby={`${id}-description`}
          className="mt-0.5 h-4 w-4 shrink-0 cursor-pointer accent-[var(--color-accent)] disabled:cursor-not-allowed"
        />
        <div className="min-w-0 text-sm">
          <label htmlFor={id} className="cursor-pointer font-medium text-fg">
            {name}
          </label>
          <p id={`${id}-description`} className="mt-0.5 text-xs text-muted">
            {description}
          </p>
        </div>
      </div>
      {level !== null && (
        <div className="relative">
          <select
            aria-label={`Level in ${name}`}
            value={level}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value as ModuleLevel)}
            className={clsx(
              'h-8 cursor-pointer appearance-none rounded-md border border-line-strong bg-surface pl-2.5 pr-7 text-sm font-medium text-fg shadow-sm',
              'focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 disabled:cursor-not-allowed',
            )}
          >
            {LEVELS.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label} ({l.hint})
              </option>
            ))}
          </select>
          <ChevronDown size={14} className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2" aria-hidden />
        </div>
      )}
    </li>
  );
}

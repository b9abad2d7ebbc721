/** Small pieces the desk screens share: signed amounts, GST choices, the member picker. */
import { GST_RATES } from '@arena/contracts/kit';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { SearchBox } from '../../../components/SearchBox';
import { formatCount, formatMoney } from '../../../lib/format';
import { useDebounced } from '../../../lib/useDebounced';
import { MemberAvatar } from '../members/MemberAvatar';
import { MemberStatusBadge } from '../members/status';
import type { MemberLookup } from '@arena/contracts/membership';
import { useMemberLookup } from './api';

export { MemberAvatar, MemberStatusBadge };

/** A member's page. */
export const memberPath = (id: number) => `/membership/members/${id}`;

/** The GST rates a plan or service may carry, as select options ("18 %"). */
export const GST_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }));

/** SAC 999723: physical well-being services (health clubs, fitness centres). */
export const FITNESS_SAC = '999723';

/** "18 % · SAC 999723" (or just the rate when no SAC is set). */
export const gstText = (rate: number, sac: string) => `${rate} %${sac ? ` · SAC ${sac}` : ''}`;

/**
 * An amount with its direction: "+ ₹1,500.00" in green for money in, "− ₹800.00" in red for
 * money out (a refund). The sign says it too, so colour is never the only clue.
 */
export function SignedAmount({ direction, amount }: { direction: 'in' | 'out'; amount: string }) {
  const out = direction === 'out';
  return (
    <span className={clsx('whitespace-nowrap font-medium tabular', out ? 'text-danger-text' : 'text-success')}>
      <span className="sr-only">{out ? 'Out ' : 'In '}</span>
      <span aria-hidden>{out ? '− ' : '+ '}</span>
      {formatMoney(amount)}
    </span>
  );
}

/** A picked member as the pickers show it. */
export interface PickedMember {
  id: number;
  name: string;
  code: string;
}
export const pickedOf = (m: MemberLookup): PickedMember => ({ id: m.id, name: m.full_name, code: m.member_code });

/**
 * Finds a member by name, phone or code and picks one: a search box over a short list of matches,
 * then the pick with a Change button. `exclude` leaves out members already chosen elsewhere (a
 * batch's members); `action` labels each match's button (defaults to picking).
 */
export function MemberPicker({
  label = 'Member',
  value,
  onChange,
  error,
  exclude = [],
  action,
  disabled,
  autoFocus,
}: {
  label?: string;
  value: PickedMember | null;
  onChange: (member: PickedMember | null) => void;
  error?: string;
  exclude?: readonly number[];
  /** A per-row button instead of a pick (e.g. "Add" in a batch's members): returns when done. */
  action?: { label: string; run: (member: MemberLookup) => Promise<unknown> | void; busy?: number | null };
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 250);
  const results = useMemberLookup(term, { enabled: !value });
  const shown = (results.data ?? []).filter((m) => !exclude.includes(m.id));

  if (value && !action)
    return (
      <div>
        <p className="mb-1.5 text-sm font-medium text-fg">{label}</p>
        <div className="flex items-center justify-between gap-3 rounded-md border border-line-strong bg-subtle/50 px-3 py-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{value.name}</p>
            {value.code && <p className="text-xs tabular text-muted">{value.code}</p>}
          </div>
          <Button size="sm" variant="ghost" onClick={() => onChange(null)} disabled={disabled} aria-label={`Change member (${value.name})`}>
            <X size={14} aria-hidden /> Change
          </Button>
        </div>
      </div>
    );

  return (
    <div className="space-y-2">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
          {label}
        </label>
        <SearchBox
          id={id}
          autoFocus={autoFocus}
          value={search}
          disabled={disabled}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, phone or code (MEM-00042)"
          invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-danger-text">
            {error}
          </p>
        )}
      </div>
      {term.length >= 2 && (
        <ul className="max-h-56 divide-y divide-line overflow-y-auto rounded-md border border-line" aria-label="Matching members">
          {results.isPending ? (
            <li className="px-3 py-2 text-sm text-muted">Searching…</li>
          ) : results.isError ? (
            <li className="px-3 py-2 text-sm text-danger-text">Members could not be searched. Try again.</li>
          ) : shown.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted">
              {results.data?.length ? `Everyone matching “${term}” is already in.` : `No members match “${term}”.`}
            </li>
          ) : (
            shown.map((m) => (
              <li key={m.id} className="flex items-center gap-3 px-3 py-2">
                <MemberAvatar name={m.full_name} photo={m.photo} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{m.full_name}</p>
                  <p className="truncate text-xs tabular text-muted">
                    {m.member_code} · {m.phone}
                  </p>
                </div>
                <span className="hidden sm:inline">
                  <MemberStatusBadge status={m.status} />
                </span>
                {action ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={disabled || action.busy === m.id}
                    aria-label={`${action.label} ${m.full_name}`}
                    onClick={() => void action.run(m)}
                  >
                    {action.busy === m.id ? 'Adding…' : action.label}
                  </Button>
                ) : (
                  <Button size="sm" variant="secondary" aria-label={`Choose ${m.full_name}`} onClick={() => onChange(pickedOf(m))}>
                    Choose
                  </Button>
                )}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

/** "8 / 10" with a bar, and how many seats are left (red when none). */
export function SeatsCell({ members, capacity, left }: { members: number; capacity: number; left: number }) {
  const share = capacity > 0 ? Math.min(100, Math.round((members / capacity) * 100)) : 0;
  return (
    <div className="min-w-[7rem]">
      <div className="flex items-baseline justify-between gap-2 text-sm tabular">
        <span className="font-medium">
          {formatCount(members)} / {formatCount(capacity)}
        </span>
        <span className={clsx('text-xs', left <= 0 ? 'font-medium text-danger-text' : left <= 2 ? 'text-warning-text' : 'text-muted')}>
          {left <= 0 ? 'Full' : `${formatCount(left)} left`}
        </span>
      </div>
      <div className="mt-1 h-1.5 rounded-full bg-subtle" aria-hidden>
        <div className={clsx('h-1.5 rounded-full', left <= 0 ? 'bg-danger' : 'bg-accent')} style={{ width: `${Math.max(share, 2)}%` }} />
      </div>
    </div>
  );
}

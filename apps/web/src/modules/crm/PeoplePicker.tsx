import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Check, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { SearchBox } from '../../components/SearchBox';
import { useDebounced } from '../../lib/useDebounced';
import { searchContacts, type Contact } from './api';

export const KIND_LABELS = { member: 'Member', client: 'Booking client', enquiry: 'Enquiry' } as const;
const keyOf = (c: { kind: string; id: number }) => `${c.kind}:${c.id}`;

/**
 * Finds members, booking clients and enquiries by name, phone or code and collects them for a
 * list group: the matches with an Add button each, then the chosen ones as chips to take out
 * again. `already` marks those the group holds (they cannot be added twice).
 */
export function PeoplePicker({
  value,
  onChange,
  already = [],
  error,
  autoFocus,
}: {
  value: Contact[];
  onChange: (people: Contact[]) => void;
  already?: readonly { kind: string; id: number }[];
  error?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const found = useQuery({
    queryKey: ['crm', 'contacts', term],
    queryFn: () => searchContacts(term),
    enabled: term.length >= 2,
    staleTime: 30_000,
  });
  const chosen = new Set(value.map(keyOf));
  const held = new Set(already.map(keyOf));

  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-fg">
          Find people
        </label>
        <SearchBox
          id={id}
          autoFocus={autoFocus}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Name, phone or member code"
          invalid={!!error}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className={clsx('mt-1 text-xs', error ? 'text-danger-text' : 'text-muted')}>
          {error ?? 'Members, booking clients and enquiries.'}
        </p>
      </div>
      {term.length >= 2 && (
        <ul className="max-h-60 divide-y divide-line overflow-y-auto rounded-md border border-line" aria-label="People found">
          {found.isPending ? (
            <li className="px-3 py-2 text-sm text-muted">Searching…</li>
          ) : found.isError ? (
            <li className="px-3 py-2 text-sm text-danger-text">People could not be searched. Try again.</li>
          ) : found.data.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted">Nobody matches “{term}”.</li>
          ) : (
            found.data.map((c) => {
              const inGroup = held.has(keyOf(c));
              const picked = chosen.has(keyOf(c));
              return (
                <li key={keyOf(c)} className="flex items-center gap-3 px-3 py-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{c.title}</p>
                    <p className="truncate text-xs tabular text-muted">{c.subtitle}</p>
                  </div>
                  <span className="hidden sm:inline">
                    <Badge tone={c.kind === 'member' ? 'info' : 'neutral'}>{KIND_LABELS[c.kind]}</Badge>
                  </span>
                  {inGroup || picked ? (
                    <span className="inline-flex h-8 items-center gap-1 px-2 text-xs text-muted">
                      <Check size={14} aria-hidden /> {inGroup ? 'In the group' : 'Added'}
                    </span>
                  ) : (
                    <Button size="sm" variant="secondary" aria-label={`Add ${c.title}`} onClick={() => onChange([...value, c])}>
                      <Plus size={14} aria-hidden /> Add
                    </Button>
                  )}
                </li>
              );
            })
          )}
        </ul>
      )}
      {value.length > 0 && (
        <div>
          <p className="mb-1.5 text-sm font-medium text-fg">{value.length === 1 ? '1 person chosen' : `${value.length} people chosen`}</p>
          <ul className="flex flex-wrap gap-2" aria-label="Chosen people">
            {value.map((c) => (
              <li key={keyOf(c)}>
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-1 pl-3 pr-2 text-xs font-medium text-accent-text hover:bg-accent-soft/70"
                  aria-label={`Remove ${c.title}`}
                  onClick={() => onChange(value.filter((x) => keyOf(x) !== keyOf(c)))}
                >
                  {c.title} <X size={12} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

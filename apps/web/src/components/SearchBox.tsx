import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/**
 * A search input with its magnifier, as the pickers use it (a member, people for a group): the
 * caller gives the id its label points at, the value and the change; `invalid` draws it in the
 * danger colours (the caller says why, under it).
 */
export function SearchBox({
  invalid,
  className,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string; invalid?: boolean }) {
  return (
    <div className={clsx('relative', className)}>
      <Search size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
      <input
        type="search"
        autoComplete="off"
        aria-invalid={invalid ? true : undefined}
        {...input}
        className={clsx(
          'block h-10 w-full rounded-md border bg-surface pl-9 pr-3 text-sm text-fg shadow-sm placeholder:text-muted/70 focus:outline-none focus:ring-2',
          invalid ? 'border-danger focus:ring-danger/25' : 'border-line-strong focus:border-accent focus:ring-accent/30',
        )}
      />
    </div>
  );
}

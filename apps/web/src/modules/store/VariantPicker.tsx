import * as Popover from '@radix-ui/react-popover';
import type { SubProduct } from '@arena/contracts/store';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { forwardRef, useId, useState, type KeyboardEvent } from 'react';
import { controlClass } from '../../components/form';
import { formatCount, formatMoney } from '../../lib/format';
import { useDebounced } from '../../lib/useDebounced';
import { useVariantSearch } from './api';

/**
 * Finds a variant by its name, SKU or barcode as typed (or scanned: a scanner types the code and
 * Enter): the matches in a list box under the input; Arrow Down/Up move, Enter picks (the first
 * match when none is highlighted), Escape closes.
 */
export const VariantPicker = forwardRef<
  HTMLInputElement,
  {
    label: string;
    /** The picked variant's label ('' when none). */
    value: string;
    onPick: (variant: SubProduct) => void;
    invalid?: boolean;
    describedBy?: string;
  }
>(function VariantPicker({ label, value, onPick, invalid, describedBy }, ref) {
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced((query ?? '').trim(), 200);
  const found = useVariantSearch(search, open && search.length > 0);
  const options = search ? (found.data ?? []) : [];
  const pick = (v: SubProduct) => {
    onPick(v);
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      setOpen(true);
      setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
    } else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') {
      // Enter on a picked variant moves on (the form's handler); with a search, it picks.
      if (query === null || query.trim() === '') return;
      const exact = options.find((o) => o.barcode === query.trim() || o.sku === query.trim().toUpperCase());
      const chosen = exact ?? options[active];
      if (chosen) pick(chosen);
      e.stopPropagation();
    } else if (e.key === 'Escape' && open) {
      setOpen(false);
      setQuery(null);
      e.stopPropagation();
    } else return;
    e.preventDefault();
  };
  return (
    <Popover.Root open={open && !!search} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="relative">
          <Search size={15} aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
          <input
            ref={ref}
            type="text"
            role="combobox"
            aria-label={label}
            aria-autocomplete="list"
            aria-expanded={open && !!search}
            aria-controls={listId}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            placeholder="Name, SKU or barcode"
            title={value || undefined}
            value={query ?? value}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setQuery(null);
            }}
            className={clsx(controlClass(invalid), 'pl-9')}
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onMouseDown={(e) => e.preventDefault()}
          className="z-50 w-[min(28rem,calc(100vw-2rem))] rounded-md border border-line bg-surface py-1 text-sm text-fg shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label={label} className="max-h-72 overflow-y-auto">
            {options.length === 0 && (
              <li className="px-3 py-2 text-muted">{found.isFetching ? 'Searching…' : 'No active variant matches.'}</li>
            )}
            {options.map((o, i) => (
              <li
                key={o.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
                className={clsx('cursor-pointer px-3 py-2', i === active && 'bg-subtle')}
              >
                <span className="block font-medium">{o.label}</span>
                <span className="block text-xs text-muted">
                  {[o.sku, o.barcode].filter(Boolean).join(' · ') || 'No codes'} · {formatCount(o.stock)} in stock · cost{' '}
                  {formatMoney(o.cost)} · GST {o.gst_rate} %{o.tracks_expiry ? ' · tracks expiry' : ''}
                </span>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
});

import * as Popover from '@radix-ui/react-popover';
import { clsx } from 'clsx';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { controlClass } from './Field';
import type { SelectOption } from './options';
import { usePortalContainer } from './portal';

/**
 * A select the user can type into (the WAI-ARIA combobox with a list box): typing filters the
 * options, Arrow Down/Up move through them, Enter picks, Escape closes and puts back the current
 * choice, as does leaving the field without picking.
 */
export function Combobox({
  id,
  label,
  inputRef,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  invalid,
  disabled,
  ...aria
}: {
  id: string;
  /** The field's label, naming the option list. */
  label: string;
  inputRef?: Ref<HTMLElement>;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  options: readonly SelectOption[];
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  'aria-describedby'?: string;
  'aria-busy'?: boolean;
}) {
  const listId = useId();
  const anchor = useRef<HTMLDivElement>(null);
  const container = usePortalContainer(anchor);
  const [open, setOpen] = useState(false);
  // What is typed; null when the input shows the current choice.
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const choices = useMemo(
    () => (placeholder !== undefined ? [{ value: '', label: placeholder }, ...options] : [...options]),
    [options, placeholder],
  );
  const selected = choices.find((o) => o.value === value);
  const needle = (query ?? '').trim().toLowerCase();
  // Matches from the start of the name first, then from the start of a word, then anywhere.
  const rank = (label: string) => {
    const l = label.toLowerCase();
    return l.startsWith(needle) ? 0 : l.includes(` ${needle}`) ? 1 : l.includes(needle) ? 2 : 3;
  };
  const shown = needle
    ? choices
        .filter((o) => o.value !== '' && rank(o.label) < 3)
        .map((o, i) => ({ o, i, r: rank(o.label) }))
        .sort((a, b) => a.r - b.r || a.i - b.i)
        .map(({ o }) => o)
    : choices;

  const openList = () => {
    if (disabled) return;
    setActive(
      Math.max(
        0,
        shown.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const pick = (option: SelectOption | undefined) => {
    if (!option || option.disabled) return;
    onChange(option.value);
    close();
  };
  const step = (delta: number) => {
    if (!open) return openList();
    setActive((i) => Math.min(Math.max(i + delta, 0), shown.length - 1));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') step(1);
    else if (e.key === 'ArrowUp') step(-1);
    else if (e.key === 'Home' && open) setActive(0);
    else if (e.key === 'End' && open) setActive(shown.length - 1);
    else if (e.key === 'Enter' && open) pick(shown[active]);
    else if (e.key === 'Escape' && open) close();
    else return;
    e.preventDefault();
    // Escape handled here must not also close the dialog around the field.
    if (e.key === 'Escape') e.stopPropagation();
  };

  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <Popover.Root open={open && !disabled} onOpenChange={(o) => (o ? openList() : close())}>
      <Popover.Anchor asChild>
        <div ref={anchor} className="relative">
          <input
            {...aria}
            ref={inputRef as never}
            id={id}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
            autoComplete="off"
            disabled={disabled}
            placeholder={selected?.value === '' || !selected ? placeholder : undefined}
            value={query ?? (selected && selected.value !== '' ? selected.label : '')}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onClick={() => (open ? undefined : openList())}
            onKeyDown={onKeyDown}
            onBlur={() => {
              close();
              onBlur();
            }}
            className={clsx(controlClass(invalid), 'pr-9')}
          />
          <ChevronsUpDown size={15} aria-hidden className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-muted" />
        </div>
      </Popover.Anchor>
      <Popover.Portal container={container}>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          // Keeps the focus in the input while the list is clicked or scrolled.
          onMouseDown={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if (anchor.current?.contains(e.target as Node)) e.preventDefault();
          }}
          style={{ width: 'var(--radix-popover-trigger-width)' }}
          className="z-50 min-w-[12rem] rounded-md border border-line bg-surface py-1 text-sm text-fg shadow-lg"
        >
          <ul id={listId} role="listbox" aria-label={label} className="max-h-64 overflow-y-auto">
            {shown.map((o, i) => (
              <li
                key={o.value}
                id={optionId(i)}
                role="option"
                aria-selected={o.value === value}
                aria-disabled={o.disabled || undefined}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
                ref={(el) => {
                  if (el && i === active && open) el.scrollIntoView({ block: 'nearest' });
                }}
                className={clsx(
                  'flex cursor-pointer items-center justify-between gap-2 px-3 py-2',
                  i === active && 'bg-subtle',
                  o.value === '' && 'text-muted',
                  o.disabled && 'cursor-not-allowed opacity-50',
                )}
              >
                <span className="truncate">{o.label}</span>
                {o.value === value && <Check size={14} aria-hidden className="shrink-0 text-accent-text" />}
              </li>
            ))}
            {shown.length === 0 && <li className="px-3 py-2 text-muted">No matches</li>}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

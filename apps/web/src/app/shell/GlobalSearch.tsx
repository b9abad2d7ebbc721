import { searchEndpoint } from '@arena/contracts/platform/routes';
import { filterMenu, hasModule } from '@arena/contracts/kit';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { usePhoneLayout } from '../../components/usePhoneLayout';
import { call } from '../../lib/api';
import { useDebounced } from '../../lib/useDebounced';
import type { ResolvedNode } from '../../lib/web-module';
import { usePermissions } from '../../state/permissions';
import { RESOLVED_MENU } from '../menu';
import { WEB_MODULES } from '../modules';

interface Hit {
  kind: string;
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

interface Group {
  label: string;
  options: { key: string; title: string; subtitle: string; path: string }[];
}

const MIN_CHARS = 2;
const MAX_PAGES = 5;

/** The kinds of results each module's manifest names, in manifest order: booking → Bookings. */
const KINDS = WEB_MODULES.flatMap((m) => m.search ?? []);
const kindLabel = (kind: string) =>
  KINDS.find((k) => k.kind === kind)?.label ?? kind.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/** Menu entries the user may open, with where they sit ("Booking › Transactions"). */
function pages(nodes: ResolvedNode[], trail: string[] = []): { label: string; path: string; words: string }[] {
  return nodes.flatMap((node) => {
    if (node.fullPath.includes(':')) return [];
    // A page whose first tab (or '' child) is the page itself is listed once, as that child.
    const home = node.parent?.fullPath === node.fullPath;
    const names = home && node.label === node.parent?.label ? trail : [...trail, node.label];
    const hasHome = node.children.some((c) => c.fullPath === node.fullPath);
    const own = node.group || hasHome ? [] : [{ label: names.join(' › '), path: node.fullPath, words: names.join(' ').toLowerCase() }];
    return [...own, ...pages(node.children, names)];
  });
}

/**
 * The top bar's search (GET /api/search/): a combobox whose results are grouped by kind (Bookings,
 * Clients, as the manifests name them) and by the pages of the menu; arrow keys move, Enter opens.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const allowed = usePermissions((s) => s.allowedModules);
  const [text, setText] = useState('');
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const q = useDebounced(text.trim(), 250);
  const typed = text.trim();

  const kinds = useMemo(() => KINDS.filter((k) => hasModule(allowed, k.module)), [allowed]);
  const menuPages = useMemo(() => pages(filterMenu(RESOLVED_MENU, allowed)), [allowed]);

  const { data, isFetching, isError } = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => call(searchEndpoint, { query: { q }, signal }) as Promise<{ results: Hit[] }>,
    enabled: q.length >= MIN_CHARS && kinds.length > 0,
    staleTime: 30_000,
    retry: false,
  });

  const groups = useMemo<Group[]>(() => {
    const out: Group[] = [];
    const hits = q === typed ? (data?.results ?? []) : [];
    for (const hit of hits) {
      const label = kindLabel(hit.kind);
      let group = out.find((g) => g.label === label);
      if (!group) out.push((group = { label, options: [] }));
      group.options.push({ key: `${hit.kind}-${hit.id}`, title: hit.title, subtitle: hit.subtitle, path: hit.path });
    }
    const needle = typed.toLowerCase();
    if (needle.length >= MIN_CHARS) {
      const found = menuPages.filter((p) => p.words.includes(needle)).slice(0, MAX_PAGES);
      if (found.length)
        out.push({
          label: 'Pages',
          options: found.map((p) => ({ key: `page-${p.path}`, title: p.label, subtitle: p.path, path: p.path })),
        });
    }
    return out;
  }, [data, q, typed, menuPages]);

  const options = groups.flatMap((g) => g.options);
  const open = focused && typed.length > 0;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;
  const searching = typed.length >= MIN_CHARS && (q !== typed || isFetching);

  function choose(path: string) {
    setText('');
    setActive(0);
    input.current?.blur();
    navigate(path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (text) setText('');
      else input.current?.blur();
      return;
    }
    if (!open || options.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[activeIndex].path);
    }
  }

  const phone = usePhoneLayout();
  const placeholder = phone ? 'Search…' : `Search ${[...kinds.map((k) => k.label.toLowerCase()), 'pages'].join(', ')}…`;
  let index = -1;
  return (
    <div role="search" className="relative ml-1 min-w-0 max-w-md flex-1">
      <Search size={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options.length > 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full truncate rounded-md border border-line bg-subtle pl-8 pr-3 text-sm text-fg placeholder:text-muted focus:border-accent focus:bg-surface focus:outline-none focus:ring-2 focus:ring-accent/30"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!open}
        // Clicks inside must not blur the input before the option's click lands.
        onMouseDown={(e) => e.preventDefault()}
        className="z-50 mt-1.5 max-h-[min(70vh,28rem)] overflow-y-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:top-14 sm:absolute sm:left-0 sm:w-[28rem]"
      >
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label} className="py-1">
            <div aria-hidden="true" className="px-2.5 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-muted">
              {group.label}
            </div>
            {group.options.map((option) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={option.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  onMouseMove={() => i !== activeIndex && setActive(i)}
                  onClick={() => choose(option.path)}
                  className={clsx('cursor-pointer rounded-md px-2.5 py-2', i === activeIndex ? 'bg-subtle' : '')}
                >
                  <p className="truncate font-medium text-fg">{option.title}</p>
                  <p className="truncate text-xs text-muted">{option.subtitle}</p>
                </div>
              );
            })}
          </div>
        ))}
        <p role="status" className={clsx('px-2.5 text-xs text-muted', options.length > 0 ? 'sr-only' : 'py-3')}>
          {typed.length < MIN_CHARS
            ? `Type at least ${MIN_CHARS} characters.`
            : searching
              ? 'Searching…'
              : isError
                ? 'Search is not available right now. Try again in a moment.'
                : options.length === 0
                  ? `Nothing found for “${typed}”.`
                  : `${options.length} result${options.length === 1 ? '' : 's'}.`}
        </p>
      </div>
    </div>
  );
}

/** Diet Management's small shared pieces: labels, the nutrient totals with their bars, the food search. */
import { MEASURES, isWeighed, type DietType, type Food, type Measure, type Nutrients } from '@arena/contracts/diet';
import { clsx } from 'clsx';
import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import { Badge } from '../../components/Badge';
import { SearchBox } from '../../components/SearchBox';
import { formatCount } from '../../lib/format';
import { useDebounced } from '../../lib/useDebounced';
import { useFoodSearch } from './api';
import { againstTarget, NUTRIENT_LABELS, type BuilderTargets } from './builder';

export const DIET_TYPE_LABELS: Record<DietType, string> = {
  veg: 'Vegetarian',
  non_veg: 'Non-vegetarian',
  egg: 'Eggetarian',
  vegan: 'Vegan',
  jain: 'Jain',
};
export const DIET_TYPE_OPTIONS = (Object.keys(DIET_TYPE_LABELS) as DietType[]).map((v) => ({ value: v, label: DIET_TYPE_LABELS[v] }));

export const FOOD_TYPE_LABELS = { veg: 'Veg', egg: 'Egg', non_veg: 'Non-veg' } as const;

const STATUS_TONES = { active: 'success', upcoming: 'info', ended: 'neutral' } as const;
export function DietStatusBadge({ status }: { status: keyof typeof STATUS_TONES }) {
  return <Badge tone={STATUS_TONES[status]}>{status === 'active' ? 'Active' : status === 'upcoming' ? 'Upcoming' : 'Ended'}</Badge>;
}

/** "1 katori", "150 g", "2.5 roti". */
export const amountText = (measure: Measure, amount: number) =>
  isWeighed(measure) ? `${formatCount(amount)} ${measure}` : `${formatCount(amount)} ${MEASURES[measure].label}`;

const one = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 1 });
/** "1,842 kcal" or "62.4 g". */
export const nutrientText = (key: keyof Nutrients, n: number) => (key === 'kcal' ? `${formatCount(Math.round(n))} kcal` : `${one(n)} g`);

/** A meal's totals on one line: "412 kcal · P 18.2 g · C 60 g · F 9.1 g · Fibre 6 g". */
export function MealTotalsLine({ totals, label }: { totals: Nutrients; label: string }) {
  return (
    <p className="text-xs tabular text-muted" aria-label={label}>
      <span className="font-medium text-fg">{formatCount(totals.kcal)} kcal</span> · Protein {one(totals.protein)} g · Carbs{' '}
      {one(totals.carbohydrate)} g · Fat {one(totals.fat)} g · Fibre {one(totals.fibre)} g
    </p>
  );
}

/**
 * The day's totals, one bar per nutrient against its target (none drawn without a target): under
 * 90 % reads low, 90–110 % on target, more is over.
 */
export function DayTotals({
  totals,
  targets,
  title = 'Day totals',
}: {
  totals: Nutrients;
  targets: Partial<Record<keyof BuilderTargets, number | null>>;
  title?: string;
}) {
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="grid gap-3 sm:grid-cols-5 lg:grid-cols-1">
        {NUTRIENT_LABELS.map(({ key, label, target }) => {
          const goal = targets[target];
          const vs = againstTarget(totals[key], goal);
          return (
            <li key={key} className="min-w-0">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-muted">{label}</span>
                <span className="tabular font-medium" data-testid={`day-${key}`}>
                  {nutrientText(key, totals[key])}
                  {vs && <span className="font-normal text-muted"> / {nutrientText(key, goal!)}</span>}
                </span>
              </div>
              {vs ? (
                <div
                  role="meter"
                  aria-label={`${label} against the target`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.min(vs.percent, 100)}
                  aria-valuetext={`${vs.percent} % of the target`}
                  className="mt-1 h-2 overflow-hidden rounded-full bg-subtle"
                >
                  <div
                    className={clsx(
                      'h-full rounded-full',
                      vs.tone === 'ok' ? 'bg-success' : vs.tone === 'over' ? 'bg-danger' : 'bg-accent',
                    )}
                    style={{ width: `${Math.min(vs.percent, 100)}%` }}
                  />
                </div>
              ) : (
                <p className="mt-1 text-xs text-muted">No target</p>
              )}
              {vs && (
                <p className={clsx('mt-0.5 text-xs', vs.tone === 'over' ? 'text-danger-text' : 'text-muted')}>
                  {vs.percent} %{vs.tone === 'over' ? ' — over the target' : vs.tone === 'low' ? ' of the target' : ' — on target'}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Search-as-you-type of the foods (English or local name: "dal", "arhar", "रोटी"): ↑/↓ move through
 * the matches, Enter picks the highlighted one (the first by default), Escape clears.
 */
export function FoodSearch({
  label,
  onPick,
  inputRef,
  labelHidden = false,
}: {
  label: string;
  onPick: (food: Food) => void;
  inputRef?: Ref<HTMLInputElement>;
  labelHidden?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const term = useDebounced(text.trim(), 200);
  const open = text.trim().length >= 2;
  const found = useFoodSearch(term, open && term.length >= 2);
  const foods = open && term === text.trim() ? (found.data ?? []) : open ? (found.data ?? []) : [];
  const settled = term === text.trim() && !found.isFetching;
  const [pickWhenReady, setPickWhenReady] = useState(false);
  const pick = (food: Food) => {
    onPick(food);
    setText('');
    setActive(0);
    setPickWhenReady(false);
  };
  useEffect(() => {
    if (pickWhenReady && settled && foods[0]) pick(foods[0]);
  });
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, Math.max(foods.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter picks from the matches of what was typed; pressed before they arrive, it picks the first when they do.
      if (foods[active] && settled) pick(foods[active]);
      else if (open) setPickWhenReady(true);
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      setText('');
    }
  };
  const listId = `${id}-list`;
  return (
    <div className="relative">
      <label htmlFor={id} className={clsx('mb-1.5 block text-sm font-medium text-fg', labelHidden && 'sr-only')}>
        {label}
      </label>
      <SearchBox
        id={id}
        {...({ ref: inputRef } as object)}
        role="combobox"
        aria-expanded={open && foods.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && foods[active] ? `${id}-opt-${foods[active].id}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setPickWhenReady(false);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type a food (English or local name), then Enter"
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`Foods matching ${text.trim()}`}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-line bg-surface py-1 shadow-lg"
        >
          {foods.length === 0 ? (
            <li className="px-3 py-2 text-sm text-muted" role="presentation">
              {found.isFetching ? 'Searching…' : 'No food matches. Try its local name, or add it under Foods.'}
            </li>
          ) : (
            foods.map((f, i) => (
              <li
                key={f.id}
                id={`${id}-opt-${f.id}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(f)}
                className={clsx('cursor-pointer px-3 py-2 text-sm hover:bg-subtle', i === active && 'bg-accent-soft')}
              >
                <span className="font-medium">{f.name}</span>
                {f.own && <span className="ml-2 text-xs text-accent-text">Own</span>}
                <span className="line-clamp-2 block text-xs text-muted">
                  {[f.local_names, `${formatCount(Math.round(f.kcal))} kcal · P ${one(f.protein)} g per 100 g`].filter(Boolean).join(' · ')}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

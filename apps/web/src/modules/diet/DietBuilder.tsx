/**
 * The diet builder's meals and targets, shared by a plan and a member's copy: the targets, the
 * meals in the day's order (only those used), each with its foods typed in (Enter picks, then the
 * quantity; Enter again goes back to the search), and the live totals per meal and for the day,
 * computed on the client as the API computes them.
 */
import { MEALS, type Food, type Meal, type Measure } from '@arena/contracts/diet';
import { Plus, Trash2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch, type FieldValues } from 'react-hook-form';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { NumberField, SelectField, TextField, TimeField } from '../../components/form';
import type { AnyForm } from '../../lib/form';
import { formatCount } from '../../lib/format';
import {
  defaultAmount,
  liveTotals,
  MEAL_OPTIONS,
  MEASURE_OPTIONS,
  NUTRIENT_LABELS,
  withMeal,
  type BuilderItem,
  type BuilderMeal,
} from './builder';
import { DayTotals, FoodSearch, MealTotalsLine } from './parts';

// The builder works on any form holding `meals` and the targets (a plan's or a copy's).
type BuilderForm = AnyForm<FieldValues>;

/** The five targets, each optional. */
export function TargetFields({ form }: { form: BuilderForm }) {
  return (
    <Card className="p-4">
      <h2 className="mb-1 text-sm font-semibold">Targets a day</h2>
      <p className="mb-3 text-xs text-muted">Optional. The day’s totals are drawn against them as you add foods.</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {NUTRIENT_LABELS.map(({ target, label, unit }) => (
          <NumberField
            key={target}
            control={form.control}
            name={target}
            label={target === 'target_kcal' ? 'Target calories' : `Target ${label.toLowerCase()}`}
            suffix={unit}
          />
        ))}
      </div>
    </Card>
  );
}

/** The meals and, beside them (under them on a phone), the day's totals against the targets. */
export function MealsBuilder({ form }: { form: BuilderForm }) {
  const control = form.control;
  const meals = (useWatch({ control, name: 'meals' }) ?? []) as BuilderMeal[];
  const targets = useWatch({ control, name: ['target_kcal', 'target_protein', 'target_carbohydrate', 'target_fat', 'target_fibre'] });
  const totals = liveTotals(meals);
  const { fields, remove, replace } = useFieldArray({ control, name: 'meals' });
  const unused = MEAL_OPTIONS.filter((o) => !meals.some((m) => m.meal === o.value));
  const [focusMeal, setFocusMeal] = useState<Meal | null>(null);
  const addMeal = (meal: Meal) => {
    replace(withMeal(form.getValues('meals') as BuilderMeal[], meal));
    setFocusMeal(meal);
  };
  const itemCount = meals.reduce((n, m) => n + m.items.length, 0);

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_280px]">
      <div className="min-w-0 space-y-4">
        {fields.length === 0 && (
          <Card className="p-6 text-center text-sm text-muted">
            No meals yet. Add the meals of the day this plan uses (say Breakfast, Lunch and Dinner), then type the foods into each.
          </Card>
        )}
        {fields.map((field, index) => {
          const meal = meals[index];
          if (!meal) return null;
          return (
            <MealCard
              key={field.id}
              form={form}
              index={index}
              meal={meal}
              totals={totals.meals[index]}
              autoFocus={focusMeal === meal.meal}
              onFocused={() => setFocusMeal(null)}
              onRemove={() => remove(index)}
            />
          );
        })}
        {unused.length > 0 && (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Add a meal">
            <span className="text-sm text-muted">Add a meal:</span>
            {unused.map((o) => (
              <Button key={o.value} size="sm" variant="secondary" onClick={() => addMeal(o.value)}>
                <Plus size={14} aria-hidden /> {o.label}
              </Button>
            ))}
          </div>
        )}
      </div>
      <p
        className="sticky bottom-2 z-10 rounded-md border border-line bg-surface/95 px-3 py-2 text-sm tabular shadow-lg backdrop-blur lg:hidden"
        aria-hidden
      >
        Day: <strong>{formatCount(totals.totals.kcal)} kcal</strong>
        {Number.isFinite(targets[0]) && <span className="text-muted"> / {formatCount(targets[0] as number)}</span>} · P{' '}
        {totals.totals.protein} g · C {totals.totals.carbohydrate} g · F {totals.totals.fat} g
      </p>
      <Card className="h-fit p-4 lg:sticky lg:top-4">
        <DayTotals
          totals={totals.totals}
          targets={{
            target_kcal: targets[0] as number,
            target_protein: targets[1] as number,
            target_carbohydrate: targets[2] as number,
            target_fat: targets[3] as number,
            target_fibre: targets[4] as number,
          }}
        />
        <p className="mt-3 border-t border-line pt-3 text-xs text-muted">
          {formatCount(meals.length)} {meals.length === 1 ? 'meal' : 'meals'} · {formatCount(itemCount)}{' '}
          {itemCount === 1 ? 'food' : 'foods'}. Figures per IFCT 2017 (or your own foods), as the chart prints them.
        </p>
      </Card>
    </div>
  );
}

function MealCard({
  form,
  index,
  meal,
  totals,
  autoFocus,
  onFocused,
  onRemove,
}: {
  form: BuilderForm;
  index: number;
  meal: BuilderMeal;
  totals: ReturnType<typeof liveTotals>['meals'][number] | undefined;
  autoFocus: boolean;
  onFocused: () => void;
  onRemove: () => void;
}) {
  const label = MEALS[meal.meal];
  const name = `meals.${index}.items` as const;
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const search = useRef<HTMLInputElement>(null);
  const [focusItem, setFocusItem] = useState<number | null>(null);
  useEffect(() => {
    if (autoFocus) {
      search.current?.focus();
      onFocused();
    }
  }, [autoFocus, onFocused]);
  useEffect(() => {
    if (focusItem === null) return;
    // The new item's row appears once the meals are read back (a render later): wait for it.
    const input = document.getElementById(qtyId(meal.meal, focusItem)) as HTMLInputElement | null;
    if (!input) return;
    input.focus();
    input.select();
    setFocusItem(null);
  }, [focusItem, meal.meal, meal.items.length]);

  const pick = (food: Food) => {
    const item: BuilderItem = {
      food: food.id,
      food_name: food.name,
      local_names: food.local_names,
      per100: { kcal: food.kcal, protein: food.protein, carbohydrate: food.carbohydrate, fat: food.fat, fibre: food.fibre },
      measure: 'g',
      amount: 100,
      notes: '',
    };
    append(item as never);
    setFocusItem(fields.length);
  };
  const itemError = (form.formState.errors.meals as { [i: number]: { items?: { message?: string } } } | undefined)?.[index]?.items?.message;

  return (
    <Card className="p-4" role="group" aria-label={label}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{label}</h3>
          {totals && <MealTotalsLine totals={totals.totals} label={`${label} totals`} />}
        </div>
        <div className="flex items-start gap-2">
          <TimeField control={form.control} name={`meals.${index}.time`} label={`${label} time`} labelDisplay="hidden" className="w-24" />
          <Button size="sm" variant="ghost-danger" className="mt-1" onClick={onRemove} aria-label={`Remove ${label}`}>
            <Trash2 size={14} aria-hidden /> Remove meal
          </Button>
        </div>
      </div>
      {fields.length > 0 && (
        <ul className="mb-3 divide-y divide-line rounded-md border border-line">
          {fields.map((field, k) => {
            const item = meal.items[k];
            if (!item) return null;
            const figures = totals?.items[k];
            return (
              <li
                key={field.id}
                className="grid grid-cols-[5.5rem_minmax(0,1fr)_auto] gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_6.5rem_10rem_auto] sm:items-start xl:grid-cols-[minmax(0,1fr)_6rem_9.5rem_minmax(0,12rem)_auto]"
                onKeyDown={(e) => {
                  // Enter in the quantity, measure or notes goes back to the food search (never submits the plan).
                  if (e.key === 'Enter' && (e.target as HTMLElement).tagName !== 'BUTTON') {
                    e.preventDefault();
                    search.current?.focus();
                  }
                }}
              >
                <div className="order-1 col-span-2 min-w-0 sm:col-span-1">
                  <p className="font-medium">{item.food_name}</p>
                  {item.local_names && <p className="truncate text-xs text-muted">{item.local_names}</p>}
                  {figures && (
                    <p className="text-xs tabular text-muted" aria-label={`${item.food_name} nutrients`}>
                      {formatCount(figures.grams)} g · {formatCount(figures.kcal)} kcal · P {figures.protein} g · C {figures.carbohydrate} g
                      · F {figures.fat} g
                    </p>
                  )}
                </div>
                <NumberField
                  control={form.control}
                  name={`${name}.${k}.amount`}
                  id={qtyId(meal.meal, k)}
                  label={`Quantity of ${item.food_name} (${label})`}
                  labelDisplay="hidden"
                  integer={false}
                  className="order-3 sm:order-2"
                />
                <SelectField
                  label={`Measure of ${item.food_name} (${label})`}
                  labelDisplay="hidden"
                  value={item.measure}
                  onChange={(m) => {
                    form.setValue(`${name}.${k}.measure`, m as Measure, { shouldDirty: true });
                    form.setValue(`${name}.${k}.amount`, defaultAmount(m as Measure), { shouldDirty: true, shouldValidate: true });
                  }}
                  options={MEASURE_OPTIONS}
                  searchable={false}
                  className="order-4 col-span-2 sm:order-3 sm:col-span-1"
                />
                <TextField
                  control={form.control}
                  name={`${name}.${k}.notes`}
                  label={`Notes for ${item.food_name} (${label})`}
                  labelDisplay="hidden"
                  placeholder="Notes (optional)"
                  maxLength={200}
                  className="order-5 col-span-3 xl:order-4 xl:col-span-1"
                />
                <Button
                  size="sm"
                  variant="ghost"
                  className="order-2 justify-self-end sm:order-4 xl:order-5"
                  aria-label={`Remove ${item.food_name} from ${label}`}
                  onClick={() => remove(k)}
                >
                  <X size={14} aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {itemError && <p className="mb-2 text-xs text-danger-text">{itemError}</p>}
      <FoodSearch label={`Add food to ${label}`} inputRef={search} onPick={pick} />
    </Card>
  );
}

const qtyId = (meal: Meal, k: number) => `diet-${meal}-qty-${k}`;

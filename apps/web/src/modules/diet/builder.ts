/**
 * The diet builder's pure side: what its form holds (meals of items, each item carrying its food's
 * values per 100 g so the totals are live), the day's and each meal's totals computed exactly as the
 * API computes them (`planNutrition` of the contracts), and the request bodies built from the form.
 */
import {
  MEAL_CODES,
  MEALS,
  MEASURES,
  isWeighed,
  planNutrition,
  type DietPlan,
  type DietType,
  type Meal,
  type MemberDiet,
  type Measure,
  type Nutrients,
} from '@arena/contracts/diet';

export interface BuilderItem {
  food: number;
  food_name: string;
  local_names: string;
  /** The food's values per 100 g (the totals are computed from them on the client). */
  per100: Nutrients;
  measure: Measure;
  /** Grams (or ml) for `g`/`ml`, else a count of the measure; NaN while the box is empty. */
  amount: number;
  notes: string;
}

export interface BuilderMeal {
  meal: Meal;
  time: string | null;
  items: BuilderItem[];
}

/** The targets as the form holds them: NaN for none. */
export interface BuilderTargets {
  target_kcal: number;
  target_protein: number;
  target_carbohydrate: number;
  target_fat: number;
  target_fibre: number;
}

export interface BuilderContent extends BuilderTargets {
  name: string;
  goal: string;
  diet_type: DietType;
  meals: BuilderMeal[];
}

export const TARGET_KEYS = ['target_kcal', 'target_protein', 'target_carbohydrate', 'target_fat', 'target_fibre'] as const;

/** The nutrients as the screens name them, with their unit. */
export const NUTRIENT_LABELS: { key: keyof Nutrients; label: string; unit: string; target: (typeof TARGET_KEYS)[number] }[] = [
  { key: 'kcal', label: 'Energy', unit: 'kcal', target: 'target_kcal' },
  { key: 'protein', label: 'Protein', unit: 'g', target: 'target_protein' },
  { key: 'carbohydrate', label: 'Carbs', unit: 'g', target: 'target_carbohydrate' },
  { key: 'fat', label: 'Fat', unit: 'g', target: 'target_fat' },
  { key: 'fibre', label: 'Fibre', unit: 'g', target: 'target_fibre' },
];

/** The measures as options: "katori (150 g)". */
export const MEASURE_OPTIONS = (Object.keys(MEASURES) as Measure[]).map((m) => ({
  value: m,
  label: isWeighed(m) ? MEASURES[m].label : `${MEASURES[m].label} (${MEASURES[m].grams} g)`,
}));

/** The amount an item starts with, and takes when its measure changes: 100 g, or one of the measure. */
export const defaultAmount = (measure: Measure) => (isWeighed(measure) ? 100 : 1);

/** The day's meals in order, with their names. */
export const MEAL_OPTIONS = MEAL_CODES.map((m) => ({ value: m, label: MEALS[m] }));

/** Inserts a meal where the day's order puts it (the form keeps meals in that order). */
export function withMeal(meals: readonly BuilderMeal[], meal: Meal): BuilderMeal[] {
  if (meals.some((m) => m.meal === meal)) return [...meals];
  return [...meals, { meal, time: null, items: [] }].sort((a, b) => MEAL_CODES.indexOf(a.meal) - MEAL_CODES.indexOf(b.meal));
}

/** Each meal's and the day's totals, rounded as shown, as the API computes them (an empty quantity counts nothing). */
export function liveTotals(meals: readonly BuilderMeal[]) {
  const foods = new Map<number, Nutrients>();
  for (const meal of meals) for (const item of meal.items) foods.set(item.food, item.per100);
  return planNutrition(
    meals.map((meal) => ({
      ...meal,
      items: meal.items.map((i) => ({ ...i, amount: Number.isFinite(i.amount) ? i.amount : 0 })),
    })),
    foods,
  );
}

/** How far a total is from its target: the share (0–∞) and a tone for its bar. */
export function againstTarget(value: number, target: number | null | undefined) {
  if (target == null || !Number.isFinite(target) || target <= 0) return null;
  const share = value / target;
  const tone: 'low' | 'ok' | 'over' = share < 0.9 ? 'low' : share <= 1.1 ? 'ok' : 'over';
  return { share, percent: Math.round(share * 100), tone };
}

const orNull = (n: number) => (Number.isFinite(n) ? n : null);

/** The meals as the API takes them. */
export const mealsBody = (meals: readonly BuilderMeal[]) =>
  meals.map((m) => ({
    meal: m.meal,
    time: m.time || null,
    items: m.items.map((i) => ({ food: i.food, measure: i.measure, amount: i.amount, notes: i.notes.trim() })),
  }));

/** The content common to a plan and a member's copy, as the API takes it. */
export const contentBody = (v: BuilderContent) => ({
  name: v.name,
  goal: v.goal,
  diet_type: v.diet_type,
  target_kcal: orNull(v.target_kcal),
  target_protein: orNull(v.target_protein),
  target_carbohydrate: orNull(v.target_carbohydrate),
  target_fat: orNull(v.target_fat),
  target_fibre: orNull(v.target_fibre),
  meals: mealsBody(v.meals),
});

/**
 * A saved plan (or copy) as the form holds it. `foods` gives each food's values per 100 g; a food
 * missing from it (deleted) is read back from the item's own rounded figures.
 */
export function contentFrom(source: DietPlan | MemberDiet, foods: ReadonlyMap<number, Nutrients>): BuilderContent {
  const nan = (n: number | null) => (n == null ? Number.NaN : n);
  return {
    name: source.name,
    goal: source.goal,
    diet_type: source.diet_type,
    target_kcal: nan(source.target_kcal),
    target_protein: nan(source.target_protein),
    target_carbohydrate: nan(source.target_carbohydrate),
    target_fat: nan(source.target_fat),
    target_fibre: nan(source.target_fibre),
    meals: source.meals.map((m) => ({
      meal: m.meal,
      time: m.time,
      items: m.items.map((i) => ({
        food: i.food,
        food_name: i.food_name,
        local_names: i.local_names,
        per100: foods.get(i.food) ?? per100From(i),
        measure: i.measure,
        amount: i.amount,
        notes: i.notes,
      })),
    })),
  };
}

function per100From(i: Nutrients & { grams: number }): Nutrients {
  const f = i.grams > 0 ? 100 / i.grams : 0;
  return { kcal: i.kcal * f, protein: i.protein * f, carbohydrate: i.carbohydrate * f, fat: i.fat * f, fibre: i.fibre * f };
}

/** The food ids a plan uses (their values per 100 g are fetched before it is edited). */
export const foodIdsOf = (source: { meals: { items: { food: number }[] }[] }) => [
  ...new Set(source.meals.flatMap((m) => m.items.map((i) => i.food))),
];

/**
 * The nutrient maths of a diet plan, pure (the API's totals and the builder's live totals share
 * it): grams from a household measure, an item's nutrients from its food's values per 100 g, the
 * sums of a meal and a day, and how they are rounded to be read. Sums are of unrounded figures;
 * only what is shown is rounded (kcal to a whole number, grams to one decimal).
 */

/** Household measures and the grams (or ml, taken as grams) one of them holds. `g` and `ml` count grams themselves. */
export const MEASURES = {
  g: { label: 'grams', grams: 1 },
  ml: { label: 'ml', grams: 1 },
  katori: { label: 'katori', grams: 150 },
  roti: { label: 'roti', grams: 40 },
  glass: { label: 'glass', grams: 250 },
  cup: { label: 'cup', grams: 200 },
  bowl: { label: 'bowl', grams: 250 },
  scoop: { label: 'scoop', grams: 30 },
  tsp: { label: 'tsp', grams: 5 },
  tbsp: { label: 'tbsp', grams: 15 },
  piece: { label: 'piece', grams: 50 },
  slice: { label: 'slice', grams: 30 },
} as const;
export type Measure = keyof typeof MEASURES;
export const MEASURE_CODES = Object.keys(MEASURES) as [Measure, ...Measure[]];

/** Bounds of an item's amount: grams/ml when the measure is `g`/`ml`, else a count of the measure. */
export const MAX_GRAMS = 5000;
export const MIN_GRAMS = 0.1;
export const MAX_COUNT = 50;
export const MIN_COUNT = 0.25;

/** Whether the measure is weighed directly (the amount is grams or ml). */
export const isWeighed = (measure: Measure): boolean => measure === 'g' || measure === 'ml';

export interface Nutrients {
  kcal: number;
  protein: number;
  carbohydrate: number;
  fat: number;
  fibre: number;
}
export const NUTRIENT_KEYS = ['kcal', 'protein', 'carbohydrate', 'fat', 'fibre'] as const;

export const ZERO: Nutrients = { kcal: 0, protein: 0, carbohydrate: 0, fat: 0, fibre: 0 };

const round1 = (n: number): number => Math.round((n + Number.EPSILON) * 10) / 10;

/** The grams an item weighs: the amount itself for `g`/`ml`, else the count × the measure's grams; to 0.1 g. */
export function gramsOf(measure: Measure, amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) return 0;
  return round1(amount * MEASURES[measure].grams);
}

/** Kilojoules (IFCT's energy) as kilocalories. */
export const kcalFromKj = (kj: number): number => kj / 4.184;

/** The nutrients of `grams` of a food whose values are per 100 g (unrounded). */
export function nutrientsOf(per100g: Nutrients, grams: number): Nutrients {
  const f = grams / 100;
  return {
    kcal: per100g.kcal * f,
    protein: per100g.protein * f,
    carbohydrate: per100g.carbohydrate * f,
    fat: per100g.fat * f,
    fibre: per100g.fibre * f,
  };
}

export function sumNutrients(list: readonly Nutrients[]): Nutrients {
  const total = { ...ZERO };
  for (const n of list) for (const k of NUTRIENT_KEYS) total[k] += n[k];
  return total;
}

/** As shown: kcal whole, the rest to one decimal. */
export function roundNutrients(n: Nutrients): Nutrients {
  return {
    kcal: Math.round(n.kcal),
    protein: round1(n.protein),
    carbohydrate: round1(n.carbohydrate),
    fat: round1(n.fat),
    fibre: round1(n.fibre),
  };
}

export interface ItemLike {
  food: number;
  measure: Measure;
  amount: number;
}

export interface MealLike<I extends ItemLike = ItemLike> {
  items: readonly I[];
}

/**
 * Each item's grams and nutrients, each meal's totals and the day's, rounded to be read. A food
 * missing from `foods` (deleted) counts nothing.
 */
export function planNutrition<M extends MealLike>(
  meals: readonly M[],
  foods: ReadonlyMap<number, Nutrients>,
): {
  meals: (Omit<M, 'items'> & { items: (M['items'][number] & { grams: number } & Nutrients)[]; totals: Nutrients })[];
  totals: Nutrients;
} {
  const dayParts: Nutrients[] = [];
  const out = meals.map((meal) => {
    const parts: Nutrients[] = [];
    const items = meal.items.map((item) => {
      const grams = gramsOf(item.measure, item.amount);
      const food = foods.get(item.food);
      const n = food ? nutrientsOf(food, grams) : { ...ZERO };
      parts.push(n);
      return { ...item, grams, ...roundNutrients(n) };
    });
    const mealTotal = sumNutrients(parts);
    dayParts.push(mealTotal);
    return { ...meal, items, totals: roundNutrients(mealTotal) };
  });
  return { meals: out, totals: roundNutrients(sumNutrients(dayParts)) };
}

// ---- which foods a diet type eats ----
export type DietTypeCode = 'veg' | 'non_veg' | 'egg' | 'vegan' | 'jain';
/** IFCT 2017 codes (or their group letter) a vegan plan leaves out: milk and milk products, ghee. */
const NOT_VEGAN = [/^L/, /^T013$/];
/** What a Jain plan leaves out: roots and tubers, mushrooms, garlic, fresh ginger, onion. */
const NOT_JAIN = [/^F/, /^J/, /^G01[1-5]$/, /^G01[78]$/];

/**
 * Why a food does not belong in a plan of this diet type, or null when it does: meat and fish only
 * in a non-veg plan, eggs in an egg or non-veg one, dairy and ghee not in a vegan one, roots,
 * tubers, mushrooms, onion and garlic not in a Jain one (by IFCT code; an organisation's own food
 * by its type alone).
 */
export function dietTypeRefusal(food: { code: string; food_type: 'veg' | 'egg' | 'non_veg' }, dietType: DietTypeCode): string | null {
  const allowed = dietType === 'non_veg' ? ['veg', 'egg', 'non_veg'] : dietType === 'egg' ? ['veg', 'egg'] : ['veg'];
  if (!allowed.includes(food.food_type)) return food.food_type === 'egg' ? 'egg' : 'meat or fish';
  if (dietType === 'vegan' && NOT_VEGAN.some((r) => r.test(food.code))) return 'dairy';
  if (dietType === 'jain' && NOT_JAIN.some((r) => r.test(food.code))) return 'a root, tuber, onion or garlic';
  return null;
}

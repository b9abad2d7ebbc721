/**
 * A plan's content as the API answers it (a template or a member's copy): meals with their items
 * named, each item's grams and nutrients, each meal's and the day's totals. The foods of every row
 * asked for are read in one statement; the maths is `planNutrition` of the contracts.
 */
import { MEALS, planNutrition, type DietMeal, type DietType, type Nutrients } from '@arena/contracts/diet';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { foodsById } from './foods.js';
import type { StoredMeal } from './schema.js';

export interface ContentRow {
  name: string;
  categoryId: number | null;
  categoryName: string | null;
  goal: string;
  dietType: DietType;
  targetKcal: number | null;
  targetProtein: number | null;
  targetCarbohydrate: number | null;
  targetFat: number | null;
  targetFibre: number | null;
  meals: StoredMeal[];
}

export interface Content {
  name: string;
  category: number | null;
  category_name: string | null;
  goal: string;
  diet_type: DietType;
  target_kcal: number | null;
  target_protein: number | null;
  target_carbohydrate: number | null;
  target_fat: number | null;
  target_fibre: number | null;
  meals: DietMeal[];
  totals: Nutrients;
}

/** The content of each row, in order, with one read of the foods they name. */
export async function contentOf(tx: Tx, ctx: Ctx, rows: ContentRow[]): Promise<Content[]> {
  const ids = rows.flatMap((r) => r.meals.flatMap((m) => m.items.map((i) => i.food)));
  const foods = await foodsById(tx, ctx, ids);
  return rows.map((r) => {
    const { meals, totals } = planNutrition(r.meals, foods);
    return {
      name: r.name,
      category: r.categoryId,
      category_name: r.categoryName,
      goal: r.goal,
      diet_type: r.dietType,
      target_kcal: r.targetKcal,
      target_protein: r.targetProtein,
      target_carbohydrate: r.targetCarbohydrate,
      target_fat: r.targetFat,
      target_fibre: r.targetFibre,
      meals: meals.map((m) => ({
        meal: m.meal,
        label: MEALS[m.meal],
        time: m.time ? m.time.slice(0, 5) : null,
        totals: m.totals,
        items: m.items.map((i) => ({
          food: i.food,
          food_name: foods.get(i.food)?.name ?? 'Food removed',
          local_names: foods.get(i.food)?.local_names ?? '',
          measure: i.measure,
          amount: i.amount,
          grams: i.grams,
          notes: i.notes,
          kcal: i.kcal,
          protein: i.protein,
          carbohydrate: i.carbohydrate,
          fat: i.fat,
          fibre: i.fibre,
        })),
      })),
      totals,
    };
  });
}

/** Meals as sent (parsed) → as stored. */
export const storedMeals = (meals: { meal: StoredMeal['meal']; time: string | null; items: StoredMeal['items'] }[]): StoredMeal[] =>
  meals.map((m) => ({
    meal: m.meal,
    time: m.time,
    items: m.items.map((i) => ({ food: i.food, measure: i.measure, amount: i.amount, notes: i.notes })),
  }));

export const foodIdsOf = (meals: StoredMeal[]) => meals.flatMap((m) => m.items.map((i) => i.food));

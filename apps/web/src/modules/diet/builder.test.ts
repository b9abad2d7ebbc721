import { describe, expect, it } from 'vitest';
import { againstTarget, contentBody, liveTotals, withMeal, type BuilderItem, type BuilderMeal } from './builder';

const rice = { kcal: 356, protein: 7.9, carbohydrate: 78, fat: 0.5, fibre: 2.8 };
const dal = { kcal: 343, protein: 22.3, carbohydrate: 57.8, fat: 1.8, fibre: 10.5 };
const item = (food: number, per100: BuilderItem['per100'], measure: BuilderItem['measure'], amount: number): BuilderItem => ({
  food,
  food_name: `food ${food}`,
  local_names: '',
  per100,
  measure,
  amount,
  notes: '',
});

describe('the builder’s live totals', () => {
  it('weighs household measures and sums meals and the day as the API does', () => {
    const meals: BuilderMeal[] = [
      { meal: 'lunch', time: null, items: [item(1, rice, 'katori', 1), item(2, dal, 'g', 50)] },
      { meal: 'dinner', time: null, items: [item(1, rice, 'g', 100)] },
    ];
    const t = liveTotals(meals);
    // A katori is 150 g: 1.5 × 356 = 534 kcal; 50 g of dal 171.5; lunch 705.5 → 706 shown.
    expect(t.meals[0].items[0].grams).toBe(150);
    expect(t.meals[0].totals.kcal).toBe(706);
    expect(t.meals[0].totals.protein).toBe(23);
    expect(t.meals[1].totals.kcal).toBe(356);
    // The day sums unrounded figures: 534 + 171.5 + 356 = 1061.5 → 1062.
    expect(t.totals.kcal).toBe(1062);
    expect(t.totals.fibre).toBe(12.3);
  });

  it('counts nothing for an empty quantity', () => {
    const t = liveTotals([{ meal: 'breakfast', time: null, items: [item(1, rice, 'g', Number.NaN)] }]);
    expect(t.totals.kcal).toBe(0);
  });

  it('keeps meals in the day’s order and each once', () => {
    let meals = withMeal([], 'dinner');
    meals = withMeal(meals, 'early_morning');
    meals = withMeal(meals, 'lunch');
    meals = withMeal(meals, 'lunch');
    expect(meals.map((m) => m.meal)).toEqual(['early_morning', 'lunch', 'dinner']);
  });
});

describe('targets and bodies', () => {
  it('says how far a total is from its target', () => {
    expect(againstTarget(50, null)).toBeNull();
    expect(againstTarget(80, 100)).toMatchObject({ percent: 80, tone: 'low' });
    expect(againstTarget(105, 100)).toMatchObject({ percent: 105, tone: 'ok' });
    expect(againstTarget(130, 100)).toMatchObject({ tone: 'over' });
  });

  it('sends empty targets as null and items without their food’s figures', () => {
    const body = contentBody({
      name: 'Cut',
      goal: '',
      diet_type: 'veg',
      target_kcal: 1800,
      target_protein: Number.NaN,
      target_carbohydrate: Number.NaN,
      target_fat: Number.NaN,
      target_fibre: Number.NaN,
      meals: [{ meal: 'lunch', time: '', items: [{ ...item(1, rice, 'roti', 2), notes: ' no ghee ' }] }],
    });
    expect(body.target_kcal).toBe(1800);
    expect(body.target_protein).toBeNull();
    expect(body.meals).toEqual([{ meal: 'lunch', time: null, items: [{ food: 1, measure: 'roti', amount: 2, notes: 'no ghee' }] }]);
  });
});

import { dietTypeRefusal, gramsOf, nutrientsOf, planNutrition, roundNutrients, sumNutrients } from '@arena/contracts/diet';
import { describe, expect, it } from 'vitest';
import { ifctKcal } from './foods.js';
import { scriptRuns } from '../../platform/pdf.js';

describe('diet nutrient maths', () => {
  it('turns measures into grams', () => {
    expect(gramsOf('g', 75.5)).toBe(75.5);
    expect(gramsOf('roti', 2)).toBe(80);
    expect(gramsOf('katori', 1.5)).toBe(225);
    expect(gramsOf('glass', 0.75)).toBe(187.5);
    expect(gramsOf('scoop', 1)).toBe(30);
    expect(gramsOf('tsp', 3)).toBe(15);
    expect(gramsOf('g', -1)).toBe(0);
    expect(gramsOf('g', Number.NaN)).toBe(0);
  });

  it('scales per-100 g values and rounds only what is shown', () => {
    const dal = { kcal: 331, protein: 21.7, carbohydrate: 55.2, fat: 1.6, fibre: 9.1 };
    expect(roundNutrients(nutrientsOf(dal, 30))).toEqual({ kcal: 99, protein: 6.5, carbohydrate: 16.6, fat: 0.5, fibre: 2.7 });
    // Three items of 0.45 kcal: summed first (1.35 → 1), not 0 + 0 + 0.
    const tiny = { kcal: 45, protein: 0.05, carbohydrate: 0, fat: 0, fibre: 0 };
    const parts = [1, 2, 3].map(() => nutrientsOf(tiny, 1));
    expect(roundNutrients(sumNutrients(parts)).kcal).toBe(1);
    expect(roundNutrients({ kcal: 0.5, protein: 0.05, carbohydrate: 1.25, fat: 2.35, fibre: 0 })).toEqual({
      kcal: 1,
      protein: 0.1,
      carbohydrate: 1.3,
      fat: 2.4,
      fibre: 0,
    });
  });

  it('totals meals and the day, a missing food counting nothing', () => {
    const foods = new Map([
      [1, { kcal: 320, protein: 12, carbohydrate: 64, fat: 1.7, fibre: 11 }], // atta
      [2, { kcal: 73, protein: 3.26, carbohydrate: 4.94, fat: 4.48, fibre: 0 }], // milk
    ]);
    const { meals, totals } = planNutrition(
      [
        {
          meal: 'breakfast',
          items: [
            { food: 1, measure: 'roti' as const, amount: 2 },
            { food: 2, measure: 'glass' as const, amount: 1 },
          ],
        },
        {
          meal: 'dinner',
          items: [
            { food: 1, measure: 'g' as const, amount: 40 },
            { food: 99, measure: 'g' as const, amount: 100 },
          ],
        },
      ],
      foods,
    );
    expect(meals[0].items.map((i) => [i.grams, i.kcal])).toEqual([
      [80, 256],
      [250, 183],
    ]);
    expect(meals[0].totals.kcal).toBe(439);
    expect(meals[1].items[1]).toMatchObject({ grams: 100, kcal: 0, protein: 0 });
    expect(totals).toEqual({ kcal: 567, protein: 22.6, carbohydrate: 89.2, fat: 13.2, fibre: 13.2 });
  });

  it('gives IFCT oils their energy from fat', () => {
    expect(ifctKcal({ enerc: 0, protcnt: 0, fatce: 100, choavldf: 0, fibtg: 0 })).toBe(900);
    expect(Math.round(ifctKcal({ enerc: 1385, protcnt: 21, fatce: 1.6, choavldf: 55, fibtg: 9 }))).toBe(331);
  });

  it('splits Devanagari runs from the rest for the PDF fonts', () => {
    expect(scriptRuns('Dal दाल tadka')).toEqual([
      { text: 'Dal ', devanagari: false },
      { text: 'दाल ', devanagari: true },
      { text: 'tadka', devanagari: false },
    ]);
  });
});

describe('dietTypeRefusal', () => {
  const food = (code: string, food_type: 'veg' | 'egg' | 'non_veg' = 'veg') => ({ code, food_type });
  it('keeps meat and fish to non-veg plans and eggs to egg and non-veg ones', () => {
    expect(dietTypeRefusal(food('O001', 'non_veg'), 'egg')).toBe('meat or fish');
    expect(dietTypeRefusal(food('O001', 'non_veg'), 'non_veg')).toBeNull();
    expect(dietTypeRefusal(food('M001', 'egg'), 'veg')).toBe('egg');
    expect(dietTypeRefusal(food('M001', 'egg'), 'egg')).toBeNull();
  });
  it('leaves dairy and ghee out of a vegan plan, and roots, mushrooms, onion and garlic out of a Jain one', () => {
    expect(dietTypeRefusal(food('L003'), 'vegan')).toBe('dairy');
    expect(dietTypeRefusal(food('T013'), 'vegan')).toBe('dairy');
    expect(dietTypeRefusal(food('T005'), 'vegan')).toBeNull();
    expect(dietTypeRefusal(food('L003'), 'jain')).toBeNull();
    for (const code of ['F005', 'J001', 'G011', 'G014', 'G017', 'G018'])
      expect(dietTypeRefusal(food(code), 'jain'), code).toBe('a root, tuber, onion or garlic');
    expect(dietTypeRefusal(food('G019'), 'jain')).toBeNull();
    expect(dietTypeRefusal(food(''), 'jain')).toBeNull();
  });
});

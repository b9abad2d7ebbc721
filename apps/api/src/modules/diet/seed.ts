/**
 * The demo club's diets: eight plans (veg and non-veg, 1,500–3,000 kcal, Indian meals of IFCT
 * foods, one with the store's whey as an own food), assigned to about half of the running
 * members once the members' history is written, some already ended.
 */
import { dietPlanInputSchema, foodInputSchema, type DietPlanInput, type Measure } from '@arena/contracts/diet';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays as shiftDays } from '../../platform/time.js';
import { runningMemberIds } from '../membership/index.js';
import { assignMembers } from './assign.service.js';
import { createOwnFood } from './foods.js';
import { createPlan } from './plan.service.js';
import { dietCategory, dietFood } from './schema.js';

type I = [code: string, measure: Measure, amount: number, notes?: string];
type M = [meal: NonNullable<DietPlanInput['meals']>[number]['meal'], time: string, items: I[]];

const WHEY = 'WHEY';
const PLANS: {
  name: string;
  category: string;
  diet_type: DietPlanInput['diet_type'];
  goal: string;
  kcal: number;
  protein: number;
  meals: M[];
}[] = [
  {
    name: 'Veg Weight Loss 1500',
    category: 'Weight loss',
    diet_type: 'veg',
    goal: 'Lose 2–3 kg a month',
    kcal: 1500,
    protein: 60,
    meals: [
      ['early_morning', '06:30', [['H001', 'g', 10, 'soaked overnight']]],
      [
        'breakfast',
        '08:30',
        [
          ['A011', 'g', 50, 'poha with vegetables'],
          ['G017', 'g', 30],
          ['L002', 'glass', 1],
        ],
      ],
      ['mid_morning', '11:00', [['E028', 'g', 150]]],
      [
        'lunch',
        '13:30',
        [
          ['A019', 'roti', 2],
          ['B010', 'g', 30, 'moong dal'],
          ['C033', 'katori', 1, 'palak sabzi'],
          ['D043', 'g', 100, 'salad'],
          ['T005', 'tsp', 1, 'for the tadka'],
        ],
      ],
      ['evening', '17:00', [['B001', 'g', 25, 'roasted chana']]],
      [
        'dinner',
        '20:00',
        [
          ['A019', 'roti', 2],
          ['L003', 'g', 60, 'paneer bhurji'],
          ['D036', 'katori', 1],
        ],
      ],
    ],
  },
  {
    name: 'Non-veg Weight Loss 1800',
    category: 'Weight loss',
    diet_type: 'non_veg',
    goal: 'Fat loss keeping muscle',
    kcal: 1800,
    protein: 110,
    meals: [
      ['early_morning', '06:30', [['H001', 'g', 10]]],
      [
        'breakfast',
        '08:30',
        [
          ['M004', 'piece', 3, 'boiled'],
          ['A019', 'roti', 1],
          ['L002', 'glass', 1],
        ],
      ],
      ['mid_morning', '11:00', [['E001', 'g', 150]]],
      [
        'lunch',
        '13:30',
        [
          ['A015', 'g', 50, 'steamed rice'],
          ['N003', 'g', 150, 'grilled chicken'],
          ['B021', 'g', 25, 'dal'],
          ['D043', 'g', 100],
        ],
      ],
      ['evening', '17:00', [['H012', 'g', 20]]],
      [
        'dinner',
        '20:00',
        [
          ['S006', 'g', 150, 'rohu curry, little oil'],
          ['A019', 'roti', 1],
          ['C033', 'katori', 1],
          ['T005', 'tsp', 1],
        ],
      ],
    ],
  },
  {
    name: 'Diabetic-friendly Veg 1600',
    category: 'Diabetic-friendly',
    diet_type: 'veg',
    goal: 'Steady blood sugar, low glycaemic meals',
    kcal: 1600,
    protein: 70,
    meals: [
      [
        'early_morning',
        '06:30',
        [
          ['H021', 'g', 10],
          ['H001', 'g', 5],
        ],
      ],
      [
        'breakfast',
        '08:30',
        [
          ['A010', 'g', 60, 'ragi dosa'],
          ['B010', 'g', 20, 'moong chilla'],
          ['L002', 'glass', 0.75, 'no sugar'],
        ],
      ],
      ['mid_morning', '11:00', [['E028', 'g', 100]]],
      [
        'lunch',
        '13:30',
        [
          ['A005', 'roti', 2, 'jowar roti'],
          ['B021', 'g', 30],
          ['D004', 'katori', 1, 'karela sabzi'],
          ['F002', 'g', 80],
          ['T005', 'tsp', 2, 'for the tadka'],
        ],
      ],
      ['evening', '17:00', [['B001', 'g', 40, 'roasted chana']]],
      [
        'dinner',
        '19:30',
        [
          ['A019', 'roti', 2],
          ['L003', 'g', 50],
          ['D007', 'katori', 1, 'lauki sabzi'],
        ],
      ],
    ],
  },
  {
    name: 'Jain Balanced 2000',
    category: 'Jain',
    diet_type: 'jain',
    goal: 'Balanced Jain meals (no roots), before sunset',
    kcal: 2000,
    protein: 70,
    meals: [
      [
        'breakfast',
        '07:30',
        [
          ['A011', 'g', 60, 'poha without onion'],
          ['L002', 'glass', 1],
          ['H005', 'g', 15],
        ],
      ],
      ['mid_morning', '10:30', [['E049', 'g', 200]]],
      [
        'lunch',
        '12:30',
        [
          ['A019', 'roti', 3],
          ['B021', 'g', 40, 'toor dal'],
          ['D036', 'katori', 1],
          ['A015', 'g', 50],
          ['T013', 'tsp', 1],
        ],
      ],
      [
        'evening',
        '16:00',
        [
          ['H012', 'g', 25],
          ['L002', 'glass', 0.5],
        ],
      ],
      [
        'dinner',
        '18:00',
        [
          ['A019', 'roti', 2],
          ['L003', 'g', 70],
          ['D007', 'katori', 1],
        ],
      ],
    ],
  },
  {
    name: 'Veg Maintenance 2200',
    category: 'Vegetarian',
    diet_type: 'veg',
    goal: 'Keep weight, train three days a week',
    kcal: 2200,
    protein: 80,
    meals: [
      ['early_morning', '06:30', [['H001', 'g', 15]]],
      [
        'breakfast',
        '08:30',
        [
          ['A019', 'roti', 2, 'aloo paratha'],
          ['F006', 'g', 80],
          ['L002', 'glass', 1],
        ],
      ],
      ['mid_morning', '11:00', [['E009', 'g', 120]]],
      [
        'lunch',
        '13:30',
        [
          ['A015', 'g', 75],
          ['B018', 'g', 40, 'rajma'],
          ['A019', 'roti', 2],
          ['D043', 'g', 100],
        ],
      ],
      [
        'evening',
        '17:00',
        [
          ['H012', 'g', 30],
          ['L002', 'glass', 0.5],
        ],
      ],
      [
        'dinner',
        '20:00',
        [
          ['A019', 'roti', 2],
          ['L003', 'g', 80, 'paneer sabzi'],
          ['C033', 'katori', 1],
          ['T013', 'tsp', 1],
        ],
      ],
    ],
  },
  {
    name: 'Egg and Veg Lean 2000',
    category: 'Weight loss',
    diet_type: 'egg',
    goal: 'Lean out with eggs for protein',
    kcal: 2000,
    protein: 100,
    meals: [
      [
        'breakfast',
        '08:00',
        [
          ['M004', 'piece', 4, '2 whole, 2 whites'],
          ['A019', 'roti', 2],
          ['L002', 'glass', 1],
        ],
      ],
      [
        'mid_morning',
        '11:00',
        [
          ['E001', 'g', 150],
          ['H001', 'g', 10],
        ],
      ],
      [
        'lunch',
        '13:30',
        [
          ['A015', 'g', 60],
          ['B010', 'g', 40],
          ['D036', 'katori', 1],
          ['F002', 'g', 80],
        ],
      ],
      ['evening', '17:00', [['B001', 'g', 30]]],
      [
        'dinner',
        '20:00',
        [
          ['A019', 'roti', 2],
          ['M004', 'piece', 2, 'egg curry'],
          ['C033', 'katori', 1],
        ],
      ],
    ],
  },
  {
    name: 'Non-veg Muscle Gain 2800',
    category: 'Muscle gain',
    diet_type: 'non_veg',
    goal: 'Gain lean mass, 5 training days',
    kcal: 2800,
    protein: 160,
    meals: [
      [
        'early_morning',
        '06:00',
        [
          ['E009', 'g', 120],
          ['H001', 'g', 20],
        ],
      ],
      [
        'breakfast',
        '08:00',
        [
          ['M004', 'piece', 3],
          ['A019', 'roti', 3],
          ['L002', 'glass', 0.5],
        ],
      ],
      [
        'mid_morning',
        '11:00',
        [
          [WHEY, 'scoop', 1, 'after training'],
          ['L002', 'glass', 1],
        ],
      ],
      [
        'lunch',
        '13:30',
        [
          ['A015', 'g', 70],
          ['N003', 'g', 200],
          ['B021', 'g', 40],
          ['D043', 'g', 100],
        ],
      ],
      [
        'evening',
        '17:00',
        [
          ['H012', 'g', 15],
          ['E009', 'g', 120],
        ],
      ],
      [
        'dinner',
        '20:30',
        [
          ['A019', 'roti', 2],
          ['O001', 'g', 150, 'goat curry'],
          ['C033', 'katori', 1],
          ['T005', 'tsp', 2],
        ],
      ],
    ],
  },
  {
    name: 'Veg Muscle Gain 3000',
    category: 'Muscle gain',
    diet_type: 'veg',
    goal: 'Gain mass on a vegetarian diet',
    kcal: 3000,
    protein: 130,
    meals: [
      [
        'early_morning',
        '06:00',
        [
          ['H001', 'g', 15],
          ['E009', 'g', 120],
        ],
      ],
      [
        'breakfast',
        '08:00',
        [
          ['A011', 'g', 60],
          ['L002', 'glass', 1],
          ['H012', 'g', 20],
        ],
      ],
      [
        'mid_morning',
        '11:00',
        [
          [WHEY, 'scoop', 1.5],
          ['L002', 'glass', 1],
        ],
      ],
      [
        'lunch',
        '13:30',
        [
          ['A015', 'g', 100],
          ['B018', 'g', 50],
          ['A019', 'roti', 2],
          ['L003', 'g', 60],
        ],
      ],
      [
        'evening',
        '17:00',
        [
          ['B024', 'g', 40, 'soya chunks'],
          ['E009', 'g', 120],
        ],
      ],
      [
        'dinner',
        '20:30',
        [
          ['A019', 'roti', 2],
          ['L003', 'g', 60],
          ['B010', 'g', 40],
          ['T013', 'tsp', 2],
        ],
      ],
      [
        'bed_time',
        '22:30',
        [
          ['L002', 'glass', 0.5],
          ['H005', 'g', 15],
        ],
      ],
    ],
  },
];

export async function seedDiet(tx: Tx, ctx: Ctx): Promise<DemoHistory | void> {
  if (ctx.organisation.subdomain !== 'demo') return;
  const codes = [...new Set(PLANS.flatMap((p) => p.meals.flatMap(([, , items]) => items.map(([code]) => code))))].filter((c) => c !== WHEY);
  const foods = new Map(
    (await tx.select({ id: dietFood.id, code: dietFood.code }).from(dietFood).where(inArray(dietFood.code, codes))).map((f) => [
      f.code,
      f.id,
    ]),
  );
  const whey = await createOwnFood(
    tx,
    ctx,
    foodInputSchema.parse({
      name: 'Whey protein (store)',
      local_names: 'व्हे प्रोटीन',
      group: 'Supplements',
      kcal: 400,
      protein: 78,
      carbohydrate: 8,
      fat: 6,
      fibre: 0,
    }),
  );
  foods.set(WHEY, whey.id);
  const categories = new Map(
    (
      await tx
        .select({ id: dietCategory.id, name: dietCategory.name })
        .from(dietCategory)
        .where(eq(dietCategory.organisationId, ctx.organisationId))
    ).map((c) => [c.name, c.id]),
  );
  const plans: number[] = [];
  for (const p of PLANS) {
    const created = await createPlan(
      tx,
      ctx,
      dietPlanInputSchema.parse({
        name: p.name,
        category: categories.get(p.category) ?? null,
        goal: p.goal,
        diet_type: p.diet_type,
        target_kcal: p.kcal,
        target_protein: p.protein,
        description: `${p.goal}. Drink 3 litres of water a day.`,
        meals: p.meals.map(([meal, time, items]) => ({
          meal,
          time,
          items: items
            .filter(([code]) => foods.has(code))
            .map(([code, measure, amount, notes]) => ({ food: foods.get(code)!, measure, amount, notes: notes ?? '' })),
        })),
      }),
    );
    plans.push(created.id);
  }
  // The members are written with the modules' history: assign once it is all there.
  return {
    steps: [],
    after: async () => {
      const members = await runningMemberIds(tx, ctx, 10_000);
      // Half the running members follow a diet (a quarter also a workout plan: see the training seed).
      const chosen = members.filter((_, i) => i % 4 < 2);
      for (let k = 0; k < plans.length; k++) {
        const group = chosen.filter((_, i) => i % plans.length === k);
        if (!group.length) continue;
        const start = shiftDays(ctx.now.today, -7 * (k + 1));
        // Every third plan's group had an earlier four-week plan that has ended.
        await assignMembers(tx, ctx, { plan: plans[k], members: group, start_date: start, end_date: null, notes: '' });
        if (k % 3 === 0) {
          const earlier = shiftDays(start, -35);
          await assignMembers(tx, ctx, {
            plan: plans[(k + 1) % plans.length],
            members: group.slice(0, Math.ceil(group.length / 2)),
            start_date: earlier,
            end_date: shiftDays(earlier, 27),
            notes: 'Four-week starter plan',
          });
        }
      }
    },
  };
}

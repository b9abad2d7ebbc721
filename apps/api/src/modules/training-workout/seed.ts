/**
 * Demo data (the demo club only): six workout plans from the library, each given to a share of
 * the running members (about half in all), with a month of logged sessions — bulk inserts.
 */
import type { PlanInput } from '@arena/contracts/training-workout';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays } from '../../platform/time.js';
import { activeMemberIds } from '../membership/index.js';
import { assignMany } from './assign.service.js';
import { libraryRows } from './library.js';
import { createPlan } from './plan.service.js';
import { workoutCategory, workoutLog, type LoggedSet } from './schema.js';
import { eq } from 'drizzle-orm';
import { itemsOf } from './plan.service.js';

export const DEFAULT_CATEGORIES = ['Strength', 'Hypertrophy', 'Fat loss', 'Beginner', 'Sport-specific', 'Mobility'];

export async function addDefaultCategories(tx: Tx, ctx: Ctx): Promise<void> {
  await tx
    .insert(workoutCategory)
    .values(DEFAULT_CATEGORIES.map((name) => ({ organisationId: ctx.organisationId, name })))
    .onConflictDoNothing();
}

type Line = [exercise: string, sets: number, reps: string, rest?: number, extra?: Partial<PlanInput['days'][number]['items'][number]>];
type DemoPlan = {
  name: string;
  category: string;
  level: PlanInput['level'];
  daysPerWeek: number;
  weeks: number;
  description: string;
  days: [string, Line[]][];
};

const PLANS: DemoPlan[] = [
  {
    name: 'Beginner Full Body',
    category: 'Beginner',
    level: 'beginner',
    daysPerWeek: 3,
    weeks: 8,
    description: 'Three whole-body sessions a week to learn the main movements.',
    days: [
      [
        'Full body A',
        [
          ['Goblet Squat', 3, '10-12', 90],
          ['Dumbbell Bench Press', 3, '10-12', 90],
          ['Lat Pulldown', 3, '10-12', 90],
          ['Glute Bridge', 3, '12', 60],
          ['Plank', 3, '30s', 45],
        ],
      ],
      [
        'Full body B',
        [
          ['Leg Press', 3, '10-12', 90],
          ['Seated Dumbbell Press', 3, '10', 90],
          ['Seated Cable Row', 3, '10-12', 90],
          ['Reverse Lunge', 2, '10', 60],
          ['Dead Bug', 3, '10', 45],
        ],
      ],
      [
        'Full body C',
        [
          ['Dumbbell Romanian Deadlift', 3, '10', 90],
          ['Incline Push-up', 3, '8-12', 60],
          ['One-arm Dumbbell Row', 3, '10', 60],
          ['Step-up', 2, '10', 60],
          ['Bird Dog', 3, '8', 45],
        ],
      ],
    ],
  },
  {
    name: 'Push Pull Legs',
    category: 'Hypertrophy',
    level: 'intermediate',
    daysPerWeek: 6,
    weeks: 12,
    description: 'Each muscle group twice a week over six days.',
    days: [
      [
        'Push',
        [
          ['Barbell Bench Press', 4, '6-8', 150, { tempo: '3-1-1-0' }],
          ['Incline Dumbbell Press', 3, '8-12', 90],
          ['Overhead Barbell Press', 3, '8-10', 120],
          ['Dumbbell Lateral Raise', 3, '12-15', 60, { superset: 'A' }],
          ['Triceps Pushdown', 3, '10-12', 60, { superset: 'A' }],
        ],
      ],
      [
        'Pull',
        [
          ['Pull-up', 4, '6-10', 120],
          ['Barbell Bent-over Row', 4, '8-10', 120],
          ['Face Pull', 3, '12-15', 60],
          ['Hammer Curl', 3, '10-12', 60, { superset: 'A' }],
          ['Barbell Curl', 3, '8-10', 60, { superset: 'A' }],
        ],
      ],
      [
        'Legs',
        [
          ['Back Squat', 4, '6-8', 180],
          ['Romanian Deadlift', 3, '8-10', 120],
          ['Leg Press', 3, '10-12', 90],
          ['Lying Leg Curl', 3, '10-12', 60],
          ['Standing Calf Raise', 4, '12-15', 45],
        ],
      ],
    ],
  },
  {
    name: 'Strength 5×5',
    category: 'Strength',
    level: 'intermediate',
    daysPerWeek: 3,
    weeks: 12,
    description: 'Two alternating sessions of heavy compound lifts, five sets of five.',
    days: [
      [
        'Workout A',
        [
          ['Back Squat', 5, '5', 180, { load_kind: 'percent_1rm', load: 80 }],
          ['Barbell Bench Press', 5, '5', 180, { load_kind: 'percent_1rm', load: 80 }],
          ['Barbell Bent-over Row', 5, '5', 150],
        ],
      ],
      [
        'Workout B',
        [
          ['Back Squat', 5, '5', 180, { load_kind: 'percent_1rm', load: 80 }],
          ['Overhead Barbell Press', 5, '5', 150],
          ['Conventional Deadlift', 1, '5', 240, { load_kind: 'percent_1rm', load: 85 }],
        ],
      ],
    ],
  },
  {
    name: 'Fat Loss Circuit',
    category: 'Fat loss',
    level: 'beginner',
    daysPerWeek: 4,
    weeks: 6,
    description: 'Short rests, whole-body circuits and intervals.',
    days: [
      [
        'Circuit 1',
        [
          ['Kettlebell Swing', 4, '15', 30, { superset: 'A' }],
          ['Mountain Climber', 4, '30s', 30, { superset: 'A' }],
          ['Thruster', 4, '12', 30, { superset: 'A' }],
          ['Burpee', 4, '10', 60, { superset: 'A' }],
        ],
      ],
      [
        'Intervals',
        [
          ['Rowing Machine', 1, '600s', 60],
          ['Sprint Intervals', 8, '20s', 60],
          ['Jump Rope', 3, '60s', 30],
        ],
      ],
      [
        'Circuit 2',
        [
          ['Goblet Squat', 4, '15', 30, { superset: 'A' }],
          ['Push-up', 4, '10-15', 30, { superset: 'A' }],
          ['Walking Lunge', 4, '20', 30, { superset: 'A' }],
          ['Battle Rope Waves', 4, '30s', 60, { superset: 'A' }],
        ],
      ],
      [
        'Steady cardio',
        [
          ['Treadmill Incline Walk', 1, '1800s', 0],
          ['Plank', 3, '45s', 30],
        ],
      ],
    ],
  },
  {
    name: 'Badminton Conditioning',
    category: 'Sport-specific',
    level: 'intermediate',
    daysPerWeek: 3,
    weeks: 8,
    description: 'Footwork, jumping and shoulder strength for the court.',
    days: [
      [
        'Footwork and speed',
        [
          ['Badminton Shadow Footwork', 6, '45s', 45],
          ['Agility Ladder Quick Feet', 4, '30s', 30],
          ['Split Step Drill', 4, '20', 30],
          ['Cone Shuttle Run', 5, '30s', 60],
        ],
      ],
      [
        'Power',
        [
          ['Squat Jump', 4, '8', 90],
          ['Lateral Bound', 4, '8', 60],
          ['Box Jump', 3, '6', 90],
          ['Medicine Ball Rotational Throw', 3, '8', 60],
        ],
      ],
      [
        'Strength and shoulders',
        [
          ['Bulgarian Split Squat', 3, '8-10', 90],
          ['Face Pull', 3, '15', 45],
          ['Band Pull-apart', 3, '15', 45],
          ['Wrist Flick with Racket', 3, '30s', 30],
          ['Side Plank', 3, '30s', 30],
        ],
      ],
    ],
  },
  {
    name: 'Senior Mobility',
    category: 'Mobility',
    level: 'beginner',
    daysPerWeek: 3,
    weeks: 12,
    description: 'Gentle strength, balance and mobility for older members.',
    days: [
      [
        'Balance and legs',
        [
          ['Chair Sit-to-Stand', 2, '8-10', 60],
          ['Heel-to-Toe Walk', 2, '30s', 45],
          ['Single-leg Stand', 2, '20s', 45],
          ['Standing Hip Circle', 2, '8', 30],
        ],
      ],
      [
        'Upper body and posture',
        [
          ['Wall Push-up', 2, '8-10', 60],
          ['Seated Arm Circles', 2, '30s', 30],
          ['Band Pull-apart', 2, '10', 45],
          ['Neck Side Stretch', 2, '20s', 30],
        ],
      ],
      [
        'Mobility flow',
        [
          ['Cat-Cow', 2, '8', 30],
          ['Seated Marching', 2, '30s', 30],
          ['Hamstring Stretch', 2, '30s', 30],
          ["Child's Pose", 2, '30s', 30],
        ],
      ],
    ],
  },
];

/** A small repeatable random (the demo is the same on every seed). */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

export async function seedTraining(tx: Tx, ctx: Ctx): Promise<void> {
  if (ctx.organisation.subdomain !== 'demo') return;
  // The library is written on boot and by seedDemo before any organisation (db/seed.ts).
  const ids = new Map(libraryRows().map((r) => [r.name, r.id]));
  const categories = new Map(
    (
      await tx
        .select({ id: workoutCategory.id, name: workoutCategory.name })
        .from(workoutCategory)
        .where(eq(workoutCategory.organisationId, ctx.organisationId))
    ).map((c) => [c.name, c.id]),
  );
  const members = await activeMemberIds(tx, ctx, 4000);
  // Half the active members have a workout plan (a quarter also a diet: see the diet seed).
  const chosen = members.filter((_, i) => i % 4 === 0 || i % 4 === 2);
  const today = ctx.now.today;
  const start = addDays(today, -30);
  const rnd = random(25);
  const logs: (typeof workoutLog.$inferInsert)[] = [];
  for (const [n, p] of PLANS.entries()) {
    const created = await createPlan(tx, ctx, {
      name: p.name,
      category: categories.get(p.category) ?? null,
      level: p.level,
      days_per_week: p.daysPerWeek,
      weeks: p.weeks,
      description: p.description,
      is_active: true,
      days: p.days.map(([name, lines]) => ({
        name,
        items: lines.map(([exercise, sets, reps, rest = 60, extra = {}]) => ({
          exercise: ids.get(exercise)!,
          sets,
          reps: reps.endsWith('s') ? `${reps.slice(0, -1)} s` : reps.replace('-', '–'),
          rest_seconds: rest,
          tempo: '',
          load_kind: 'none' as const,
          load: 0,
          superset: '',
          notes: '',
          ...extra,
        })),
      })),
    });
    const group = chosen.filter((_, i) => i % PLANS.length === n);
    if (!group.length) continue;
    const { copies } = await assignMany(tx, ctx, { plan: created.id, members: group, start_date: start, end_date: null, notes: '' });
    const items = await itemsOf(tx, ctx, copies);
    for (const [c, copy] of copies.entries()) {
      const member = group[c];
      const copyItems = items.get(copy) ?? [];
      let session = 0;
      for (let d = 0; d <= 30; d++) {
        const date = addDays(start, d);
        const weekday = (Date.parse(`${date}T00:00:00Z`) / 86_400_000 + 3) % 7; // 0 = Monday
        const trains =
          p.daysPerWeek >= 6 ? weekday < 6 : p.daysPerWeek === 4 ? [0, 1, 3, 4].includes(weekday) : [0, 2, 4].includes(weekday);
        if (!trains || rnd() > 0.7) continue;
        const day = (session++ % p.days.length) + 1;
        for (const it of copyItems.filter((x) => x.day === day).slice(0, 3)) {
          const sets: LoggedSet[] = Array.from({ length: Math.min(it.sets, 5) }, () => ({
            reps: it.reps.endsWith(' s') ? 0 : Number(it.reps.split('–')[0]),
            seconds: it.reps.endsWith(' s') ? Number(it.reps.slice(0, -2)) : 0,
            load_kg:
              it.equipment === 'barbell' ? 20 + Math.round(rnd() * 40) : it.equipment === 'dumbbell' ? 5 + Math.round(rnd() * 15) : 0,
          }));
          const exercise = Number(it.exercise);
          logs.push({
            organisationId: ctx.organisationId,
            memberPlanId: copy,
            memberId: member,
            date,
            libraryExerciseId: exercise < 100_000 ? exercise : null,
            exerciseId: exercise >= 100_000 ? exercise : null,
            sets,
            recordedBy: 'system',
          });
        }
      }
    }
  }
  for (let i = 0; i < logs.length; i += 1000) await tx.insert(workoutLog).values(logs.slice(i, i + 1000));
}

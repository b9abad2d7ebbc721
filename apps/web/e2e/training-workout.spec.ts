import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

/**
 * Training/Workout (issue 25): a trainer builds a three-day workout, adding each day's exercises by
 * searching the library (by name and by muscle), reorders a day from the keyboard buttons, meets a
 * field error, saves it, assigns it to a batch, and finds the members' copies in Assigned Plans.
 */

/** A select field, whether it is drawn as a native select (≤ 10 options) or as a combobox. */
async function choose(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ label: option });
  else {
    await field.fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
}

/** Opens a day's picker, adds each exercise found by its search, and closes it. */
async function addExercises(page: Page, day: Locator, picks: { search: string; add: string }[]) {
  await day.getByRole('button', { name: /^Add Exercise/ }).click();
  const picker = page.getByRole('dialog', { name: /^Add exercises to/ });
  for (const { search, add } of picks) {
    await picker.getByLabel('Search exercises').fill(search);
    const button = picker.getByRole('button', { name: `Add ${add}`, exact: true });
    await expect(button).toBeVisible();
    await button.click();
    await expect(button).toHaveText(/Added/);
  }
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
}

const exercisesOf = (day: Locator) => day.getByRole('group');

test('a trainer builds a 3-day workout from the library, saves it, and assigns it to a batch', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const PLAN = `E2E Push Pull Legs ${suffix}`;
  const owner = await apiAs(page, OWNER);
  const batches = (await owner.get('/member-management/batch/dropdown/')).results as { id: number; name: string }[];
  let batch: { id: number; name: string; members: { member: number; member_name: string; seat_status: string }[] } | null = null;
  for (const b of batches) {
    const members = (await owner.get(`/member-management/batch/${b.id}/members/`)) as {
      member: number;
      member_name: string;
      seat_status: string;
    }[];
    if (members.some((m) => m.seat_status === 'held')) {
      batch = { ...b, members };
      break;
    }
  }
  expect(batch, 'a demo batch with members').not.toBeNull();

  await signIn(page, OWNER);
  await page.goto('/training-workout/training-workout-plan');
  await expect(page.getByRole('heading', { name: 'Training/Workout Plan', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New Plan' }).first().click();
  await expect(page).toHaveURL(/\/training-workout\/training-workout-plan\/new$/);

  await page.getByLabel('Plan name').fill(PLAN);
  await choose(page, 'Level', 'Intermediate');
  const day1 = page.getByRole('region', { name: 'Day 1' });
  await day1.getByLabel('Day 1 name').fill('Push');
  await page.getByRole('button', { name: 'Add Day' }).click();
  await page.getByRole('button', { name: 'Add Day' }).click();
  const day2 = page.getByRole('region', { name: 'Day 2' });
  const day3 = page.getByRole('region', { name: 'Day 3' });
  await day2.getByLabel('Day 2 name').fill('Pull');
  await day3.getByLabel('Day 3 name').fill('Legs');

  // By name, and by muscle: "quads" is in no exercise's name, the library's squats work them.
  await addExercises(page, day1, [
    { search: 'bench press', add: 'Barbell Bench Press' },
    { search: 'lateral raise', add: 'Dumbbell Lateral Raise' },
  ]);
  await addExercises(page, day2, [
    { search: 'pulldown', add: 'Lat Pulldown' },
    { search: 'bent-over row', add: 'Barbell Bent-over Row' },
  ]);
  await addExercises(page, day3, [{ search: 'quads', add: 'Back Squat' }]);
  await expect(exercisesOf(day1)).toHaveCount(2);
  await expect(exercisesOf(day2)).toHaveCount(2);
  await expect(exercisesOf(day3)).toHaveCount(1);

  // Reorder Day 1 from the keyboard buttons: the raise goes first.
  await day1.getByRole('button', { name: 'Move Dumbbell Lateral Raise up' }).click();
  await expect(exercisesOf(day1).first()).toHaveAccessibleName('Dumbbell Lateral Raise');

  // Reorder Day 2 by dragging the row's grip onto the first exercise.
  await day2.getByRole('img', { name: 'Drag Barbell Bent-over Row to reorder' }).dragTo(day2.getByRole('group', { name: 'Lat Pulldown' }));
  await expect(exercisesOf(day2).first()).toHaveAccessibleName('Barbell Bent-over Row');

  // The squat's prescription: a rep range, rest, a load as % of 1RM, a tempo.
  const squat = day3.getByRole('group', { name: 'Back Squat' });
  await squat.getByLabel('Sets').fill('5');
  await squat.getByLabel('Reps').fill('a lot');
  await squat.getByLabel('Rest (s)').fill('120');
  await squat.getByLabel('Load', { exact: true }).selectOption({ label: '% of 1RM' });
  await squat.getByLabel('% of 1RM').fill('75');
  await squat.getByLabel('Tempo').fill('3-1-1-0');

  // Bad input: reps that are no number, range or time stay on the page with the field's message.
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(squat.getByText('Enter reps as a number (10), a range (8-12) or a time (45s)', { exact: false })).toBeVisible();
  await expect(squat.getByLabel('Reps')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/new$/);

  await squat.getByLabel('Reps').fill('6-8');
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page).toHaveURL(/\/training-workout\/training-workout-plan\/\d+$/);
  await expect(page.getByRole('heading', { name: PLAN, level: 1 })).toBeVisible();
  const planId = Number(page.url().split('/').pop());

  // Saved as built: three days in order, the reordered day, the squat's prescription.
  const saved = await owner.get(`/training-workout/training-workout-plan/${planId}/`);
  expect(saved.level).toBe('intermediate');
  expect(saved.days.map((d: { name: string }) => d.name)).toEqual(['Push', 'Pull', 'Legs']);
  expect(saved.days[0].items.map((i: { exercise_name: string }) => i.exercise_name)).toEqual([
    'Dumbbell Lateral Raise',
    'Barbell Bench Press',
  ]);
  expect(saved.days[1].items.map((i: { exercise_name: string }) => i.exercise_name)).toEqual(['Barbell Bent-over Row', 'Lat Pulldown']);
  expect(saved.days[2].items[0]).toMatchObject({
    exercise_name: 'Back Squat',
    sets: 5,
    reps: '6–8',
    rest_seconds: 120,
    load_kind: 'percent_1rm',
    load: 75,
    tempo: '3-1-1-0',
  });
  // The builder shows the saved plan again after reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Day 3' }).getByRole('group', { name: 'Back Squat' }).getByLabel('Reps')).toHaveValue(
    '6–8',
  );

  // Assign it to a batch: the plan comes chosen from the plan's page; no batch is a field error.
  await page.getByRole('link', { name: 'Assign to Members' }).click();
  await expect(page.getByRole('heading', { name: 'Assign Training/Workout', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(page.getByText('Choose a batch.')).toBeVisible();
  await choose(page, 'Batch', batch!.name);
  const held = batch!.members.filter((m) => m.seat_status === 'held');
  const preview = page.getByRole('list', { name: 'Members to assign' });
  await expect(preview.getByText(held[0]!.member_name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${PLAN}: assigned to` })).toBeVisible();

  const copies = (await owner.get(`/training-workout/assign-training-workout/?plan=${planId}&page_size=100`)).results as {
    member: number;
    member_name: string;
    status: string;
  }[];
  expect(copies.length).toBeGreaterThan(0);
  expect(copies.map((c) => c.member)).toContain(held[0]!.member);

  // The assignment shows in Assigned Plans, filtered to this plan.
  await page.getByRole('link', { name: 'See assigned plans' }).click();
  await expect(page.getByRole('heading', { name: 'Assigned Plans', level: 1 })).toBeVisible();
  await choose(page, 'Plan', PLAN);
  const table = page.getByRole('table', { name: 'Assigned workout plans' });
  const rows = table.getByRole('row').filter({ hasText: PLAN });
  await expect(rows).toHaveCount(copies.length);
  await expect(table.getByRole('row').filter({ hasNotText: PLAN })).toHaveCount(1); // the header: other plans filtered out
  const row = rows.filter({ has: page.getByRole('link', { name: held[0]!.member_name, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
});

test("a trainer adjusts a member's own copy and records a session; the template stays as it was", async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await apiAs(page, OWNER);
  const copies = (await owner.get('/training-workout/assign-training-workout/?status=active&page_size=50')).results as {
    id: number;
    member_name: string;
    template: number | null;
  }[];
  const target = copies.find((c) => c.template !== null)!;
  expect(target, 'a demo member on a plan').toBeTruthy();
  const before = await owner.get(`/training-workout/member-training-workout/${target.id}/`);
  const template = await owner.get(`/training-workout/training-workout-plan/${target.template}/`);
  const first = before.days[0].items[0] as { exercise_name: string; sets: number };
  const sets = first.sets === 5 ? 4 : 5;
  const logged = (await owner.get(`/training-workout/member-training-workout/${target.id}/log/`)).results.length as number;

  await signIn(page, OWNER);
  await page.goto('/training-workout/assign-training-workout/assigned');
  await page
    .getByRole('link', { name: `Open ${target.member_name}'s workout` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/assigned/${target.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.member_name);

  // The member's own copy: one more set of the first exercise, saved for them alone.
  const exercise = page.getByRole('region', { name: 'Day 1' }).getByRole('group', { name: first.exercise_name }).first();
  await exercise.getByLabel('Sets').fill(String(sets));
  await page.getByRole('button', { name: "Save Member's Plan" }).click();
  await expect(page.getByText(`${target.member_name}'s plan saved.`)).toBeVisible();
  const after = await owner.get(`/training-workout/member-training-workout/${target.id}/`);
  expect(after.days[0].items[0].sets).toBe(sets);
  const templateAfter = await owner.get(`/training-workout/training-workout-plan/${target.template}/`);
  expect(templateAfter.days[0].items[0].sets).toBe(template.days[0].items[0].sets);

  // Record a session: two sets with reps and load; reps past the limit are a field error first.
  const sessions = page.getByRole('region', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Record Session' }).click();
  const dialog = page.getByRole('dialog', { name: `Record a session for ${target.member_name}` });
  await dialog.getByLabel('Reps, set 1').fill('12');
  await dialog.getByLabel('Load kg, set 1').fill('42.5');
  await dialog.getByLabel('Reps, set 2').fill('999');
  await dialog.getByLabel('Load kg, set 2').fill('40');
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog.getByText('Enter reps from 0 to 200.')).toBeVisible();
  await dialog.getByLabel('Reps, set 2').fill('10');
  // The dialog starts with the plan's sets of the exercise: keep two.
  while ((await dialog.getByLabel('Reps, set 3').count()) > 0) await dialog.getByRole('button', { name: 'Remove set 3' }).click();
  await expect(dialog.getByLabel(/^Reps, set/)).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(dialog).toBeHidden();
  const log = sessions.getByRole('table', { name: 'Workout log' });
  await expect(log.getByRole('cell', { name: '12 × 42.5 kg, 10 × 40 kg', exact: true })).toHaveCount(1);
  const entries = (await owner.get(`/training-workout/member-training-workout/${target.id}/log/`)).results as {
    sets: { reps: number; load_kg: number }[];
  }[];
  expect(entries).toHaveLength(logged + 1);
  expect(entries.some((e) => e.sets.length === 2 && e.sets[0]!.reps === 12 && Number(e.sets[0]!.load_kg) === 42.5)).toBe(true);

  // The member's workout as a PDF opens in a new tab.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'PDF', exact: true }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
});

test('a trainer assigns a plan to members chosen by search, seeing who already has it', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await apiAs(page, OWNER);
  const active = (await owner.get('/training-workout/assign-training-workout/?status=active&page_size=500')).results as {
    member: number;
    member_name: string;
    member_code: string;
    name: string;
    template: number | null;
  }[];
  const onPlan = active.find((c) => c.template !== null)!;
  const members = (await owner.get('/member-management/member/?page_size=100')).results as {
    id: number;
    full_name: string;
    member_code: string;
  }[];
  const free = members.find((m) => !active.some((c) => c.member === m.id))!;
  expect(free, 'a demo member with no workout plan').toBeTruthy();

  await signIn(page, OWNER);
  await page.goto(`/training-workout/assign-training-workout?plan=${onPlan.template}`);
  await page.getByLabel('Chosen members').check();
  await page.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(page.getByText('Choose at least one member.')).toBeVisible();
  for (const m of [
    { code: onPlan.member_code, name: onPlan.member_name },
    { code: free.member_code, name: free.full_name },
  ]) {
    await page.getByLabel('Find members').fill(m.code);
    await page.getByRole('button', { name: `Add ${m.name}`, exact: true }).click();
  }
  const preview = page.getByRole('list', { name: 'Members to assign' });
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.getByRole('listitem').filter({ hasText: onPlan.member_name })).toContainText('Has this plan');
  await expect(preview.getByRole('listitem').filter({ hasText: free.full_name })).toContainText('No plan');
  await page.getByRole('button', { name: 'Assign Plan' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${onPlan.name}: assigned to 1 member; 1 member already on it, left as is.` }),
  ).toBeVisible();
  const copies = (await owner.get(`/training-workout/assign-training-workout/?member=${free.id}`)).results as { template: number }[];
  expect(copies.map((c) => c.template)).toEqual([onPlan.template]);
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the workout builder, its exercise picker, the assign form and the dashboard have no serious accessibility violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = await apiAs(page, OWNER);
  const plans = (await owner.get('/training-workout/training-workout-plan/?search=Push%20Pull%20Legs')).results as {
    id: number;
    name: string;
  }[];
  const plan = plans.find((p) => p.name === 'Push Pull Legs')!;
  await signIn(page, OWNER);

  await page.goto(`/training-workout/training-workout-plan/${plan.id}`);
  await expect(page.getByRole('region', { name: 'Day 1' }).getByRole('group').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole('region', { name: 'Day 1' })
    .getByRole('button', { name: /^Add Exercise/ })
    .click();
  const picker = page.getByRole('dialog', { name: /^Add exercises to/ });
  await picker.getByLabel('Search exercises').fill('chest');
  await expect(picker.getByRole('button', { name: 'Add Barbell Bench Press', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picker.getByRole('button', { name: 'Done' }).click();

  await page.goto('/training-workout/assign-training-workout');
  await expect(page.getByLabel('Workout plan')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/training-workout');
  await expect(page.getByText('Members with a plan')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

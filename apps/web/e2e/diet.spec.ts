import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { apiAs, OWNER, signIn } from './support';

/**
 * Issue 25's journey: a trainer (the owner) builds a three-meal diet by typing foods (English or
 * local name), watching the day's totals move, saves it (a nameless plan is refused under its
 * field first), assigns it to a batch after the preview of who it reaches, and downloads one
 * member's diet chart as a PDF.
 */

const dayKcal = async (page: Page) => Number((await page.getByTestId('day-kcal').innerText()).split(' kcal')[0].replace(/,/g, ''));

/**
 * Types a food into a meal's search, picks the first match with Enter, and types its quantity.
 * `typeAhead`: Enter right after typing, before the matches arrive (the first is picked when they do).
 */
async function addFood(page: Page, meal: string, search: string, food: string, quantity?: string, typeAhead = false) {
  const box = page.getByRole('combobox', { name: `Add food to ${meal}` });
  await box.fill(search);
  if (!typeAhead)
    await expect(
      page
        .getByRole('listbox', { name: `Foods matching ${search}` })
        .getByRole('option')
        .first(),
    ).toContainText(food);
  await box.press('Enter');
  const qty = page.getByLabel(`Quantity of ${food} (${meal})`);
  // Enter moved the cursor to the new item's quantity, with 100 g in it.
  await expect(qty).toBeFocused();
  await expect(qty).toHaveValue('100');
  if (quantity) await qty.fill(quantity);
  await qty.press('Enter');
  // … and Enter there goes back to the food search (the plan is not submitted).
  await expect(box).toBeFocused();
}

test('a trainer builds a 3-meal diet with live totals, assigns it to a batch and downloads a member’s PDF', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const name = `Journey Diet ${Date.now()}`;
  await signIn(page, OWNER);
  await page.goto('/diet-management/diet-plan/new');
  await expect(page.getByRole('heading', { name: 'New Diet Plan' })).toBeVisible();

  // Saving without a name: the field says what is missing, and nothing is created.
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const nameField = page.getByLabel('Plan name');
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the plan’s name.')).toBeVisible();
  await expect(page).toHaveURL(/\/diet-plan\/new$/);

  await nameField.fill(name);
  await page.getByLabel('Goal').fill('Lean gain');
  await page.getByLabel('Target calories').fill('1800');
  await page.getByLabel('Target protein').fill('90');

  const meals = page.getByRole('group', { name: 'Add a meal' });
  await meals.getByRole('button', { name: 'Breakfast' }).click();
  await meals.getByRole('button', { name: 'Dinner' }).click();
  await meals.getByRole('button', { name: 'Lunch' }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Breakfast', 'Lunch', 'Dinner']);
  expect(await dayKcal(page)).toBe(0);

  // Breakfast: a banana found by its Hindi name (kela), 120 g. 105.16… kcal per 100 g → 133 kcal.
  await addFood(page, 'Breakfast', 'kela', 'Banana, ripe, montham', '120');
  const afterBreakfast = await dayKcal(page);
  expect(afterBreakfast).toBe(133);
  // Lunch: parboiled rice in a household measure — 1 katori is 150 g.
  await addFood(page, 'Lunch', 'Rice, parboiled', 'Rice, parboiled, milled');
  await page.getByLabel('Measure of Rice, parboiled, milled (Lunch)').selectOption('katori');
  await expect(page.getByLabel('Quantity of Rice, parboiled, milled (Lunch)')).toHaveValue('1');
  await expect(page.getByLabel('Rice, parboiled, milled nutrients')).toContainText('150 g');
  const afterLunch = await dayKcal(page);
  expect(afterLunch).toBeGreaterThan(afterBreakfast + 400);
  // Dinner: a glass of cow's milk (250 g).
  await addFood(page, 'Dinner', 'Milk, whole, Cow', 'Milk, whole, Cow', undefined, true);
  await page.getByLabel('Measure of Milk, whole, Cow (Dinner)').selectOption('glass');
  await expect.poll(() => dayKcal(page)).toBeGreaterThan(afterLunch + 150);
  const dayTotal = await dayKcal(page);
  // The bar against the 1,800 kcal target says how far the day is.
  await expect(page.getByRole('meter', { name: 'Energy against the target' })).toHaveAttribute(
    'aria-valuetext',
    `${Math.round((dayTotal / 1800) * 100)} % of the target`,
  );

  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText(`${name} was created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/diet-management\/diet-plan\/\d+$/);
  const planId = Number(page.url().split('/').pop());
  // The API computed the same day total from the saved meals.
  const saved = await api.get(`/diet/diet-plan/${planId}/`);
  expect(saved.totals.kcal).toBe(dayTotal);
  expect(saved.meals.map((m: { meal: string }) => m.meal)).toEqual(['breakfast', 'lunch', 'dinner']);

  // Assign it to a batch: the preview says who it reaches before anything is written.
  await page.getByRole('link', { name: 'Assign', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/diet-management/assign-diet\\?plan=${planId}$`));
  await expect(page.getByLabel('Diet plan')).toHaveValue(String(planId));
  await page.getByLabel('A batch').check();
  await page.getByLabel('Batch', { exact: true }).selectOption({ label: 'Kids Badminton · 09:00' });
  const summary = page.getByTestId('assign-preview-summary');
  await expect(summary).toContainText(/\d+ members?/);
  const reach = Number((await summary.innerText()).match(/^(\d+)/)![1]);
  expect(reach).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Assign Diet' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name}: assigned to ${reach} member` })).toBeVisible();
  const assigned = await api.get(`/diet/assign-diet/?plan=${planId}&page_size=500`);
  expect(assigned.count).toBe(reach);

  // One member's chart as a PDF, from the assignments list.
  await page.getByRole('link', { name: 'View assignments' }).click();
  await expect(page.getByRole('heading', { name: 'Assignments', level: 1 })).toBeVisible();
  await page.getByLabel('Plan', { exact: true }).selectOption({ label: name });
  const first = assigned.results[0] as { id: number; member_name: string };
  const pdfResponse = page.waitForResponse((r) => r.url().includes(`/api/diet/member-diet/`) && r.url().includes('/pdf/'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: `Download PDF of ${first.member_name}’s diet` })
      .first()
      .click(),
  ]);
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
});

test('a trainer adjusts one member’s copy: the totals follow, the plan stays as it was', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const [assignment] = (await api.get('/diet/assign-diet/?status=active&ordering=start_date&page_size=1')).results;
  const before = await api.get(`/diet/member-diet/${assignment.id}/`);
  const planBefore = await api.get(`/diet/diet-plan/${assignment.plan}/`);
  const meal = before.meals[0];
  const item = meal.items[0];

  await signIn(page, OWNER);
  await page.goto(`/diet-management/assign-diet/${assignment.id}`);
  await expect(page.getByRole('heading', { name: `${assignment.member_name}’s diet` })).toBeVisible();
  expect(await dayKcal(page)).toBe(before.totals.kcal);
  // Twice the first food of the first meal (grams or a count of the measure alike).
  const qty = page.getByLabel(`Quantity of ${item.food_name} (${meal.label})`);
  await expect(qty).toHaveValue(String(item.amount));
  await qty.fill(String(item.amount * 2));
  await expect.poll(() => dayKcal(page)).toBeGreaterThan(before.totals.kcal);
  const shown = await dayKcal(page);
  await page.getByRole('button', { name: 'Save Member’s Diet' }).click();
  await expect(page.getByText(`${assignment.member_name}’s diet was saved.`)).toBeVisible();

  const after = await api.get(`/diet/member-diet/${assignment.id}/`);
  expect(after.meals[0].items[0].amount).toBe(item.amount * 2);
  expect(after.totals.kcal).toBe(shown);
  // The plan (and so everyone else's copies made from it from now on) did not change.
  const planAfter = await api.get(`/diet/diet-plan/${assignment.plan}/`);
  expect(planAfter.meals).toEqual(planBefore.meals);
});

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the diet builder, with its food search open, and the assign screen have no serious accessibility violations', async ({ page }) => {
  await signIn(page, OWNER);
  const [plan] = (await (await apiAs(page, OWNER)).get('/diet/diet-plan/?is_active=true&page_size=1')).results;
  await page.goto(`/diet-management/diet-plan/${plan.id}`);
  await expect(page.getByRole('heading', { name: plan.name, level: 1 })).toBeVisible();
  const box = page.getByRole('combobox', { name: `Add food to ${plan.meals[0].label}` });
  await box.fill('dal');
  await expect(page.getByRole('listbox', { name: 'Foods matching dal' }).getByRole('option').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/diet-management/assign-diet?plan=${plan.id}`);
  await page.getByLabel('Batch', { exact: true }).selectOption({ index: 1 });
  await expect(page.getByTestId('assign-preview-summary')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an own food added under Foods is found by its local name in the builder, with its own figures', async ({ page }) => {
  const stamp = String(Date.now()).slice(-6);
  await signIn(page, OWNER);
  await page.goto('/diet-management/diet-plan/foods');
  await page.getByRole('button', { name: 'Add Food' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(`Sattu drink ${stamp}`);
  await dialog.getByLabel('Local names').fill(`sattu sharbat ${stamp}`);
  await dialog.getByLabel('Energy per 100 g').fill('80');
  await dialog.getByLabel('Protein per 100 g').fill('4.5');
  await dialog.getByLabel('Carbohydrate per 100 g').fill('13');
  // A fat figure over 100 g per 100 g is refused under its field.
  await dialog.getByLabel('Fat per 100 g').fill('120');
  await dialog.getByRole('button', { name: 'Add Food' }).click();
  await expect(dialog.getByText('Enter 0 to 100 g of fat.')).toBeVisible();
  await dialog.getByLabel('Fat per 100 g').fill('1.2');
  await dialog.getByRole('button', { name: 'Add Food' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Sattu drink ${stamp} was added.`)).toBeVisible();

  await page.goto('/diet-management/diet-plan/new');
  await page.getByRole('group', { name: 'Add a meal' }).getByRole('button', { name: 'Evening' }).click();
  await addFood(page, 'Evening', `sharbat ${stamp}`, `Sattu drink ${stamp}`);
  await page.getByLabel(`Measure of Sattu drink ${stamp} (Evening)`).selectOption('glass');
  // A glass is 250 g: 80 kcal per 100 g → 200 kcal.
  await expect.poll(() => dayKcal(page)).toBe(200);
});

test('the member page’s Diet and Workout tabs send the member their plan on WhatsApp, through the module’s template', async ({ page }) => {
  const api = await apiAs(page, OWNER);
  const diet = (await api.get('/diet/member-diet/?status=active&page_size=1')).results[0];
  await signIn(page, OWNER);
  await page.goto(`/membership/members/${diet.member}/diet`);
  await expect(page.getByText(diet.name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Send ${diet.member_name} their diet` });
  await dialog.getByLabel('Channel').selectOption('whatsapp');
  await dialog.getByLabel('Template').selectOption({ label: 'Your diet plan' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`WhatsApp message queued for ${diet.member_name}.`)).toBeVisible();
  const [sent] = (await api.get('/administrator/messaging/logs/?module=diet&channel=whatsapp')).results;
  expect(sent.recipient_id).toBe(diet.member);
  expect(sent.text).toContain(`your diet plan ${diet.name}`);

  const workout = (await api.get('/training-workout/member-training-workout/?status=active&page_size=1')).results[0];
  await page.goto(`/membership/members/${workout.member}/workout`);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const second = page.getByRole('dialog', { name: `Send ${workout.member_name} their workout` });
  await second.getByLabel('Template').selectOption({ label: 'Your workout plan' });
  await second.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(`WhatsApp message queued for ${workout.member_name}.`)).toBeVisible();
  const [wa] = (await api.get('/administrator/messaging/logs/?module=training')).results;
  expect(wa.text).toContain(`your workout plan ${workout.name}`);
});

import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn } from './support';

const SHOTS = process.env.ARENA_E2E_SHOTS;

/** The text of one column of the members table, row by row (by its header's position). */
async function column(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Members' });
  const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.findIndex((h) => h.startsWith(header));
  expect(index, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  const rows = table.locator('tbody tr');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').nth(index).innerText()).trim());
  return out;
}

const asDate = (text: string) => new Date(text).getTime();

test('the Expired, last 30 days tile opens a list of as many members, each with their last plan and end date', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/membership');
  const tile = page.getByRole('link', { name: /Expired, last 30 days/ });
  const figure = Number((await tile.locator('p').nth(1).innerText()).replace(/\D/g, ''));
  expect(figure).toBeGreaterThan(0);
  await tile.click();
  await expect(page).toHaveURL(/status=expired&ended_after=\d{4}-\d\d-\d\d&ended_before=\d{4}-\d\d-\d\d/);
  await expect(page.getByText(/Showing \d+–\d+ of \d+/)).toContainText(`of ${figure}`);
  await expect(page.getByRole('button', { name: /^Ended .* remove this filter$/ })).toBeVisible();

  const plans = await column(page, 'Plan');
  const ends = await column(page, 'Ends');
  expect(plans.length).toBeGreaterThan(0);
  expect(plans.filter((p) => p === '—' || p === 'No plan')).toEqual([]);
  expect(ends.filter((e) => e === '—')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/expired-desktop.png`, fullPage: true });

  // Sorting by Ends, newest first.
  await page.getByRole('table', { name: 'Members' }).getByRole('button', { name: /^Ends/ }).click();
  await page.getByRole('table', { name: 'Members' }).getByRole('button', { name: /^Ends/ }).click();
  await expect.poll(async () => (await column(page, 'Ends')).map(asDate)).toEqual([...ends.map(asDate)].sort((a, b) => b - a));
});

test('Members › Expiring lists the soonest to end first, and sorts by Ends and Due', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/membership/members?status=expiring');
  const table = page.getByRole('table', { name: 'Members' });
  await expect(page.getByText(/Showing \d+–\d+ of \d+/)).toBeVisible();
  const ends = (await column(page, 'Ends')).map(asDate);
  expect(ends.length).toBeGreaterThan(1);
  expect(ends).toEqual([...ends].sort((a, b) => a - b));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/expiring-desktop.png`, fullPage: true });

  await table.getByRole('button', { name: /^Due/ }).click();
  await expect
    .poll(async () => (await column(page, 'Due')).map((d) => Number(d.replace(/[^\d.]/g, ''))))
    .toEqual([...(await column(page, 'Due')).map((d) => Number(d.replace(/[^\d.]/g, '')))].sort((a, b) => a - b));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the Sort select offers Ends and Due, and the expired cards show the last plan', async ({ page }) => {
    await signIn(page, OWNER);
    await page.goto('/membership/members?status=expiring');
    const sort = page.getByLabel('Sort');
    await expect(sort).toBeVisible();
    const options = await sort.locator('option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['Ends ↑', 'Ends ↓', 'Due ↑', 'Due ↓']));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/expiring-phone.png` });

    await page.goto('/membership/members?status=expired');
    await expect(page.getByText(/Showing \d+–\d+ of \d+/)).toBeVisible();
    await expect(page.getByText('No plan')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/expired-phone.png` });
  });
});

test('on a phone, the members list shows at least four member cards a screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, OWNER);
  await page.goto('/members');
  const cards = page.getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  // Scrolled to the list, the screen below the top bar holds four whole cards (each keeps its plan, end, due and actions).
  const topBar = (await page.getByRole('banner').boundingBox())?.height ?? 0;
  const heights = await cards.evaluateAll((els) => els.slice(0, 6).map((el) => el.getBoundingClientRect().height));
  const inScreen = heights.reduce((n, _, i) => (heights.slice(0, i + 1).reduce((a, b) => a + b, 0) <= 844 - topBar ? i + 1 : n), 0);
  expect(inScreen).toBeGreaterThanOrEqual(4);
  const first = cards.first();
  await expect(first.getByText('Plan', { exact: true })).toBeVisible();
  await expect(first.getByText('Due', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Renew / })).toBeVisible();
});

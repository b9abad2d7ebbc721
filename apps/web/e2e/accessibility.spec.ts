import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OWNER, signIn } from './support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('login has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell, expanded and collapsed, has no serious or critical accessibility violations', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByLabel('Center')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('Manage Center has no serious or critical accessibility violations, in light and dark mode', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/admin/manage-center');
  await expect(page.getByRole('table', { name: 'Centers' }).getByText('Main Centre')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() =>
    localStorage.setItem('appTheme', JSON.stringify({ mode: 'dark', sidebarColor: 'blue', menuColor: 'blue', fontSize: 'medium' })),
  );
  await page.reload();
  await expect(page.getByRole('table', { name: 'Centers' }).getByText('Main Centre')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

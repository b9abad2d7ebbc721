import { expect, test } from '@playwright/test';
import { OWNER, signIn } from './support';

test.beforeEach(async ({ page }) => {
  await signIn(page, OWNER);
});

test('the theme applies at once and survives a reload (appTheme)', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('radiogroup', { name: 'Menu color' }).getByRole('radio', { name: 'Green' }).click();
  await page.getByRole('radio', { name: 'Large' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-accent', 'green');

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.locator('html')).toHaveAttribute('data-font-size', 'large');
  await expect(page.getByRole('radio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('appTheme') ?? '{}'));
  expect(stored).toEqual({ mode: 'dark', sidebarColor: 'blue', menuColor: 'green', fontSize: 'large' });

  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('a pinned sidebar stays open across a reload; unpinned, a click outside closes it (sidebarState)', async ({ page }) => {
  await page.goto('/admin/manage-center');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  // Unpinned, it lies over the dimmed page; a click there closes it.
  await page.locator('[data-sidebar-overlay]').click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByRole('button', { name: 'Pin sidebar' }).click();
  await page.getByRole('heading', { name: 'Manage Center' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  expect(await page.evaluate(() => localStorage.getItem('sidebarState'))).toBe('{"isPinned":true}');

  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await expect(page.getByRole('button', { name: 'Unpin sidebar' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Unpin sidebar' }).click();
  await page.locator('[data-sidebar-overlay]').click();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  expect(await page.evaluate(() => localStorage.getItem('sidebarState'))).toBe('{"isPinned":false}');
});

import { expect, test } from '@playwright/test';
import { DESK, loginThroughForm, mainMenu, ORG } from './support';

test('the front desk sees only the menu of its modules and is refused another module’s URL', async ({ page }) => {
  // The front desk lands on the first built screen of its first module (All Members), not on the owner's dashboard.
  await loginThroughForm(page, DESK, ORG, '/members');
  await expect(page.getByRole('heading', { name: 'All Members', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'User menu: Ravi' })).toContainText('Front Desk');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const menu = mainMenu(page);
  for (const allowed of ['All Members', 'Membership', 'Booking', 'CRM Management', 'Store', 'Reports', 'Settings']) {
    await expect(menu.getByText(allowed, { exact: true }).first()).toBeVisible();
  }
  for (const refused of ['Administrator', 'Staff Management', 'Income/Expenses', 'Accounts']) {
    await expect(menu.getByText(refused, { exact: true })).toHaveCount(0);
  }
  // No main dashboard (Administrator Management); the page it landed on is the current menu entry.
  await expect(menu.locator('a[href="/"]')).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'All Members', exact: true })).toHaveAttribute('aria-current', 'page');

  await page.goto('/admin/manage-center');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expect(page.getByText('Administrator Management')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.goto('/income-expense');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();

  // An allowed module's screen opens, with its data.
  await page.goto('/crm-management/complaints');
  await expect(page.getByRole('heading', { name: 'Complaints', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Open complaints' })).toBeVisible();
  await expect(page.getByText('This screen is not available yet')).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

const inr = (amount: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(Number(amount));

test('the owner’s home counts every module’s collections and the dues, and its figures open the lists behind them', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const money = await owner.get('/income-expense/collections/');
  // Memberships and bookings both take money in the demo: the home counts both.
  const modules = money.month.by_module.map((m: { module: string }) => m.module);
  expect(modules).toEqual(expect.arrayContaining(['Membership Management', 'Booking Management']));

  await signIn(page, OWNER);
  await page.goto('/');
  const collections = page.getByRole('region', { name: 'Collections' });
  await expect(collections.getByRole('link', { name: inr(money.month.amount) })).toBeVisible();
  await expect(collections.getByRole('list', { name: 'This month by module' })).toContainText('Membership');
  const dues = page.getByRole('region', { name: 'Dues outstanding' });
  await expect(dues).toContainText(inr(money.dues.total));

  // This month's figure opens Transactions with the same filters, and its Income total is the same.
  await collections.getByRole('link', { name: inr(money.month.amount) }).click();
  await expect(page).toHaveURL(/\/income-expense\/transactions\?type=income&date_after=/);
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: inr(money.month.amount) })
      .first(),
  ).toBeVisible();
});

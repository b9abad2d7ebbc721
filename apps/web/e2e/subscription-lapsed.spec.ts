import { expect, test } from '@playwright/test';
import { orgUrl, renewInSandbox, signIn } from './support';

const LAKEVIEW = { email: 'owner@lakeview.example.com', password: 'ArenaDemo#2026' };
const SITE = orgUrl('lakeview');

test('a lapsed organisation is read-only with a banner, its portal is paused, and renewing opens both again', async ({ page, browser }) => {
  // The seeded Lakeview Fitness is ten days past its due date: past the 7-day grace.
  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(`${SITE}/online-booking`);
  await expect(visitor.getByRole('heading', { name: 'Online bookings are paused' })).toBeVisible();
  await expect(visitor.getByText('Lakeview Fitness is not taking online bookings right now.')).toBeVisible();
  await expect(visitor.getByLabel('Center')).toHaveCount(0);

  await signIn(page, LAKEVIEW, 'lakeview');
  await page.goto(`${SITE}/admin/manage-center`);
  const banner = page.getByTestId('subscription-banner');
  await expect(banner).toContainText('Your organization is read-only.');
  await expect(banner).toContainText('Nothing has been deleted.');

  // Everything can still be seen; a change is refused with the server's message and nothing is saved.
  const table = page.getByRole('table', { name: 'Centers' });
  await expect(table.getByText('Main Centre')).toBeVisible();
  await page.getByRole('button', { name: 'Add Center' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Center' });
  await dialog.getByLabel('Name').fill('Lakeview Annexe');
  await dialog.getByRole('button', { name: 'Create Center' }).click();
  await expect(
    page.getByText('Your subscription has expired. Renew it in Administrator › Subscription to make changes.').first(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByText('Lakeview Annexe')).toHaveCount(0);

  // The banner's Renew leads to the billing page; paying in the sandbox lifts it.
  await banner.getByRole('link', { name: 'Renew' }).click();
  await page.waitForURL(`${SITE}/admin/subscription`);
  await renewInSandbox(page, SITE, 'Starter — ₹999.00/month · ₹9,990.00/year', '₹999.00');
  await expect(page.getByTestId('current-plan')).toHaveText('Starter');
  await expect(page.getByTestId('subscription-banner')).toHaveCount(0);

  // Renewed from today: the portal takes bookings again.
  await visitor.reload();
  await expect(visitor.getByLabel('Center')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Online bookings are paused' })).toHaveCount(0);
  await visitor.close();
});

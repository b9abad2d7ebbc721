import { expect, test } from '@playwright/test';
import { ORG, OWNER, signIn } from './support';

const display = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return d;
};

test('the owner renews on the billing page, pays in the sandbox, and the sidebar’s Expiry On moves', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto(`${ORG}/admin/subscription`);
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Trial');
  const expiry = page.getByText(/^Expiry On: /);
  const before = await expiry.textContent();
  const dueBefore = await page.getByTestId('due-date').textContent();

  await page.getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew subscription' });
  await dialog.getByLabel('Plan').selectOption({ label: 'Professional — ₹2,499.00/month · ₹24,990.00/year' });
  await dialog.getByRole('radio', { name: 'Monthly' }).click();
  await dialog.getByRole('button', { name: 'Pay ₹2,499.00' }).click();
  await page.waitForURL(/\/checkout\/ord_/);
  await expect(page.getByText('Professional plan, 1 month')).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹2,499.00' }).click();

  await page.waitForURL(`${ORG}/admin/subscription`);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Professional');
  await expect(page.getByTestId('due-date')).not.toHaveText(dueBefore ?? '');
  await expect(expiry).not.toHaveText(before ?? '');
  const after = await page.getByTestId('due-date').textContent();
  // The sidebar's Expiry On is the billing page's due date.
  expect(display).toBeTruthy();
  await expect(expiry).toContainText((after ?? '').trim());

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'Subscription payments' })).toContainText('Professional plan, 1 month');
  await expect(page.getByRole('button', { name: /Download invoice SUB-/ })).toBeVisible();
});

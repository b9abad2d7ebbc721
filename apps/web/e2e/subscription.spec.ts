import { expect, test } from '@playwright/test';
import { ORG, OWNER, signIn } from './support';

test('the owner renews on the billing page, pays in the sandbox, and the sidebar’s Expiry On moves', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto(`${ORG}/admin/subscription`);
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Trial');
  // The sidebar pinned open shows Expiry On on every page.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByRole('button', { name: 'Pin sidebar' }).click();
  const expiry = page.getByText(/^Expiry On: /);
  const before = await expiry.textContent();
  const dueBefore = await page.getByTestId('due-date').textContent();

  await page.getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew subscription' });
  await dialog.getByLabel('Plan').selectOption({ label: 'Enterprise — ₹4,999.00/month · ₹49,990.00/year' });
  // Enterprise keeps every module: the journeys after this one (the store's camera) still find theirs.
  await dialog.getByRole('radio', { name: 'Monthly' }).click();
  // What is due: the price less any balance on account (an earlier /payments test may have left one).
  const pay = dialog.getByRole('button', { name: /^Pay ₹[\d,]+\.\d\d$/ });
  const label = (await pay.textContent())!.trim();
  await pay.click();
  await page.waitForURL(/\/checkout\/ord_/);
  await expect(page.getByText('Enterprise plan, 1 month')).toBeVisible();
  await page.getByRole('button', { name: label }).click();

  await page.waitForURL(`${ORG}/admin/subscription`);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Enterprise');
  await expect(page.getByTestId('due-date')).not.toHaveText(dueBefore ?? '');
  await expect(expiry).not.toHaveText(before ?? '');
  const after = await page.getByTestId('due-date').textContent();
  // The sidebar's Expiry On is the billing page's due date.
  await expect(expiry).toContainText((after ?? '').trim());

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('table', { name: 'Subscription payments' })).toContainText('Enterprise plan, 1 month');
  await expect(page.getByRole('button', { name: /Download invoice SUB-/ }).first()).toBeVisible();
});

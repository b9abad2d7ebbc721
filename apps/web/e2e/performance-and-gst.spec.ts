import { expect, test } from '@playwright/test';
import { OWNER, signIn } from './support';

test('the owner sets up performance categories and items (an item needs its category)', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/membership/performance/category');
  await page.getByRole('button', { name: 'Add Category' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('Name').fill('Grip strength');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Performance categories' }).getByText('Grip strength')).toBeVisible();

  // The Item tab: an item needs its category (the page's own rule) and a unit.
  await page.getByRole('link', { name: 'Item' }).click();
  await expect(page).toHaveURL(/\/membership\/performance\/item$/);
  await page.getByRole('button', { name: 'Add Item' }).first().click();
  const item = page.getByRole('dialog', { name: 'Add Item' });
  await item.getByLabel('Name').fill('Dead hang');
  await item.getByRole('button', { name: 'Create' }).click();
  await expect(item.getByText('Choose a category.')).toBeVisible();
  await item.getByLabel('Category').selectOption({ label: 'Grip strength' });
  await item.getByLabel('Unit').selectOption('sec');
  await item.getByRole('button', { name: 'Create' }).click();
  await expect(item).toBeHidden();
  const items = page.getByRole('table', { name: 'Performance items' });
  await expect(items.getByRole('row', { name: /Dead hang/ })).toContainText('Grip strength');

  await page.getByRole('button', { name: 'Deactivate Dead hang' }).click();
  await expect(page.getByRole('button', { name: 'Activate Dead hang' })).toBeVisible();
});

test("the GST summary shows the month's GSTR-1 tables", async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/reports/accounts?report=gst-summary');
  for (const heading of [
    'B2B invoices',
    'B2C large invoices',
    'B2C small supplies',
    'Credit and debit notes to registered buyers',
    'Credit and debit notes to unregistered buyers',
    'Nil rated, exempted and non-GST supplies',
    'HSN/SAC summary',
    'Documents issued',
  ])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  // The demo sells to buyers without a GSTIN in Karnataka and Tamil Nadu: B2C small supplies by place of supply.
  await expect(page.getByRole('table', { name: 'B2C small supplies' })).toContainText('29-Karnataka');
  await expect(page.getByRole('table', { name: 'Documents issued' })).toContainText('Invoices for outward supply');
});

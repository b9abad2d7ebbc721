import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

test('the owner creates, edits, searches, sorts, deactivates and exports centres', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/admin/manage-center');
  const table = page.getByRole('table', { name: 'Centers' });
  await expect(table.getByText('Main Centre')).toBeVisible();

  // Create: the contracts schema refuses a blank name; the server refuses a duplicate, under the field.
  await page.getByRole('button', { name: 'Add Center' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Center' });
  await dialog.getByRole('button', { name: 'Create Center' }).click();
  await expect(dialog.getByText('This field may not be blank.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Main Centre');
  await dialog.getByRole('button', { name: 'Create Center' }).click();
  await expect(dialog.getByText('A center with this name already exists.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Whitefield Arena');
  await dialog.getByLabel('City').fill('Bengaluru');
  await dialog.getByLabel('Code').fill('WFD');
  await dialog.getByRole('button', { name: 'Create Center' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText('Whitefield Arena')).toBeVisible();

  // The sidebar's centre selector learns about it.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByLabel('Center').locator('option', { hasText: 'Whitefield Arena' })).toHaveCount(1);
  await page.locator('[data-sidebar-overlay]').click(); // the dimmed page: closes the sidebar

  // Edit.
  await page.getByRole('button', { name: 'Edit Whitefield Arena' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Whitefield Arena' });
  await edit.getByLabel('Phone').fill('080 4000 1234');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByText('080 4000 1234')).toBeVisible();

  // Server-side search and sort.
  await page.getByRole('searchbox', { name: 'Search centers' }).fill('white');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search centers' }).fill('');
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('button', { name: 'Name' }).click();
  await table.getByRole('button', { name: 'Name' }).click();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('Whitefield Arena');

  // Column choice.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Email' }).click();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();

  // Deactivate after confirming; the inactive filter finds it.
  await page.getByRole('button', { name: 'Deactivate Whitefield Arena' }).click();
  await page.getByRole('dialog', { name: 'Deactivate Whitefield Arena?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByRole('button', { name: 'Activate Whitefield Arena' })).toBeVisible();
  await page.getByLabel('Status').selectOption('false');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Inactive')).toBeVisible();

  // Export → CSV: the server builds the file of every row matching the table's search and filters.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^centers-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByText('Export ready')).toBeVisible();
  const lines = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('\uFEFFName,Code,City,State,Phone,Email,GSTIN,Status,Created');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^Whitefield Arena,WFD,Bengaluru,,080 4000 1234,,,Inactive,\d{2} [A-Z][a-z]{2} \d{4}( \d{2}:\d{2})?$/);
});

test('the owner renames the organisation on Profile and the sidebar follows', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByLabel('Display Name').fill('Demo Sports Club Koramangala');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated.')).toBeVisible();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('Demo Sports Club Koramangala')).toBeVisible();
  // Put it back for the journeys that read the name.
  await page.locator('[data-sidebar-overlay]').click(); // the dimmed page: closes the sidebar
  await page.getByLabel('Display Name').fill('Demo Sports Club');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeDisabled();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText('Demo Sports Club', { exact: true })).toBeVisible();
});

test('the owner sets on Profile the largest discount desk staff may give (0–100 %)', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/admin');
  const cap = page.getByLabel('Largest desk discount');
  await expect(cap).toHaveValue('10');
  await cap.fill('120');
  await page.getByRole('button', { name: 'Save Discount Cap' }).click();
  await expect(page.getByText('Enter a percentage from 0 to 100.')).toBeVisible();
  await cap.fill('5');
  await page.getByRole('button', { name: 'Save Discount Cap' }).click();
  await expect(page.getByText('The discount cap was saved.')).toBeVisible();
  const owner = await apiAs(page, OWNER);
  expect((await owner.get('/administrator/organisation/')).operate_discount_cap_percent).toBe('5.00');
  // Back to the demo's 10 % for the other journeys.
  await cap.fill('10');
  await page.getByRole('button', { name: 'Save Discount Cap' }).click();
  await expect(page.getByRole('button', { name: 'Save Discount Cap' })).toBeDisabled();
  expect((await owner.get('/administrator/organisation/')).operate_discount_cap_percent).toBe('10.00');
});

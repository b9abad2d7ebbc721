import { expect, test } from '@playwright/test';
import { DESK, OWNER, signIn } from './support';

test('the owner keeps staff categories: opens Create Category, adds, edits, deactivates, filters and exports', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/staff-management/staff-category');
  const table = page.getByRole('table', { name: 'Staff categories' });
  // The demo seed's categories.
  await expect(table.getByText('Receptionist')).toBeVisible();

  // The Create Category tab opens the form; a duplicate name is refused under the field.
  await page.getByRole('link', { name: 'Create Category' }).click();
  await expect(page).toHaveURL(/\/staff-management\/staff-category\/create$/);
  const dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByLabel('Name').fill('trainer');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('A staff category with this name already exists.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Physiotherapist');
  await dialog.getByLabel('Description').fill('Injury rehab and recovery');
  await dialog.getByLabel('Paid leave days per month').fill('2');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  // Closing the form returns to the Categories tab, with the new row in the list.
  await expect(page).toHaveURL(/\/staff-management\/staff-category$/);
  await expect(table.getByText('Physiotherapist')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Physiotherapist' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Physiotherapist' });
  await edit.getByLabel('Description').fill('Sports injury rehab');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByText('Sports injury rehab')).toBeVisible();

  await page.getByRole('button', { name: 'Deactivate Physiotherapist' }).click();
  await expect(page.getByRole('button', { name: 'Activate Physiotherapist' })).toBeVisible();
  await page.getByLabel('Status').selectOption('false');
  await expect(table.getByRole('row')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^staff-categories-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('\uFEFFName,Description,Paid leave days per month,Status,Created');
  expect(lines[1]).toMatch(/^Physiotherapist,Sports injury rehab,2,Inactive,/);
});

test('the front desk, without Staff Management, is refused the staff categories', async ({ page }) => {
  await signIn(page, DESK);
  await page.goto('/staff-management/staff-category');
  await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff categories' })).toHaveCount(0);
  // The API refuses it too, not just the menu.
  const answer = await page.evaluate(async () => {
    const token = localStorage.getItem('token') ?? '';
    return (await fetch('/api/staff-management/staff-category/', { headers: { Authorization: `Token ${token}` } })).status;
  });
  expect(answer).toBe(403);
});

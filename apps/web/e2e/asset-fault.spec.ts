import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

test("an asset's QR page: report a fault and see it under maintenance, then open the label", async ({ page }) => {
  await signIn(page, OWNER);
  const api = await apiAs(page, OWNER);
  // A demo asset in use (a spin bike): the page its QR label opens, /asset-management/my-assets/{id}?fault=1.
  const list = await api.get('/asset/asset/?status=in_use&search=Spin%20bike&ordering=name');
  const asset = list.results[0] as { id: number; code: string; name: string };
  expect(asset).toBeTruthy();

  await page.goto(`/asset-management/my-assets/${asset.id}?fault=1`);
  // The QR's page opens straight on "Report a fault" (the page behind it hidden from the accessibility tree while it is open).
  const dialog = page.getByRole('dialog', { name: `Report a fault: ${asset.code} ${asset.name}` });
  // The first screen of the module loads its code: give it time on a busy machine.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Report fault' }).click();
  await expect(dialog.getByText('Say what is wrong.')).toBeVisible();
  await dialog.getByLabel('What is wrong?').fill('Resistance knob stuck');
  await dialog.getByRole('button', { name: 'Report fault' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: asset.name })).toBeVisible();

  // Under maintenance, with the repair in its history, and so in the register.
  await expect(page.getByText('Under maintenance', { exact: true })).toBeVisible();
  const history = page.getByRole('table', { name: `Maintenance of ${asset.name}` });
  await expect(history.getByText('Resistance knob stuck')).toBeVisible();
  await expect(page).not.toHaveURL(/fault=1/);
  await page.screenshot({ path: 'test-results/asset-fault.png', fullPage: true });
  const after = await api.get(`/asset/asset/${asset.id}/`);
  expect(after).toMatchObject({ status: 'under_maintenance', open_repairs: 1 });

  // The repair done: in use again.
  await history.getByRole('button', { name: /^Mark repair of .* done$/ }).click();
  const done = page.getByRole('dialog', { name: `Repair done: ${asset.code}` });
  await done.getByRole('button', { name: 'Mark done' }).click();
  await expect(done).toBeHidden();
  await expect(page.getByText('In use', { exact: true })).toBeVisible();

  // Its label is a PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Label' }).click();
  expect((await download).suggestedFilename()).toBe(`${asset.code}-label.pdf`);
});

test('the maintenance list: the service due soonest marked done from its row, its cost on the books', async ({ page }) => {
  await signIn(page, OWNER);
  const api = await apiAs(page, OWNER);
  // The demo's preventive services fall due from today on; the list shows them soonest first.
  const due = await api.get('/asset/maintenance/?status=scheduled&kind=preventive&page_size=5');
  const entry = due.results[0] as { id: number; asset: number; asset_code: string; asset_name: string; every_days: number | null };
  expect(entry).toBeTruthy();

  await page.goto('/asset-management/maintenance');
  await expect(page.getByRole('heading', { name: 'Maintenance', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Maintenance sections' }).getByRole('link', { name: 'Repairs Open' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Maintenance due' });
  const row = table.getByRole('row').filter({ hasText: entry.asset_code });
  // The row links to its asset.
  await expect(row.getByRole('link', { name: new RegExp(entry.asset_name) })).toHaveAttribute(
    'href',
    `/asset-management/my-assets/${entry.asset}`,
  );
  await row.getByRole('button', { name: new RegExp(`^Mark preventive of ${entry.asset_code} on .* done$`) }).click();
  const dialog = page.getByRole('dialog', { name: `Preventive done: ${entry.asset_code}` });
  await dialog.getByLabel('Cost').fill('1500');
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog.getByText('Choose how the cost was paid.')).toBeVisible();
  await dialog.getByLabel('Payment Mode').selectOption({ label: 'Cash' });
  await dialog.getByLabel('Notes').fill('Belts and lubrication');
  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: 'test-results/asset-maintenance-list.png', fullPage: true });

  // Done: in the Done tab with its cost, posted as a Maintenance expense; the next service scheduled.
  await page.getByRole('navigation', { name: 'Maintenance sections' }).getByRole('link', { name: 'Done' }).click();
  const history = page.getByRole('table', { name: 'Maintenance done' });
  await expect(history.getByRole('row').filter({ hasText: 'Belts and lubrication' })).toContainText('1,500.00');
  const after = await api.get(`/asset/asset/${entry.asset}/maintenance/`);
  const done = (after.results as { id: number; status: string; cost: string; expense: number | null; next_due: string | null }[]).find(
    (m) => m.id === entry.id,
  );
  expect(done).toMatchObject({ status: 'done', cost: '1500.00', expense: expect.any(Number) });
  if (entry.every_days) expect(done?.next_due).toBeTruthy();
});

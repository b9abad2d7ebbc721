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
  await expect(page.getByRole('heading', { name: asset.name })).toBeVisible();
  // The QR's page opens straight on "Report a fault".
  const dialog = page.getByRole('dialog', { name: `Report a fault: ${asset.code} ${asset.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Report fault' }).click();
  await expect(dialog.getByText('Say what is wrong.')).toBeVisible();
  await dialog.getByLabel('What is wrong?').fill('Resistance knob stuck');
  await dialog.getByRole('button', { name: 'Report fault' }).click();
  await expect(dialog).toBeHidden();

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

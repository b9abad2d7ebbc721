import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';
import { apiAs, OWNER, PORT, signIn } from './support';

/** A 64×64 RGB PNG of a blue ring: a stand-in for the picture of a centre's stamp. */
function sealPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const size = 64;
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - size / 2, y - size / 2);
      rows.push(...(d > 24 && d < 30 ? [26, 61, 143] : [255, 255, 255]));
    }
  }
  const header = Buffer.from([0, 0, 0, size, 0, 0, 0, size, 8, 2, 0, 0, 0]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}

test("the owner gives a centre its seal, the invoices of its sales carry it, and an invoice shows each tax head's rate", async ({
  page,
}) => {
  const owner = await apiAs(page, OWNER);
  const centres = (await owner.get('/administrator/centre/?page_size=50')).results;
  const main = centres.find((c: { name: string }) => c.name === 'Main Centre');
  const [sale] = (await owner.get(`/administrator/invoice/?centre=${main.id}&kind=invoice&page_size=1`)).results;
  const login = await page.request.post(`http://127.0.0.1:${PORT}/api/accounts/login/`, {
    headers: { Host: `demo.localhost:${PORT}` },
    data: OWNER,
  });
  const headers = { Host: `demo.localhost:${PORT}`, Authorization: `Token ${(await login.json()).key}` };
  const pdfHasImage = async () =>
    (await (await page.request.get(`http://127.0.0.1:${PORT}/api/administrator/invoice/${sale.id}/pdf/`, { headers })).body())
      .toString('latin1')
      .includes('/Subtype /Image');
  expect(await pdfHasImage()).toBe(false);

  await signIn(page, OWNER);
  await page.goto('/admin/manage-center');
  await page.getByRole('button', { name: 'Edit Main Centre' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Main Centre' });
  await edit.getByLabel('Upload seal').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: sealPng() });
  await expect(page.getByText('Seal of Main Centre saved.')).toBeVisible();
  await expect(edit.getByRole('img', { name: 'Seal of Main Centre' })).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Remove seal' })).toBeVisible();
  await expect
    .poll(() => edit.getByRole('img', { name: 'Seal of Main Centre' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(64);
  if (process.env.ARENA_SHOTS) {
    await edit.getByText('Saved as soon as you choose it.').scrollIntoViewIfNeeded();
    await edit.screenshot({ path: `${process.env.ARENA_SHOTS}/centre-seal-dialog.png` });
  }
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  expect(await pdfHasImage()).toBe(true);

  // The invoice page: each line's tax heads at their rates, and the totals per head and rate.
  await page.goto(`/accounts/${sale.id}`);
  const lines = page.getByRole('region', { name: 'Invoice lines' });
  await expect(lines.getByRole('columnheader', { name: 'Tax rate' })).toBeVisible();
  await expect(lines).toContainText(/CGST \d+(\.\d+)?\s%/);
  await expect(lines).toContainText(/SGST \d+(\.\d+)?\s%/);
  await expect(page.getByLabel('Totals')).toContainText(/CGST @ \d+(\.\d+)?\s%/);
  if (process.env.ARENA_SHOTS) await page.screenshot({ path: `${process.env.ARENA_SHOTS}/invoice-page.png`, fullPage: true });

  // Removing the seal takes it off the documents.
  await page.goto('/admin/manage-center');
  await page.getByRole('button', { name: 'Edit Main Centre' }).click();
  await edit.getByRole('button', { name: 'Remove seal' }).click();
  await expect(page.getByText('Seal of Main Centre removed.')).toBeVisible();
  await expect(edit.getByLabel('Upload seal')).toBeAttached();
  expect(await pdfHasImage()).toBe(false);
});

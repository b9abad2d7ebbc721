import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ean13Modules } from '../src/modules/store/ean13';
import { apiAs, DESK, OWNER, signIn } from './support';

/** A product of the journey's own (made below when the store lacks it): its EAN-13. */
const BARCODE = '8901999999998';

/**
 * A camera pointed at the product: Chromium's fake camera plays this Y4M, a 640×480 frame with the
 * barcode printed across its middle (4 pixels a module, quiet zones, grey paper, soft edges).
 */
function barcodeVideo(code: string): string {
  const width = 640;
  const height = 480;
  const modules = ean13Modules(code);
  const moduleWidth = 4;
  const left = Math.floor((width - 95 * moduleWidth) / 2);
  const luma = Buffer.alloc(width * height, 200);
  for (let y = 150; y < 330; y++)
    for (let x = 0; x < 95 * moduleWidth; x++) if (modules[Math.floor(x / moduleWidth)] === '1') luma[y * width + left + x] = 40;
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(os.tmpdir(), `arena-barcode-${code}.y4m`);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${barcodeVideo(BARCODE)}`,
    ],
  },
});

test('the desk points the camera at a barcode and the product lands in the cart', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const category = (await owner.get('/store/category/dropdown/')).results[0].id as number;
  // Made once (a second run finds it: the barcode is unique in the organisation).
  await owner.post('/store/product/', {
    name: 'Camera Test Shaker',
    category,
    hsn: '3924',
    gst_rate: 18,
    variants: [{ name: 'Black, 600 ml', barcode: BARCODE, mrp: '349.00', price: '299.00' }],
  });
  const desk = await apiAs(page, DESK);
  const product = await desk.get(`/store/shopping-cart/scan/?code=${BARCODE}`);
  expect(product.label, 'the demo store has this barcode').toBeTruthy();

  await signIn(page, DESK);
  await page.goto('/store/billing');
  await page.getByRole('button', { name: 'Scan with the camera' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan a barcode' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem', { name: product.label })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: 'Scan a barcode' })).toBeHidden();
});

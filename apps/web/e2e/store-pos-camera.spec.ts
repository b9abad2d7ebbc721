import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ean13Modules } from '../src/modules/store/ean13';
import { apiAs, DESK, signIn } from './support';

/** The demo store's first variant (seed: `890100` + 000001 + check digit). */
const BARCODE = '8901000000019';

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

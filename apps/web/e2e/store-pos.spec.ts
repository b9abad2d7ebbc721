import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { apiAs, DESK, signIn } from './support';

/** An EAN-13 with its check digit, from 12 digits. */
function ean13(first12: string): string {
  const sum = [...first12].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

interface OnShelf {
  centre: number;
  products: { barcode: string; label: string; price: string }[];
}

/**
 * Two products of the demo store with units to sell in Main Centre, found as the scanner finds
 * them: the demo variants' barcodes are EAN-13s `890100` + a
 * running number (6 digits) + the check digit (apps/api/src/modules/store/seed.ts), each read back
 * through the scan endpoint with its stock at the centre.
 */
async function findOnShelf(page: Page): Promise<OnShelf> {
  const desk = await apiAs(page, DESK);
  const centres = (await desk.get('/administrator/centre/dropdown/')).results as { id: number; name: string }[];
  const centre = (centres.find((c) => c.name === 'Main Centre') ?? centres[0]).id;
  const products: OnShelf['products'] = [];
  for (let n = 1; n <= 20 && products.length < 2; n++) {
    const barcode = ean13(`890100${String(n).padStart(6, '0')}`);
    const found = await desk.get(`/store/shopping-cart/scan/?code=${barcode}&centre=${centre}`);
    if (found.id && found.sellable >= 3) products.push({ barcode, label: found.label, price: found.price });
  }
  expect(products, 'two demo products with stock in Main Centre').toHaveLength(2);
  return { centre, products };
}

test('the desk scans two products, sells them for cash and UPI, and downloads the invoice PDF', async ({ page }) => {
  const made = await findOnShelf(page);
  const [first, second] = made.products;

  await signIn(page, DESK);
  await page.evaluate((centre) => localStorage.setItem('selectedCentre', String(centre)), made.centre);
  await page.goto('/store/billing');
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();

  // A scanner types the code and Enter into the focused search box.
  const search = page.getByLabel('Scan or search products');
  await expect(search).toBeFocused();
  await search.pressSequentially(first.barcode, { delay: 5 });
  await search.press('Enter');
  const cart = page.getByRole('list', { name: 'Cart' });
  await expect(cart.getByRole('listitem', { name: first.label })).toBeVisible();
  await expect(search).toHaveValue('');

  // The scanner again with no field focused (a tap elsewhere on the counter): its keys still land in the cart.
  await page.getByRole('heading', { name: 'Billing' }).click();
  await expect(search).not.toBeFocused();
  await page.keyboard.type(second.barcode, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(cart.getByRole('listitem', { name: second.label })).toBeVisible();

  // Two of the first: the stepper named after the product.
  await page.getByRole('button', { name: `Increase quantity of ${first.label}` }).click();
  await expect(page.getByRole('textbox', { name: `Quantity of ${first.label}` })).toHaveValue('2');

  // Prices are tax-inclusive: two of the first and one of the second; the first payment is Cash for all of it.
  const rupees = (s: string) => Math.round(Number(s) * 100);
  const total = ((2 * rupees(first.price) + rupees(second.price)) / 100).toFixed(2);
  const upi = ((rupees(total) - 200_000) / 100).toFixed(2);
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await expect(page.getByLabel('Payment 1 amount')).toHaveValue(total);
  await expect(page.getByLabel('Payment 1 mode')).toHaveValue(/.+/);
  expect(await page.getByLabel('Payment 1 mode').locator('option:checked').textContent()).toMatch(/cash/i);

  // Split: ₹2,000 in cash, the rest by UPI with its reference.
  await page.getByRole('button', { name: 'Add payment' }).click();
  expect(await page.getByLabel('Payment 2 mode').locator('option:checked').textContent()).toMatch(/upi/i);
  await page.getByLabel('Payment 1 amount').fill('2000');
  await expect(page.getByLabel('Payment 2 amount')).toHaveValue(upi);
  await page.getByLabel('Payment 2 reference').fill('UTR123456789');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/store\/billing\/invoice\?sale=\d+/);
  const saleId = Number(new URL(page.url()).searchParams.get('sale'));
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
  const items = page.getByRole('list', { name: 'Items sold' });
  await expect(items.getByText(first.label)).toBeVisible();
  await expect(items.getByText(second.label)).toBeVisible();

  const desk = await apiAs(page, DESK);
  const sale = await desk.get(`/store/sale/${saleId}/`);
  expect(sale.total).toBe(total);
  expect(sale.paid).toBe(total);
  expect(sale.status).toBe('paid');
  expect(sale.payments.map((p: { mode: string; amount: string }) => [p.mode.toLowerCase(), p.amount]).sort()).toEqual([
    [expect.stringContaining('cash'), '2000.00'],
    [expect.stringContaining('upi'), upi],
  ]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(download.suggestedFilename()).toContain(sale.invoice.number.replaceAll('/', '-'));
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('button', { name: 'Share by e-mail' }).click();
  const email = page.getByRole('dialog', { name: /^E-mail / });
  await email.getByLabel('E-mail').fill('walkin.buyer@example.com');
  await email.getByRole('button', { name: 'Send' }).click();
  await expect(email).toBeHidden();
});

test('a part-paid sale leaves a due that the invoice collects, and a return takes units back with a refund', async ({ page }) => {
  const made = await findOnShelf(page);
  const [product] = made.products;

  await signIn(page, DESK);
  await page.evaluate((centre) => localStorage.setItem('selectedCentre', String(centre)), made.centre);
  await page.goto('/store/billing');
  const search = page.getByLabel('Scan or search products');
  await search.pressSequentially(product.barcode, { delay: 5 });
  await search.press('Enter');
  await expect(page.getByRole('list', { name: 'Cart' }).getByRole('listitem', { name: product.label })).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity of ' + product.label }).click();
  await expect(page.getByLabel('Payment 1 amount')).toHaveValue((Number(product.price) * 2).toFixed(2));

  // ₹1,000 now: the rest stays due, and the screen says so before the sale is made.
  await page.getByLabel('Payment 1 amount').fill('1000');
  const due = (Number(product.price) * 2 - 1000).toFixed(2);
  await expect(page.getByText('Due', { exact: true })).toBeVisible();
  // A due is owed by someone: a walk-in leaving one gives a name and phone (saved as a customer).
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await page.getByRole('button', { name: 'Add a name or phone' }).click();
  await page.getByLabel('Walk-in name').fill('Journey Walk-in');
  await page.getByLabel('Walk-in phone').fill(`9${String(Date.now()).slice(-9)}`);
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/store\/billing\/invoice\?sale=\d+/);
  await expect(page.getByText('Part paid')).toBeVisible();

  await page.getByRole('button', { name: 'Collect due' }).click();
  const collect = page.getByRole('dialog', { name: /^Collect due on / });
  await expect(collect.getByLabel('Amount')).toHaveValue(due);
  await collect.getByLabel('Payment Mode').selectOption({ label: 'Cash' });
  await collect.getByRole('button', { name: 'Collect' }).click();
  await expect(collect).toBeHidden();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Collect due' })).toBeHidden();

  await page.getByRole('button', { name: 'Return items' }).click();
  const giveBack = page.getByRole('dialog', { name: /^Return items of / });
  await giveBack.getByLabel(`Units of ${product.label} returned`).fill('1');
  await expect(giveBack.getByLabel('Refund by').locator('option:checked')).toHaveText('Cash');
  await giveBack.getByRole('button', { name: 'Return items' }).click();
  await expect(giveBack).toBeHidden();
  await expect(page.getByRole('list', { name: 'Items sold' }).getByText('1 returned')).toBeVisible();

  const saleId = Number(new URL(page.url()).searchParams.get('sale'));
  const sale = await (await apiAs(page, DESK)).get(`/store/sale/${saleId}/`);
  expect(sale.lines[0].returned).toBe(1);
  expect(Number(sale.returned)).toBeGreaterThan(0);
  expect(sale.due).toBe('0.00');
});

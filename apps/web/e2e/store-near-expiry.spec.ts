import { expect, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { apiAs, OWNER, signIn } from './support';

// A product that tracks expiry, bought with a batch that expires in 10 days (inside the 30-day window).
const suffix = String(Date.now()).slice(-7);
const PRODUCT = `E2E Energy Drink ${suffix}`;
const BATCH = `NEAR${suffix}`;
let batchId = 0;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const owner = await apiAs(page, OWNER);
  const category = await (await owner.post('/store/category/', { name: `E2E Drinks ${suffix}` })).json();
  const supplier = await (await owner.post('/store/supplier/', { name: `E2E Beverages ${suffix}` })).json();
  const product = await owner.post('/store/product/', {
    name: PRODUCT,
    category: category.id,
    hsn: '2202',
    gst_rate: 40,
    tracks_expiry: true,
    variants: [{ name: 'Lemon, 250 ml', sku: `E2E-ED-${suffix}`, mrp: '125.00', price: '120.00' }],
  });
  expect(product.status()).toBe(201);
  const variant = (await owner.get(`/store/sub-product/?product=${(await product.json()).id}`)).results[0];
  const centre = ((await owner.get('/administrator/centre/dropdown/')).results as { id: number; name: string }[]).find(
    (c) => c.name === 'Main Centre',
  )!;
  const purchase = await owner.post('/store/purchase/', {
    supplier: supplier.id,
    centre: centre.id,
    bill_no: `NE-${suffix}`,
    bill_date: format(new Date(), 'yyyy-MM-dd'),
    lines: [
      {
        sub_product: variant.id,
        batch_no: BATCH,
        expiry_date: format(addDays(new Date(), 10), 'yyyy-MM-dd'),
        quantity: 24,
        cost: '60.00',
        gst_rate: 40,
      },
    ],
  });
  expect(purchase.status()).toBe(201);
  batchId = (await purchase.json()).lines[0].batch;
  await page.close();
});

test('a batch near its expiry shows on Near To Expire, in amber, and can be written off', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  await signIn(page, OWNER);
  await page.goto('/store/near-to-expire');
  await expect(page.getByRole('heading', { name: 'Near To Expire', level: 1 })).toBeVisible();
  await page.getByLabel('Search batches near expiry').fill(PRODUCT);
  const table = page.getByRole('table', { name: 'Batches near expiry' });
  const row = table.getByRole('row').filter({ hasText: PRODUCT });
  await expect(row).toBeVisible();
  // Ten days ahead (nine when the organisation's day is already tomorrow where the runner is).
  await expect(row.getByText(/^in (9|10) days$/)).toBeVisible();
  await expect(row.locator('.text-warning-text')).toBeVisible();
  await expect(row.getByRole('cell', { name: '24', exact: true })).toBeVisible();

  // Written off (all that is left), it leaves the list and the batch is empty.
  await row.getByRole('button', { name: new RegExp(`^Write off batch ${BATCH} of `) }).click();
  const dialog = page.getByRole('dialog', { name: 'Write off stock' });
  await dialog.getByLabel('Reason').fill('Dented cans');
  await dialog.getByRole('button', { name: 'Write off' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByText(PRODUCT)).toHaveCount(0);
  expect((await owner.get(`/store/batch/${batchId}/`)).quantity).toBe(0);
});

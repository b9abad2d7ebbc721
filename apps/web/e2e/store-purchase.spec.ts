import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { apiAs, OWNER, signIn } from './support';

/** A select field, whether it is drawn as a native select (≤ 10 options) or as a combobox. */
async function choose(page: Page, label: string, option: string) {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ label: option });
  else {
    await field.fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
}

// What the journey needs, made through the API: a category, a supplier, and a product that tracks expiry.
const suffix = String(Date.now()).slice(-7);
const SKU = `E2E-WHEY-${suffix}`;
const PRODUCT = `E2E Whey ${suffix}`;
const SUPPLIER = `E2E Nutrition Distributors ${suffix}`;
let productId = 0;
let variantId = 0;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const owner = await apiAs(page, OWNER);
  const category = await (await owner.post('/store/category/', { name: `E2E Protein ${suffix}` })).json();
  expect(category.id).toBeGreaterThan(0);
  const supplier = await owner.post('/store/supplier/', { name: SUPPLIER, payment_terms_days: 30 });
  expect(supplier.status()).toBe(201);
  const product = await owner.post('/store/product/', {
    name: PRODUCT,
    category: category.id,
    hsn: '2106',
    gst_rate: 18,
    unit: 'piece',
    reorder_level: 5,
    tracks_expiry: true,
    variants: [{ name: 'Chocolate, 1 kg', sku: SKU, mrp: '2999.00', price: '2799.00' }],
  });
  expect(product.status()).toBe(201);
  productId = (await product.json()).id;
  const variants = (await owner.get(`/store/sub-product/?product=${productId}`)).results;
  expect(variants).toHaveLength(1);
  variantId = variants[0].id;
  expect(variants[0].stock).toBe(0);
  await page.close();
});

test('an owner enters a supplier bill with a batch, keyboard-first, and sees the stock rise', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await apiAs(page, OWNER);
  await signIn(page, OWNER);
  const billNo = `INV-${suffix}`;
  const batchNo = `B${suffix}`;
  const expiry = addDays(new Date(), 240);

  await page.goto('/store/products/purchases/new');
  await expect(page.getByRole('heading', { name: 'New Purchase', level: 1 })).toBeVisible();
  await choose(page, 'Supplier', SUPPLIER);
  await choose(page, 'Centre', 'Main Centre');
  await page.getByLabel('Bill number').fill(billNo);

  // The variant by its SKU: Enter picks it and moves to the batch number; its GST rate comes with it.
  const product = page.getByRole('combobox', { name: 'Product, line 1' });
  await product.fill(SKU);
  await expect(page.getByRole('option', { name: new RegExp(PRODUCT) })).toBeVisible();
  await product.press('Enter');
  await expect(product).toHaveValue(new RegExp(PRODUCT));
  await expect(page.getByLabel('Batch no, line 1')).toBeFocused();
  await page.keyboard.type(batchNo);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('GST rate, line 1')).toHaveValue('18');

  // Without the expiry the screen refuses the line: the product tracks expiry.
  await page.getByLabel('Quantity, line 1').fill('12');
  await page.getByLabel('Cost before GST, line 1').fill('1800');
  await page.getByRole('button', { name: 'Save Purchase' }).click();
  await expect(page.getByText('Enter the expiry date: this product tracks expiry.')).toBeVisible();
  expect((await owner.get(`/store/purchase/?search=${billNo}`)).count).toBe(0);

  await page.getByLabel('Expiry, line 1').fill(format(expiry, 'dd/MM/yyyy'));
  await page.getByLabel('Expiry, line 1').press('Tab');
  // Running totals: 12 × ₹1,800 = ₹21,600 taxable, 18 % GST ₹3,888, ₹25,488 in all.
  const totals = page.getByRole('group', { name: 'Bill totals' }).locator('dd');
  await expect(totals.nth(0)).toHaveText('₹21,600.00');
  await expect(totals.nth(1)).toHaveText('₹3,888.00');
  await expect(totals.nth(2)).toHaveText('₹25,488.00');

  await page.getByRole('button', { name: 'Save Purchase' }).click();
  await expect(page).toHaveURL(/\/store\/products\/purchases$/);
  await expect(page.getByRole('table', { name: 'Purchases' }).getByText(`Bill ${billNo}`)).toBeVisible();
  const purchase = (await owner.get(`/store/purchase/?search=${billNo}`)).results[0];
  expect(purchase).toMatchObject({ bill_no: billNo, taxable: '21600.00', gst: '3888.00', total: '25488.00', status: 'payable' });

  // The stock rose by the batch: on the product's page and through the API.
  await page.goto(`/store/products/${productId}`);
  await expect(page.getByRole('heading', { name: PRODUCT, level: 1 })).toBeVisible();
  const batches = page.getByRole('table', { name: new RegExp(`^Batches of ${PRODUCT}`) });
  await expect(batches.getByText(batchNo)).toBeVisible();
  await expect(batches.getByText('12 of 12')).toBeVisible();
  await expect(page.getByRole('table', { name: `Variants of ${PRODUCT}` }).getByRole('cell', { name: '12', exact: true })).toBeVisible();
  const variant = await owner.get(`/store/sub-product/${variantId}/`);
  expect(variant.stock).toBe(12);
  expect(variant.next_expiry).toBe(format(expiry, 'yyyy-MM-dd'));
});

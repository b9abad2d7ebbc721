import { expect, test, type Page } from '@playwright/test';
import { OWNER, PORT, PROVIDER } from './support';

/** Signs the owner in on the provider host (where /payments lives) and opens the page. */
async function openPayments(page: Page) {
  const response = await page.request.post(`http://127.0.0.1:${PORT}/api/accounts/login/`, {
    headers: { Host: `localhost:${PORT}` },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(response.status()).toBe(200);
  const { key, user } = await response.json();
  await page.goto(`${PROVIDER}/select-organization`);
  await page.evaluate(
    ({ key, user }) => {
      localStorage.setItem('token', key);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('organisation', JSON.stringify(user.organisation));
    },
    { key, user },
  );
  await page.goto(`${PROVIDER}/payments`);
  await expect(page.getByRole('heading', { name: 'Make Payment' })).toBeVisible();
}

test('/payments: Make Payment validates, pays through the sandbox checkout and comes back', async ({ page }) => {
  await openPayments(page);
  // The input shows a dollar sign while the button shows the rupee sign (spec 2.3).
  await expect(page.getByText('$', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay ₹0.00' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();
  await page.getByLabel('Amount').fill('-5');
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();

  await page.getByLabel('Amount').fill('1500');
  await expect(page.getByRole('button', { name: 'Pay ₹1,500.00' })).toBeVisible();
  const initiate = page.waitForRequest((r) => r.url().endsWith('/api/payments/initiate/') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Pay ₹1,500.00' }).click();
  // Description left blank: 'Payment'.
  expect((await initiate).postDataJSON()).toEqual({ amount: 1500, description: 'Payment' });
  await expect(page.getByText('Payment initiated successfully. Redirecting...')).toBeVisible();
  await page.waitForURL(new RegExp(`^${PROVIDER}/checkout/ord_`));
  await expect(page.getByLabel('Amount ₹1,500.00')).toBeVisible();
  await expect(page.getByText('Payment', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹1,500.00' }).click();
  await page.waitForURL(`${PROVIDER}/payments`);
  await expect(page.getByText('Payment received. It is credited to your account')).toBeVisible();
});

test('/payments: a refused or empty answer says so (spec 8)', async ({ page }) => {
  await openPayments(page);
  await page.route('**/api/payments/initiate/', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
  );
  await page.getByLabel('Amount').fill('10');
  await page.getByLabel('Description (optional)').fill('Top up');
  await page.getByRole('button', { name: 'Pay ₹10.00' }).click();
  await expect(page.getByText('Payment failed. Please try again.')).toBeVisible();
  await page.unroute('**/api/payments/initiate/');
  await page.route('**/api/payments/initiate/', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'Pay ₹10.00' }).click();
  await expect(page.getByText('Something went wrong. Please try again.')).toBeVisible();
  expect(page.url()).toBe(`${PROVIDER}/payments`);
});

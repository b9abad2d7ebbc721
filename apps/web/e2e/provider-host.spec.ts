import { expect, test } from '@playwright/test';
import { OWNER, ORG, PROVIDER } from './support';

test('on the provider host, a user with an organisation is handed over to its host, signed in', async ({ page }) => {
  await page.goto(`${PROVIDER}/login`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Login success!' })).toBeVisible();
  // → demo.localhost/login?token=…&email=… → exchanged → parameters removed → home.
  await page.waitForURL(`${ORG}/`, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'User menu: Asha' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
});

test('select organization takes the subdomain and opens that organisation’s login', async ({ page }) => {
  await page.goto(`${PROVIDER}/select-organization`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Subdomain is required')).toBeVisible();
  await page.getByLabel('Subdomain').fill('demo');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`${ORG}/login`);
  await expect(page.getByText('Demo Sports Club')).toBeVisible();
});

test('a signed-out visitor is sent to /login from a protected route', async ({ page }) => {
  await page.goto('/admin/manage-center');
  await page.waitForURL('/login');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
});

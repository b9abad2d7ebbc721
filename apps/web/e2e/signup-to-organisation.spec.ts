import { expect, test } from '@playwright/test';
import { linkFromOutbox, orgUrl, PROVIDER, submitSignUp } from './support';

test('a new user signs up, verifies the e-mail, logs in, registers an organisation and arrives signed in on its host', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const email = `founder-${stamp}@example.com`;
  const password = 'Founder#2026';
  const slug = `club-${stamp}`;
  const started = Date.now();

  await page.goto(`${PROVIDER}/signup`);
  await submitSignUp(page, { firstName: 'meera', lastName: 'Iyer', email, password });
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const link = await linkFromOutbox(email, /http:\/\/localhost:\d+\/accounts\/confirm-email\/[^\s]+/, started - 1000);
  await page.goto(link);
  await expect(page.getByText('Email Verified!')).toBeVisible();
  await expect(page.getByText('Redirecting to login page...')).toBeVisible();
  await page.waitForURL(`${PROVIDER}/login`, { timeout: 6_000 });

  // Signed in without an organisation: the provider host sends the user to register one.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Login success!' })).toBeVisible();
  await page.waitForURL(`${PROVIDER}/organization/register/`);

  await page.getByLabel('Organization Name').fill('Meera Badminton Academy');
  await page.getByLabel('Subdomain').fill('demo');
  await expect(page.getByText('This subdomain is already taken.')).toBeVisible();
  await page.getByLabel('Subdomain').fill(slug);
  await expect(page.getByText(`${slug}.localhost:`)).toBeVisible();
  await page.getByRole('button', { name: 'Register Organization' }).click();

  // The key travels once in ?token=, is exchanged, and both parameters leave the address bar.
  await page.waitForURL(`${orgUrl(slug)}/`, { timeout: 15_000 });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await expect(page.getByRole('button', { name: /User menu: Meera/ })).toBeVisible();
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('organisation') ?? 'null')?.subdomain)).toBe(slug);
});

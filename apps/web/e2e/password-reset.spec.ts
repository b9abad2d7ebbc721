import { expect, test } from '@playwright/test';
import { linkFromOutbox, orgUrl, RIVERSIDE } from './support';

// Runs on the riverside organisation so the demo logins other journeys use stay unchanged.
const ORIGIN = orgUrl('riverside');

test('forgot password → reset link from the mail → new password → log in with it', async ({ page }) => {
  const started = Date.now();
  await page.goto(`${ORIGIN}/login`);
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/accounts/reset-password`);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/select-organization');

  await page.getByLabel('Email').fill(RIVERSIDE.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If the email address is associated with an account, a password reset link will be sent.')).toBeVisible();

  const link = await linkFromOutbox(RIVERSIDE.email, /http:\/\/riverside\.localhost:\d+\/password\/reset\/confirm\/[^\s]+/, started - 1000);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();

  const newPassword = 'Riverside#Reset1';
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password successfully reset!')).toBeVisible();
  await page.waitForURL(`${ORIGIN}/login`, { timeout: 5_000 });

  await page.getByLabel('Email').fill(RIVERSIDE.email);
  await page.getByLabel('Password', { exact: true }).fill(RIVERSIDE.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Unable to log in with provided credentials.')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Login success!' })).toBeVisible();
  await page.waitForURL(`${ORIGIN}/`);

  // The link is single-use.
  await page.goto(link);
  await page.getByLabel('New Password').fill('Another#Pass9');
  await page.getByLabel('Confirm Password').fill('Another#Pass9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Failed to reset password.')).toBeVisible();
});

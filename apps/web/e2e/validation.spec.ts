import { expect, test } from '@playwright/test';

test.describe('validation messages of spec 5', () => {
  test('login: email and password are required; wrong credentials show the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('owner@demo.example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Unable to log in with provided credentials.');
    await expect(page).toHaveURL('/login');
  });

  test('forgot password: email is required', async ({ page }) => {
    await page.goto('/accounts/reset-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
  });

  test('reset confirm: required, minimum length and matching passwords', async ({ page }) => {
    await page.goto('/password/reset/confirm/abc/def/');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();

    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    await page.getByLabel('New Password').fill('LongEnough#1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    // A made-up link is refused by the server.
    await page.getByLabel('Confirm Password').fill('LongEnough#1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Failed to reset password.')).toBeVisible();
  });

  test('e-mail confirmation with a bad key fails with the server message and a way back', async ({ page }) => {
    await page.goto('/accounts/confirm-email/not-a-real-key');
    await expect(page.getByText('Verification Failed')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the login page offers sign-up, forgot password and the two social buttons that do nothing', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/accounts/reset-password');
    await page.getByRole('button', { name: 'Login with Google' }).click();
    await page.getByRole('button', { name: 'Login with Mobile' }).click();
    await expect(page).toHaveURL('/login');
  });
});

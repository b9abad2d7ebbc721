import { expect, test } from '@playwright/test';
import { OWNER } from './support';

test('the owner logs in with Remember Me, changes the centre, and logs out', async ({ page }) => {
  await page.goto('/login?email=owner%40demo.example.com');
  // ?email= prefills the field and leaves the address bar.
  await expect(page.getByLabel('Email')).toHaveValue(OWNER.email);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByLabel('Remember Me').check();
  const loginRequest = page.waitForRequest((r) => r.url().endsWith('/api/accounts/login/') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  expect((await loginRequest).postDataJSON()).toMatchObject({ email: OWNER.email, remember: true });
  await expect(page.getByRole('button', { name: 'Login success!' })).toBeVisible();
  await page.waitForURL('/');

  // Top bar and sidebar show who is signed in and where.
  await expect(page.getByRole('button', { name: 'User menu: Asha' })).toContainText('Owner');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('Demo Sports Club')).toBeVisible();
  await expect(sidebar.getByText('ARN100001')).toBeVisible();
  await expect(sidebar.getByText(/^Expiry On: /)).toBeVisible();

  // Centre change: saved to the server, remembered locally, every query refreshed.
  const centre = sidebar.getByLabel('Center');
  await expect(centre.locator('option').first()).toHaveText('All Centers');
  await expect(centre.locator('option').first()).toHaveAttribute('value', '');
  await expect(centre.locator('option', { hasText: 'Main Centre' })).toHaveCount(1);
  const save = page.waitForRequest((r) => r.url().includes('/api/accounts/user/?notify=true') && r.method() === 'PUT');
  await centre.selectOption({ label: 'Riverside Centre' });
  const body = (await save).postDataJSON();
  await expect(page.getByText('Center updated successfully!')).toBeVisible();
  const storedId = await page.evaluate(() => localStorage.getItem('selectedCentre'));
  expect(String(body.center_id)).toBe(storedId);
  await page.reload();
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByLabel('Center')).toHaveValue(storedId!);

  // A failed save says so in a toast and in the sidebar, and keeps the previous choice.
  await page.route('**/api/accounts/user/?notify=true', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: 'Centre is closed.' }) }),
  );
  await page.getByLabel('Center').selectOption({ label: 'All Centers' });
  await expect(page.getByText('Error setting center: Centre is closed.')).toBeVisible();
  await expect(page.getByText('Failed to update center. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Center')).toHaveValue(storedId!);
  await page.unroute('**/api/accounts/user/?notify=true');

  // Logout from the user menu clears the session everywhere.
  await page.getByRole('button', { name: 'User menu: Asha' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('/login');
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    user: localStorage.getItem('user'),
    organisation: localStorage.getItem('organisation'),
  }));
  expect(stored).toEqual({ token: null, user: null, organisation: null });
  await page.goto('/admin/manage-center');
  await page.waitForURL('/login');
});

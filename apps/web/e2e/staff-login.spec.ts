import { expect, test } from '@playwright/test';
import { apiAs, linkFromOutbox, loginThroughForm, mainMenu, ORG, OWNER, signIn } from './support';

// Issue 21: the owner gives a staff member a login with two modules from the staff member's
// permissions page; the invitation arrives by mail, the staff member sets a password, signs in and
// sees only those two modules in the menu.
test('the owner invites a staff member with two modules; they set a password and see only those modules', async ({ page }) => {
  const started = Date.now();
  const owner = await apiAs(page, OWNER);
  const staffList = await owner.get('/staff-management/staff/?search=Sneha');
  const sneha = staffList.results[0];
  expect(sneha).toBeTruthy();
  const email = `sneha.${Date.now()}@staff.example.com`;

  await signIn(page, OWNER);
  await page.goto(`${ORG}/staff-management/staffs/${sneha.id}/permissions`);
  await expect(page.getByText('No login', { exact: true })).toBeVisible();
  await page.getByLabel('Login e-mail').fill(email);
  const modules = page.getByRole('list', { name: 'Modules' });
  await modules.getByLabel('Booking Management', { exact: true }).check();
  await modules.getByLabel('Membership Management', { exact: true }).check();
  await expect(page.getByLabel('Level in Booking Management')).toHaveValue('operate');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable login' })).toBeVisible();

  const link = await linkFromOutbox(email, /http:\/\/demo\.localhost:\d+\/password\/reset\/confirm\/[^\s]+/, started - 1000);
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  const password = 'Sneha#Desk2026';
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  // The invitation words the reset page as choosing a first password.
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password is set. Log in with it.')).toBeVisible();
  await page.waitForURL(`${ORG}/login`, { timeout: 5_000 });

  await loginThroughForm(page, { email, password }, ORG, '/members');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  const menu = mainMenu(page);
  for (const allowed of ['Membership', 'Booking']) await expect(menu.getByText(allowed, { exact: true }).first()).toBeVisible();
  for (const refused of ['Administrator', 'Staff Management', 'Income/Expenses', 'Accounts', 'CRM Management', 'Store'])
    await expect(menu.getByText(refused, { exact: true })).toHaveCount(0);
});

import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

test("End User Login: the owner publishes an announcement to a plan's members, blocks and unblocks a member, changes a setting", async ({
  page,
}) => {
  await signIn(page, OWNER);
  const api = await apiAs(page, OWNER);

  // The dashboard: the figures and the sign-ins chart.
  await page.goto('/end-user-login');
  await expect(page.getByRole('heading', { name: 'End User Login', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Members with app access')).toBeVisible();
  await expect(page.getByText('Sign-ins by day, last 30 days')).toBeVisible();
  await page.screenshot({ path: 'test-results/end-user-dashboard.png', fullPage: true });

  // An announcement to the Monthly plan's members, published now; the phone preview follows the typing.
  await page.goto('/end-user-login/announcements-feeds');
  await page.getByRole('button', { name: 'New announcement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New announcement' });
  const title = `Monthly members: free guest pass ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Text').fill('Bring a friend for free this weekend. Details at https://example.com/guest');
  await dialog.getByLabel('Audience').selectOption({ label: 'Members of a plan' });
  await dialog.getByLabel('Plan').selectOption({ label: 'Monthly' });
  await dialog.getByLabel('Pin to the top').check();
  const preview = dialog.getByRole('region', { name: 'Preview as a phone' });
  await expect(preview.getByText(title)).toBeVisible();
  await page.screenshot({ path: 'test-results/end-user-feed-editor.png' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'Announcements/Feeds sections' }).getByRole('link', { name: 'Published' }).click();
  const published = page.getByRole('table', { name: 'Published announcements' });
  await expect(published.getByText(title)).toBeVisible();
  await page.screenshot({ path: 'test-results/end-user-feeds.png', fullPage: true });
  await expect(published.getByRole('row').filter({ hasText: title }).getByRole('cell', { name: 'Monthly', exact: true })).toBeVisible();
  const saved = await api.get(`/end-user/feed/?search=${encodeURIComponent(title)}`);
  expect(saved.results[0]).toMatchObject({ title, status: 'published', pinned: true, audience: { kind: 'plan', name: 'Monthly' } });

  // Block a member from the Active Users tab (after the confirm), then unblock them from the Blocked tab.
  const users = await api.get('/end-user/end-user/?status=active&ordering=-last_login_at&page_size=1');
  const user = users.results[0] as { id: number; member: { full_name: string; member_code: string } };
  const label = `${user.member.full_name} (${user.member.member_code})`;
  await page.goto('/end-user-login/user-login');
  const active = page.getByRole('table', { name: 'Active users' });
  await page.getByRole('searchbox').first().fill(user.member.member_code);
  await page.screenshot({ path: 'test-results/end-user-users.png', fullPage: true });
  await active.getByRole('button', { name: `Block ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${label}?` });
  await expect(confirm.getByText('signed out of the member app on every device')).toBeVisible();
  await confirm.getByRole('button', { name: 'Block' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`${label} is blocked and signed out everywhere.`)).toBeVisible();
  expect((await api.get(`/end-user/end-user/${user.id}/`)).status).toBe('blocked');

  await page.getByRole('navigation', { name: 'User Login sections' }).getByRole('link', { name: 'Blocked' }).click();
  const blocked = page.getByRole('table', { name: 'Blocked users' });
  await blocked.getByRole('button', { name: `Unblock ${label}` }).click();
  await expect(page.getByText(`${label} may sign in again.`)).toBeVisible();
  expect((await api.get(`/end-user/end-user/${user.id}/`)).status).toBe('active');

  // A setting: switch Book off, saved; then on again (the demo as it was).
  await page.goto('/end-user-login/settings');
  const book = page.getByLabel('Book', { exact: true });
  await expect(book).toBeChecked({ timeout: 20_000 });
  await book.uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Member app settings saved.')).toBeVisible();
  expect(await api.get('/end-user/settings/')).toMatchObject({ login_mode: 'everyone', book: false });
  await page.screenshot({ path: 'test-results/end-user-settings.png', fullPage: true });
  await book.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(async () => (await api.get('/end-user/settings/')).book).toBe(true);

  // Reports › End User: who signed in (the demo's sign-ins this month), and active vs blocked.
  await page.goto('/reports/end-user');
  await expect(page.getByRole('heading', { name: 'End User Reports' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Active members report' })).toBeVisible();
  await page.screenshot({ path: 'test-results/end-user-report-active.png', fullPage: true });
  await page.goto('/reports/end-user?report=versus');
  await expect(page.getByRole('table', { name: 'Active vs blocked report' })).toContainText('Blocked');
  await page.screenshot({ path: 'test-results/end-user-report-versus.png', fullPage: true });
});

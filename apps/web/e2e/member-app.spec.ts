import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { smsCodeFor } from './member-support';
import { apiAs, linkFromOutbox, OWNER, PORT } from './support';

/** A phone: the member app is built for a small Android screen. */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('a member signs in with the SMS code, sees their home, keeps it offline, and signs out', async ({ page, context }) => {
  // The organisation lets every member sign in (the admin API the settings screen uses).
  const owner = await apiAs(page, OWNER);
  const settings = await owner.put('/end-user/settings/', { login_mode: 'everyone' });
  expect(settings.status()).toBe(200);
  // A member with a running membership.
  const memberships = (await owner.get('/member-management/membership/?status=active&page_size=20')).results as {
    member: number;
    member_name: string;
    plan_name: string;
    end_date: string;
  }[];
  const membership = memberships[0];
  const member = (await owner.get(`/member-management/member/${membership.member}/`)) as { phone: string; first_name: string };

  // Not signed in: /me opens the sign-in, phone first.
  await page.goto('/me');
  await page.waitForURL('**/me/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Demo Sports Club')).toBeVisible();
  // A wrong number is refused before anything is sent.
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Enter a 10-digit mobile number.')).toBeVisible();

  const asked = Date.now();
  await page.getByLabel('Mobile number').fill(member.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('If this number belongs to a member, a code has been sent.')).toBeVisible();
  const codeInput = page.getByLabel(`Code sent to ${member.phone}`);
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  const code = await smsCodeFor(member.phone, asked);

  // A wrong code shows the API's field error; the right one signs in.
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The code is wrong or has expired.')).toBeVisible();
  await codeInput.fill(code);
  await expect(page.getByLabel('Remember this device for 90 days')).toBeChecked();
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Home: the membership, its days left and end date, the dues.
  await page.waitForURL((url) => url.pathname === '/me/');
  await expect(page.getByRole('heading', { name: `Hello, ${member.first_name}` })).toBeVisible();
  await expect(page.getByText(membership.plan_name, { exact: true })).toBeVisible();
  await expect(page.getByTestId('days-left')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('due')).toContainText('₹');
  const key = await page.evaluate(() => localStorage.getItem('arena.member.key'));
  expect(key).toMatch(/^m_[0-9a-f]{64}$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  const nav = page.getByRole('navigation', { name: 'Member app' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  // No accessibility violations on the home (WCAG 2.1 AA).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // Tap targets: the tabs are at least 44 px high.
  const tab = await nav.getByRole('link', { name: 'More' }).boundingBox();
  expect(tab!.height).toBeGreaterThanOrEqual(44);

  // Devices (under More): this one is marked.
  await nav.getByRole('link', { name: 'More' }).click();
  await page.getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { name: 'Devices' })).toBeVisible();
  await expect(page.getByText('This device', { exact: true })).toBeVisible();

  // The service worker has the shell and the home page's files: offline, the last membership shows.
  await page.getByRole('navigation', { name: 'Member app' }).getByRole('link', { name: 'Home' }).click();
  await expect(page.getByTestId('days-left')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const keys = await (await caches.open('arena-me-v1')).keys();
        return keys.some((r) => r.url.endsWith('/me/')) && keys.some((r) => /\/assets\/HomePage-/.test(r.url));
      }),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('You are offline')).toBeVisible();
  await expect(page.getByText(membership.plan_name, { exact: true })).toBeVisible();
  await expect(page.getByTestId('days-left')).toHaveText(/^\d+$/);
  await expect(page.getByText('Demo Sports Club')).toBeVisible();
  await context.setOffline(false);

  // Sign out: the key is forgotten and no longer works.
  await page.reload();
  await page.getByRole('navigation', { name: 'Member app' }).getByRole('link', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/me/sign-in');
  expect(await page.evaluate(() => localStorage.getItem('arena.member.key'))).toBeNull();
  const after = await page.request.get(`http://127.0.0.1:${PORT}/api/me/`, {
    headers: { Host: `demo.localhost:${PORT}`, Authorization: `Token ${key}` },
  });
  expect(after.status()).toBe(401);
});

test('a member signs in with the e-mailed link, and a switched-off feature is hidden', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  // Announcements off: the More page does not list them and /me/feed is not there.
  // Freeze requests off but cancellation requests on: the requests page stays (for cancelling).
  const settings = await owner.put('/end-user/settings/', { login_mode: 'everyone', announcements: false, freeze_request: false });
  expect(settings.status()).toBe(200);
  const memberships = (await owner.get('/member-management/membership/?status=active&page_size=20')).results as { member: number }[];
  const member = (await owner.get(`/member-management/member/${memberships[1].member}/`)) as { email: string; first_name: string };
  expect(member.email).toContain('@');

  await page.goto('/me/sign-in');
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeVisible();
  const signInAxe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(signInAxe.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('button', { name: 'Use e-mail instead' }).click();
  const asked = Date.now();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('If this address belongs to a member, a sign-in link has been sent.')).toBeVisible();
  const link = await linkFromOutbox(member.email, /https?:\/\/[^\s"<>]+\/me\/sign-in\?token=[0-9a-f]{64}/, asked - 1000);

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: `Hello, ${member.first_name}` })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/me/' && !url.search);
  // The link works once.
  const again = await page.context().newPage();
  await again.goto(new URL(link).pathname + new URL(link).search);
  await expect(again.getByText('The link is wrong or has expired. Ask for a new one.')).toBeVisible();
  await again.close();

  await page.getByRole('navigation', { name: 'Member app' }).getByRole('link', { name: 'More' }).click();
  await expect(page.getByRole('link', { name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Announcements' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Freeze or cancel' }).click();
  await expect(page.getByRole('radio', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Freeze' })).toHaveCount(0);
  await page.goto('/me/feed');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await owner.put('/end-user/settings/', { login_mode: 'everyone', announcements: true });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Announcements' })).toBeVisible();
});

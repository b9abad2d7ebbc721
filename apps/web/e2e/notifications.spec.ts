import { expect, test } from '@playwright/test';
import { bookOnline, DESK, OWNER, signIn } from './support';

/** Issue 22: a new online booking raises the owner's notification badge without a reload; the dropdown opens the booking. */

test('a booking made on the public portal raises the owner’s badge, the dropdown opens it, and the badge goes down', async ({ page }) => {
  await signIn(page, OWNER);
  // Poll every 2 s instead of 30 s (the top bar reads this setting).
  await page.evaluate(() => localStorage.setItem('arena:notification-poll-ms', '2000'));
  await page.goto('/');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  const countOf = async () => {
    const label = (await bell.getAttribute('aria-label')) ?? '';
    return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
  };
  await expect.poll(countOf).toBeGreaterThan(0); // the demo's unread ones
  const before = await countOf();

  // A visitor books on the portal (its API, as the portal page calls it).
  const code = await bookOnline(page, { name: 'Notified Visitor', email: 'notified.visitor@example.com', mobile_no: '9845022222' }, 23);

  // No reload: the badge rises within the polling interval.
  await expect.poll(countOf, { timeout: 10_000 }).toBe(before + 1);
  await expect(page.getByTestId('notifications-badge')).toHaveText(before + 1 > 9 ? '9+' : String(before + 1));

  await bell.click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  const entry = menu.getByRole('menuitem', { name: new RegExp(`New online booking ${code}`) });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Notified Visitor');
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/booking/booking\\?search=${code}$`));
  await expect(page.getByText(code).first()).toBeVisible();
  await expect.poll(countOf).toBe(before);

  // View all lists it, read.
  await bell.click();
  await page.getByRole('menuitem', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  const table = page.getByRole('table', { name: 'Notifications' });
  await expect(table.getByRole('link', { name: `New online booking ${code}` })).toBeVisible();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect.poll(countOf).toBe(0);
});

test('the front desk, without Administrator, opens its own notifications from View all (no settings tab)', async ({ page }) => {
  await signIn(page, DESK);
  await page.goto('/booking');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('menuitem', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notification Settings' })).toHaveCount(0);
});

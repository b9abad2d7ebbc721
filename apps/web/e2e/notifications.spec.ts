import { expect, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { DESK, OWNER, PORT, signIn } from './support';

/** Issue 22: a new online booking raises the owner's notification badge without a reload; the dropdown opens the booking. */
const API = `http://127.0.0.1:${PORT}/api`;
const HOST = { Host: `demo.localhost:${PORT}` };

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
  const centres = (await (await page.request.get(`${API}/public/centres/`, { headers: HOST })).json()).results as {
    id: number;
    name: string;
  }[];
  const centre = centres.find((c) => c.name === 'Main Centre')!;
  const facilities = (await (await page.request.get(`${API}/public/facilities/?centre=${centre.id}`, { headers: HOST })).json())
    .results as {
    id: number;
    name: string;
    sport_name: string;
  }[];
  const court = facilities.find((f) => f.sport_name === 'Badminton' && f.name === 'Court 1')!;
  const day = addDays(new Date(), 23);
  const groups = (await (
    await page.request.get(`${API}/booking/facility/${court.id}/online-available-slots/${format(day, 'dd-MM-yyyy')}/`, { headers: HOST })
  ).json()) as { time_slots: { id: number; start_time: string; end_time: string; price: string; booking_status: string }[] }[];
  const slot = groups.flatMap((g) => g.time_slots).find((s) => s.booking_status === 'available')!;
  const date = format(day, 'yyyy-MM-dd');
  const booked = await page.request.post(`${API}/public/bookings/`, {
    headers: HOST,
    data: {
      centre: centre.id,
      facility: court.id,
      date,
      time_slots: [{ date, slot: slot.id, start_time: slot.start_time, end_time: slot.end_time }],
      name: 'Notified Visitor',
      email: 'notified.visitor@example.com',
      mobile_no: '9845022222',
      booking_amount: slot.price,
      sub_total: slot.price,
    },
  });
  expect(booked.status()).toBe(201);
  const code = (await booked.json()).code as string;

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

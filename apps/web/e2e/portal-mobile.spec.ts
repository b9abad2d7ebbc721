import { expect, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import fs from 'node:fs';
import { PORT } from './support';

/** Issue 12 §5: a visitor on a 390 px phone books with the sticky bar and sees the confirmation panel. */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const API = `http://127.0.0.1:${PORT}/api`;
const HOST = { Host: `demo.localhost:${PORT}` };

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a visitor on a phone picks two slots, proceeds from the sticky bar and gets the confirmation with a calendar file', async ({
  page,
}) => {
  // A link from the club's website: /online-booking?centre=…&facility=… preselects both.
  const centres = (await (await page.request.get(`${API}/public/centres/`, { headers: HOST })).json()).results as {
    id: number;
    name: string;
  }[];
  const centre = centres.find((c) => c.name === 'Main Centre')!;
  const facilities = (await (await page.request.get(`${API}/public/facilities/?centre=${centre.id}`, { headers: HOST })).json())
    .results as { id: number; name: string; sport_name: string }[];
  const court = facilities.find((f) => f.sport_name === 'Badminton' && f.name === 'Court 1')!;

  await page.goto(`/online-booking?centre=${centre.id}&facility=${court.id}`);
  await expect(page).toHaveTitle(/^Online Booking · Demo Sports Club$/);
  await expect(page.getByLabel('Center')).toHaveValue(String(centre.id));
  await expect(page.getByLabel('Facility')).toHaveValue(String(court.id));
  await page.getByLabel('Date').fill(format(addDays(new Date(), 19), 'yyyy-MM-dd'));
  await expect(page.getByText('Loading Slots...')).toHaveCount(0);

  const bar = page.getByRole('region', { name: 'Your selection' });
  await expect(bar).toHaveCount(0);
  const open = page.locator('main button[aria-pressed="false"]');
  await expect(open.nth(1)).toBeVisible();
  const prices: number[] = [];
  for (let i = 0; i < 2; i++) {
    const button = open.first(); // a picked slot leaves the list of unpicked ones
    prices.push(Number((await button.locator('span').nth(1).innerText()).replace(/[₹,]/g, '')));
    await button.click();
  }
  const total = inr.format(prices[0] + prices[1]);
  expect(total).toMatch(/^₹[\d,]+\.\d{2}$/);

  // The sticky bar: the count and the total, in Indian format, at the bottom of the screen.
  await expect(bar).toBeVisible();
  await expect(bar.getByTestId('selection-bar-summary')).toHaveText(`2 slots · ${total}`);
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(844 - 2);
  expect(box.y).toBeGreaterThan(844 - 120);
  // One Proceed to Book on the phone: the bar's.
  await expect(page.getByRole('button', { name: 'Proceed to Book' })).toHaveCount(1);
  await bar.getByRole('button', { name: 'Proceed to Book' }).click();

  const modal = page.getByRole('dialog', { name: 'Confirm Your Booking' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(total)).toBeVisible();
  await modal.getByLabel('Full Name').fill('E2E Phone Visitor');
  await modal.getByLabel('Email Address').fill('phone.visitor@example.com');
  await modal.getByLabel('Phone Number').fill('9845066666');
  await modal.getByRole('button', { name: 'Confirm Booking' }).click();

  const panel = page.getByTestId('booking-confirmation');
  await expect(panel).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(bar).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  const code = (await panel.getByTestId('confirmation-code').innerText()).trim();
  expect(code).toMatch(/^BK-\d{4}-\d+$/);
  // Issue 20 §6: the success toast (top right) never covers the booking code on a phone.
  const toast = page.getByRole('status').filter({ hasText: 'Booking confirmed successfully!' });
  await expect(toast).toBeVisible();
  await page.waitForTimeout(800); // the panel's smooth scroll settles
  const t = await toast.boundingBox();
  const covered = async (name: string, box: { x: number; y: number; width: number; height: number } | null) => {
    expect(t && box, name).toBeTruthy();
    return t!.x < box!.x + box!.width && box!.x < t!.x + t!.width && t!.y < box!.y + box!.height && box!.y < t!.y + t!.height;
  };
  const overlaps =
    (await covered('code', await panel.getByTestId('confirmation-code').boundingBox())) ||
    (await covered('heading', await panel.getByRole('heading', { name: 'Booking confirmed' }).boundingBox()));
  expect(overlaps, `the toast ${JSON.stringify(t)} covers the confirmation's heading or code`).toBe(false);
  await expect(panel.getByTestId('confirmation-amount')).toHaveText(total);
  await expect(panel.getByText('Pay at the venue')).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Booked slots' }).getByRole('listitem')).toHaveCount(2);

  // Add to calendar: an .ics named after the code, one event per slot.
  const calendar = panel.getByRole('link', { name: 'Add to calendar' });
  await expect(calendar).toBeVisible();
  await expect(calendar).toHaveAttribute('download', `${code}.ics`);
  const [download] = await Promise.all([page.waitForEvent('download'), calendar.click()]);
  expect(download.suggestedFilename()).toBe(`${code}.ics`);
  const ics = fs.readFileSync((await download.path())!, 'utf8');
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(ics).toContain(`UID:${code}-1@arena`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  // The page never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { apiAs, OWNER, PORT } from './support';

/**
 * Issue 23: a facility that requires online payment. A visitor on a phone picks a slot, is taken
 * to the checkout (the slot held for 10 minutes), pays, and lands on the confirmation; a failed
 * payment releases the slot, which the portal offers again.
 */
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A new facility of Main Centre (Badminton) with `payment_required`, made by the owner through the API. */
async function payOnlineCourt(page: Page, name: string): Promise<{ centre: number; facility: number }> {
  const api = await apiAs(page, OWNER);
  const list = (await api.get('/booking/facility/?page_size=100')).results as {
    centre: number;
    centre_name: string;
    sport: number;
    sport_name: string;
  }[];
  const like = list.find((f) => f.centre_name === 'Main Centre' && f.sport_name === 'Badminton')!;
  const res = await api.post('/booking/facility/', {
    name,
    centre: like.centre,
    sport: like.sport,
    enable_online_booking: true,
    payment_required: true,
    slot_groups: [
      {
        name: 'Evening',
        time_slots: [
          { start_time: '18:00', end_time: '19:00', price: '650.00' },
          { start_time: '19:00', end_time: '20:00', price: '650.00' },
        ],
      },
    ],
  });
  expect(res.status(), await res.text()).toBe(201);
  return { centre: like.centre, facility: (await res.json()).id };
}

/** Opens the portal on the facility and a date, picks the first free slot and submits the contact details: answers the slot's time. */
async function holdFirstSlot(page: Page, court: { centre: number; facility: number }, daysAhead: number, who: string) {
  await page.goto(`/online-booking?centre=${court.centre}&facility=${court.facility}`);
  await expect(page.getByLabel('Facility')).toHaveValue(String(court.facility));
  await page.getByLabel('Date').fill(format(addDays(new Date(), daysAhead), 'yyyy-MM-dd'));
  await expect(page.getByText('Loading Slots...')).toHaveCount(0);
  const slot = page.locator('main button[aria-pressed="false"]').first();
  const time = (await slot.locator('span').first().innerText()).trim();
  await slot.click();
  await page.getByRole('region', { name: 'Your selection' }).getByRole('button', { name: 'Proceed to Book' }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm Your Booking' });
  await expect(modal.getByText('Your slots are held for 10 minutes while you pay')).toBeVisible();
  await modal.getByLabel('Full Name').fill(who);
  await modal.getByLabel('Email Address').fill(`${who.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  await modal.getByLabel('Phone Number').fill(`98450${String(daysAhead).padStart(2, '0')}${String(Date.now() % 1000).padStart(3, '0')}`);
  await modal.getByRole('button', { name: `Pay ${inr.format(650)}` }).click();
  // The checkout of the payment order, on the organisation's own host.
  await expect(page).toHaveURL(/\/checkout\/ord_/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel(`Amount ${inr.format(650)}`)).toBeVisible();
  return time;
}

test('a visitor on a phone pays online for a slot and lands on the confirmation', async ({ page }) => {
  const court = await payOnlineCourt(page, 'Pay Court A');
  await holdFirstSlot(page, court, 6, 'Online Payer');
  await page.getByRole('button', { name: `Pay ${inr.format(650)}` }).click();

  await expect(page).toHaveURL(/\/online-booking\?.*order=ord_.*status=paid/);
  const panel = page.getByTestId('booking-confirmation');
  await expect(panel.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await expect(panel.getByTestId('confirmation-code')).toHaveText(/^BK-\d{4}-\d+$/);
  await expect(panel.getByTestId('confirmation-amount')).toHaveText(inr.format(650));
  await expect(panel.getByText('Paid online')).toBeVisible();
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a failed payment releases the slot and the portal offers it again', async ({ page }) => {
  const court = await payOnlineCourt(page, 'Pay Court B');
  const time = await holdFirstSlot(page, court, 7, 'Failing Payer');
  // While held, the slot is taken for everyone else.
  const day = format(addDays(new Date(), 7), 'dd-MM-yyyy');
  const held = await page.request.get(`http://127.0.0.1:${PORT}/api/booking/facility/${court.facility}/online-available-slots/${day}/`, {
    headers: { Host: `demo.localhost:${PORT}` },
  });
  expect((await held.json())[0].time_slots[0].booking_status).toBe('booked');

  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page).toHaveURL(/\/online-booking\?.*order=ord_.*status=failed/);
  const released = page.getByTestId('payment-released');
  await expect(released.getByRole('heading', { name: 'Payment not completed' })).toBeVisible();
  await expect(released.getByText('the slots were released')).toBeVisible();
  await released.getByRole('button', { name: 'Book again' }).click();

  await expect(page).not.toHaveURL(/order=/);
  await page.getByLabel('Date').fill(format(addDays(new Date(), 7), 'yyyy-MM-dd'));
  await expect(page.getByText('Loading Slots...')).toHaveCount(0);
  const again = page.locator('main button[aria-pressed="false"]').first();
  await expect(again.locator('span').first()).toHaveText(time);
});

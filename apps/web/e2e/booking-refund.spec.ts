import { expect, test } from '@playwright/test';
import { apiAs, DESK, loginThroughForm, ORG } from './support';

const inr = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);
const paise = (v: string) => Math.round(Number(v) * 100);

test('the desk cancels one slot of a paid two-slot booking with a refund, and the booking and collections drop', async ({ page }) => {
  // A paid two-slot booking, made through the API as the desk would at the counter.
  const desk = await apiAs(page, DESK);
  const facilities = await desk.get('/booking/facility/?page_size=50');
  const court = facilities.results.find((f: { name: string; sport_name: string }) => f.name === 'Court 2' && f.sport_name === 'Badminton');
  const date = new Date(Date.now() + 19 * 86_400_000).toISOString().slice(0, 10);
  const slots = await desk.get(`/booking/facility/${court.id}/online-available-slots/${date.split('-').reverse().join('-')}/`);
  const free = slots
    .flatMap((g: { time_slots: { id: number; booking_status: string; price: string }[] }) => g.time_slots)
    .filter((s: { booking_status: string }) => s.booking_status === 'available')
    .slice(0, 2);
  expect(free).toHaveLength(2);
  const modes = await desk.get('/administrator/payment-mode/dropdown/');
  const cash = (modes.results ?? modes).find((m: { name: string }) => m.name === 'Cash');
  const total = paise(free[0].price) + paise(free[1].price);
  const made = await desk.post('/booking/booking/', {
    facility: court.id,
    date,
    time_slot_ids: free.map((s: { id: number }) => s.id),
    name: 'Partial Journey',
    mobile_no: '9845066662',
    payment: { amount: (total / 100).toFixed(2), payment_mode: cash.id, reference: '' },
  });
  expect(made.status()).toBe(201);
  const booking = await made.json();
  const [, second] = booking.time_slots as { start_time: string; end_time: string; price: string }[];
  const kept = total - paise(second.price);

  await loginThroughForm(page, DESK, ORG, '/members');
  await page.goto('/booking/booking?view=list');
  await page.getByPlaceholder('Search code, name, mobile or email').fill(booking.code);
  await page.getByRole('button', { name: booking.code }).click();
  const dialog = page.getByRole('dialog', { name: `Booking ${booking.code}` });
  await expect(dialog.getByText(inr(total)).first()).toBeVisible();

  // Cancel the second slot: the reason is required; the refund defaults to what that slot freed.
  const slotLabel = `Slot ${second.start_time.slice(0, 5)} - ${second.end_time.slice(0, 5)}`;
  await dialog.getByRole('listitem', { name: slotLabel }).getByRole('button', { name: 'Cancel slot' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel slot' });
  await expect(cancel.getByRole('button', { name: 'Keep booking' })).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel slot' }).click();
  await expect(cancel.getByText('Reason is required')).toBeVisible();
  await cancel.getByLabel('Reason').fill('Only one hour needed');
  await expect(cancel.getByLabel('Refund')).toBeChecked();
  await expect(cancel.getByLabel('Amount')).toHaveValue(second.price);
  // Never more than that slot freed.
  await cancel.getByLabel('Amount').fill(((paise(second.price) + 100) / 100).toFixed(2));
  await cancel.getByLabel('Payment Mode').selectOption({ label: 'Cash' });
  await cancel.getByRole('button', { name: 'Cancel slot' }).click();
  await expect(cancel.getByText(`At most ${inr(paise(second.price))}.`)).toBeVisible();
  await cancel.getByLabel('Amount').fill(second.price);
  await cancel.getByRole('button', { name: 'Cancel slot' }).click();
  await expect(cancel).toHaveCount(0);
  await expect(page.getByText(/was cancelled and .* refunded\.$/)).toBeVisible();

  // The booking's total fell to the kept slot; the refund is on its payments, negative.
  const amount = dialog
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd');
  await expect(amount).toHaveText(inr(kept));
  await expect(dialog.getByText('(cancelled)')).toBeVisible();
  await expect(dialog.getByText(`Refund-${inr(paise(second.price))}`)).toBeVisible();
  await page.keyboard.press('Escape');

  // Collections: the Transactions screen shows the refund as money out.
  await page.goto('/booking/transactions');
  await page.getByPlaceholder('Search booking or client').fill(booking.code);
  const table = page.getByRole('table', { name: 'Booking transactions' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: 'Refund' })).toContainText(`-${inr(paise(second.price))}`);
  const net = await desk.get(`/booking/booking-transaction/?booking=${booking.id}`);
  const sum = net.results.reduce((s: number, m: { signed_amount: string }) => s + paise(m.signed_amount), 0);
  expect(sum).toBe(kept);
});

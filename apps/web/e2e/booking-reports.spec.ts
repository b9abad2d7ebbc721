import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Response } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

const inr = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);
const paise = (v: string) => Math.round(Number(v) * 100);

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

interface Collection {
  by_mode: { payment_mode: string; received: string; refunded: string; amount: string }[];
  total: { received: string; refunded: string; amount: string };
}

/** Opens (or reloads) the collection report and returns the report the screen asked the server for. */
async function openCollection(page: Page, reload = false): Promise<Collection> {
  const answered = page.waitForResponse((r: Response) => r.url().includes('/api/booking/reports/booking/transaction/') && r.ok());
  if (reload) await page.reload();
  else await page.goto('/reports/booking?report=collection');
  return (await answered).json();
}

test('the owner reads collections with refunds as a pivot, and occupancy as a heat map', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const modes: { id: number; name: string }[] = (await owner.get('/administrator/payment-mode/?page_size=50')).results;
  const cash = modes.find((m) => m.name === 'Cash')!.id;
  const facilities = await owner.get('/booking/facility/?page_size=50');
  const court = facilities.results.find((f: { name: string; sport_name: string }) => f.name === 'Court 2' && f.sport_name === 'Badminton')!;
  const date = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const slots = await owner.get(`/booking/facility/${court.id}/online-available-slots/${date.split('-').reverse().join('-')}/`);
  const free = slots
    .flatMap((g: { time_slots: { id: number; booking_status: string }[] }) => g.time_slots)
    .find((s: { booking_status: string }) => s.booking_status === 'available');
  const made = await owner.post('/booking/booking/', {
    facility: court.id,
    date,
    time_slot_ids: [free.id],
    name: 'Report Journey',
    mobile_no: '9845066666',
    payment: { amount: '350.00', payment_mode: cash, reference: '' },
  });
  expect(made.status()).toBe(201);
  const booking = await made.json();

  await signIn(page, OWNER);
  const before = await openCollection(page);
  const table = page.getByRole('table', { name: 'Collection report' });
  const headers = await table.locator('thead th').allInnerTexts();
  expect(headers.map((h) => h.toUpperCase())).toEqual([
    'DATE',
    ...before.by_mode.map((m) => m.payment_mode.toUpperCase()),
    'REFUNDS',
    'TOTAL',
  ]);
  // Totals on both axes: the bottom row is each mode's money in, the refunds, and the grand total (the net).
  const footer = table.locator('tfoot').getByRole('cell');
  await expect(footer.last()).toHaveText(inr(paise(before.total.amount)));
  const received = before.by_mode.reduce((s, m) => s + paise(m.received), 0);
  expect(received - paise(before.total.refunded)).toBe(paise(before.total.amount));

  // Cancelling with ₹200 given back in cash: the refunds rise and the grand total drops by ₹200.
  const cancelled = await owner.post(`/booking/booking/${booking.id}/cancel/`, {
    reason: 'Rain',
    refund: { amount: '200.00', payment_mode: cash },
  });
  expect(cancelled.status()).toBe(200);
  const after = await openCollection(page, true);
  expect(paise(after.total.amount)).toBe(paise(before.total.amount) - 20000);
  await expect(footer.last()).toHaveText(inr(paise(before.total.amount) - 20000));
  await expect(footer.nth(-2)).toHaveText(inr(-(paise(before.total.refunded) + 20000)));
  await expect(page.getByText('Refunded', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Occupancy: facilities down, hours across, each cell a share booked, under a caption naming the period.
  await page.getByRole('tab', { name: 'Occupancy' }).click();
  const heatmap = page.getByRole('table', { name: /^Occupancy by facility and hour, \d{1,2} \w{3} \d{4} – \d{1,2} \w{3} \d{4}/ });
  await expect(heatmap).toBeVisible();
  await expect(heatmap.locator('caption')).toContainText('Occupancy by facility and hour');
  await expect(heatmap.getByRole('columnheader', { name: '18:00' })).toBeVisible();
  const row = heatmap.getByRole('row', { name: /Badminton - Court 2/ });
  await expect(row.getByRole('cell').last()).toHaveText(/^\d+(\.\d)?%$/);
  expect(await seriousViolations(page)).toEqual([]);

  // No-shows: clients with how their bookings ended, in pages.
  await page.getByRole('tab', { name: 'No-shows' }).click();
  const clients = page.getByRole('table', { name: 'No-shows and cancellations by client' });
  await expect(clients.getByRole('columnheader', { name: 'No-show rate' })).toBeVisible();
  await expect(page.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { apiAs, DESK, loginThroughForm, ORG } from './support';

/** Screenshots of the Move panel go here when set (docs/screens/after). */
const SHOTS = process.env.ARENA_E2E_SHOTS;
const inr = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);
const paise = (v: string) => Math.round(Number(v) * 100);
const dmy = (iso: string) => iso.split('-').reverse().join('-');
type Slot = { id: number; start_time: string; end_time: string; booking_status: string; price: string };

async function freeSlots(desk: Awaited<ReturnType<typeof apiAs>>, facility: number, date: string): Promise<Slot[]> {
  const groups = await desk.get(`/booking/facility/${facility}/online-available-slots/${dmy(date)}/`);
  return groups.flatMap((g: { time_slots: Slot[] }) => g.time_slots).filter((s: Slot) => s.booking_status === 'available');
}

async function openBooking(page: Page, code: string) {
  await page.goto('/booking/booking?view=list');
  await page.getByPlaceholder('Search code, name, mobile or email').fill(code);
  await page.getByRole('button', { name: code }).click();
  return page.getByRole('dialog', { name: `Booking ${code}` });
}

test('the desk moves a paid booking to a dearer court of the same sport: the difference shows first, is due after, and has its own invoice', async ({
  page,
}) => {
  const desk = await apiAs(page, DESK);
  const facilities = (await desk.get('/booking/facility/?page_size=100')).results as {
    id: number;
    name: string;
    sport_name: string;
    centre: number;
  }[];
  const court1 = facilities.find((f) => f.name === 'Court 1' && f.sport_name === 'Badminton')!;
  const court2 = facilities.find((f) => f.name === 'Court 2' && f.sport_name === 'Badminton')!;
  const date = format(addDays(new Date(), 23), 'yyyy-MM-dd');
  const to = format(addDays(new Date(), 24), 'yyyy-MM-dd');
  // The cheapest hour of Court 1, moved to the dearest free hour of Court 2 the next day.
  const from = (await freeSlots(desk, court1.id, date)).sort((a, b) => paise(a.price) - paise(b.price))[0];
  const target = (await freeSlots(desk, court2.id, to)).sort((a, b) => paise(b.price) - paise(a.price))[0];
  const more = paise(target.price) - paise(from.price);
  expect(more).toBeGreaterThan(0);
  const modes = await desk.get('/administrator/payment-mode/dropdown/');
  const cash = (modes.results ?? modes).find((m: { name: string }) => m.name === 'Cash');
  const made = await desk.post('/booking/booking/', {
    facility: court1.id,
    date,
    time_slot_ids: [from.id],
    name: 'Move Journey',
    mobile_no: `98451${String(Date.now()).slice(-5)}`,
    payment: { amount: from.price, payment_mode: cash.id, reference: '' },
  });
  expect(made.status()).toBe(201);
  const booking = await made.json();

  await loginThroughForm(page, DESK, ORG, '/members');
  const dialog = await openBooking(page, booking.code);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  const panel = dialog.getByRole('region', { name: 'Move booking' });
  // Only courts of the booking's sport are offered.
  const facility = panel.getByLabel('Badminton facility');
  await expect(facility.locator('option')).not.toHaveCount(0);
  for (const label of await facility.locator('option').allTextContents())
    expect(facilities.some((f) => f.name === label && f.sport_name === 'Badminton' && f.centre === court1.centre)).toBe(true);
  await facility.selectOption({ label: 'Court 2' });
  await panel.getByLabel('Date').fill(to);
  await expect(panel.getByText('Free slots of Court 2')).toBeVisible();
  const slotName = `${target.start_time.slice(0, 5)} - ${target.end_time.slice(0, 5)} · ${inr(paise(target.price))}`;
  await panel.getByRole('button', { name: slotName }).click();
  await expect(panel.getByTestId('move-difference')).toHaveText(`Client pays ${inr(more)} more`);
  if (SHOTS) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await panel.getByRole('button', { name: 'Move Booking' }).evaluate((b) => b.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/booking-move-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('button', { name: 'Move Booking' }).evaluate((b) => b.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${SHOTS}/booking-move-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await panel.getByRole('button', { name: 'Move Booking' }).click();
  await expect(page.getByText(`Booking ${booking.code} was moved to Court 2`)).toBeVisible();
  await expect(panel).toHaveCount(0);

  // The difference is due on the booking and charged by a supplementary invoice beside the invoice.
  await expect(dialog.getByRole('region', { name: /^Supplementary invoice / })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/booking-move-after-1280.png` });
  const after = await await desk.get(`/booking/booking/${booking.id}/`);
  expect(after).toMatchObject({ facility: court2.id, date: to, due_amount: (more / 100).toFixed(2) });
  expect(after.supplementary_invoices).toHaveLength(1);
  const supplement = await desk.get(`/administrator/invoice/${after.supplementary_invoices[0].id}/`);
  expect(supplement).toMatchObject({ total: (more / 100).toFixed(2), supplements: { number: booking.invoice.number } });

  // A facility of another sport is refused in words, never a field's internal name.
  const other = facilities.find((f) => f.sport_name !== 'Badminton' && f.centre === court1.centre);
  if (other) {
    const otherSlot = (await freeSlots(desk, other.id, to))[0];
    const refused = await desk.post(`/booking/booking/${booking.id}/move/`, {
      facility: other.id,
      date: to,
      time_slot_ids: [otherSlot.id],
    });
    expect(refused.status()).toBe(400);
  }
});

import { expect, test } from '@playwright/test';
import { apiAs, mainMenu, OWNER, signIn } from './support';

/**
 * Setting up bookings fast (issue 12 §3–4): slots generated in the facility form and edited
 * before saving; a recurring booking previewed with a clash resolved, its total and a payment;
 * Booking Subscription as its own menu entry; Clients with a bulk mode.
 */

const inr = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);
const paise = (v: string) => Math.round(Number(v) * 100);
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (iso: string) => ((new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

test('the owner generates slots in the facility form, edits one, and saves them', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const name = `Journey Turf ${Date.now() % 100_000}`;
  await signIn(page, OWNER);
  await page.goto('/booking/settings/add-faculty');
  await expect(page.getByRole('heading', { name: 'Add Facility', level: 1 })).toBeVisible();

  await page.getByLabel('Facility Name').fill(name);
  await page.getByLabel('Center').selectOption({ index: 1 });
  await page.getByLabel('Sport').selectOption({ label: 'Badminton' });

  await page.getByRole('button', { name: 'Generate slots' }).click();
  const generator = page.getByRole('group', { name: 'Generate slots of Morning' });
  await generator.getByLabel('From').fill('06:00');
  await generator.getByLabel('To').fill('09:00');
  await generator.getByLabel('Length').selectOption({ label: '30 min' });
  await generator.getByLabel('Slot price', { exact: true }).fill('500');
  await generator.getByLabel('Slot weekend price').fill('650');
  await generator.getByRole('button', { name: 'Generate' }).click();

  // Six half-hour rows, 06:00 to 09:00, each editable.
  await expect(page.getByRole('group', { name: /^Morning slot \d+$/ })).toHaveCount(6);
  const row = (n: number) => page.getByRole('group', { name: `Morning slot ${n}`, exact: true });
  await expect(row(1).getByLabel('Start', { exact: true })).toHaveValue('06:00');
  await expect(row(6).getByLabel('End', { exact: true })).toHaveValue('09:00');

  // A wrong end time is refused on save; editing the row clears its error.
  await row(2).getByLabel('End', { exact: true }).fill('06:00');
  await page.getByRole('button', { name: 'Create Facility' }).click();
  await expect(row(2)).toContainText('End time must be after start time.');
  await row(2).getByLabel('End', { exact: true }).fill('07:00');
  await expect(row(2)).not.toContainText('End time must be after start time.');
  await row(2).getByLabel('Price', { exact: true }).fill('550');
  await page.getByRole('button', { name: 'Create Facility' }).click();
  await expect(page).toHaveURL(/\/booking\/settings$/);

  const saved = (await owner.get(`/booking/facility/?search=${encodeURIComponent(name)}`)).results[0];
  const slots = saved.slot_groups[0].time_slots;
  expect(slots.map((s: { start_time: string }) => s.start_time.slice(0, 5))).toEqual([
    '06:00',
    '06:30',
    '07:00',
    '07:30',
    '08:00',
    '08:30',
  ]);
  expect(slots.map((s: { price: string }) => s.price)).toEqual(['500.00', '550.00', '500.00', '500.00', '500.00', '500.00']);
  expect(slots.every((s: { weekend_price: string }) => s.weekend_price === '650.00')).toBe(true);
});

test('a recurring booking is previewed at the desk, moves a clashing date to the proposed slot, pays all now and saves', async ({
  page,
}) => {
  const owner = await apiAs(page, OWNER);
  const facilities = (await owner.get('/booking/facility/?page_size=100')).results as {
    id: number;
    name: string;
    sport_name: string;
    centre_name: string;
    slot_groups: { time_slots: { id: number; start_time: string }[] }[];
  }[];
  const court = facilities.find(
    (f) => f.sport_name === 'Badminton' && f.slot_groups.some((g) => g.time_slots.some((s) => s.start_time === '18:00:00')),
  )!;
  const slot = court.slot_groups.flatMap((g) => g.time_slots).find((s) => s.start_time === '18:00:00')!;
  // Two dates a week apart, both free, far ahead (the first such pair from 30 days on); then someone takes the second.
  const tag = String(Date.now() % 100_000).padStart(5, '0');
  const request = {
    name: `Journey Batch ${tag}`,
    mobile_no: `98451${tag}`,
    facility: court.id,
    time_slot_ids: [slot.id],
    weekdays: [0],
    start_date: '',
    end_date: '',
  };
  let start = '';
  for (let days = 30; days < 90 && !start; days++) {
    const from = isoIn(days);
    const probe = { ...request, weekdays: [isoWeekday(from)], start_date: from, end_date: addDays(from, 7) };
    if ((await (await owner.post('/booking/subscription/preview/', probe)).json()).clash_count === 0) start = from;
  }
  const second = addDays(start, 7);
  Object.assign(request, { weekdays: [isoWeekday(start)], start_date: start, end_date: second });
  const held = await owner.post('/booking/booking/', {
    facility: court.id,
    date: second,
    time_slot_ids: [slot.id],
    name: 'Someone Else',
    mobile_no: '9845000111',
  });
  expect(held.status()).toBe(201);
  const expected = await (await owner.post('/booking/subscription/preview/', request)).json();
  expect(expected.clash_count).toBe(1);
  const proposal = expected.dates[1].proposal;
  const hhmm = (t: string) => t.slice(0, 5);

  await signIn(page, OWNER);
  await page.goto('/booking');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await mainMenu(page).getByRole('link', { name: 'Booking Subscription' }).click();
  await expect(page).toHaveURL(/\/booking\/clients\/booking-subscription$/);
  await expect(page.getByRole('heading', { name: 'Booking Subscription', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New Subscription' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Client Name').fill(request.name);
  await dialog.getByLabel('Mobile').fill(request.mobile_no);
  await dialog.getByLabel('Facility').selectOption({ label: `${court.sport_name} - ${court.name}` });
  await dialog.getByRole('checkbox', { name: '18:00 - 19:00' }).check();
  await dialog.getByRole('checkbox', { name: WEEKDAYS[isoWeekday(start) - 1], exact: true }).check();
  await dialog.getByLabel('Start Date').fill(start);
  await dialog.getByLabel('End Date').fill(second);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // The preview: the first date free, the second clashing with the nearest free slot proposed.
  const table = dialog.getByRole('table', { name: 'Dates of the subscription' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Free');
  await expect(table.getByRole('row').nth(2)).toContainText('Clash');
  const use = dialog.getByRole('radio', { name: `Use ${hhmm(proposal.start_time)}–${hhmm(proposal.end_time)}` });
  await expect(use).toBeChecked();
  const total = paise(expected.dates[0].price) + paise(proposal.price);
  await expect(dialog.getByTestId('subscription-total')).toHaveText(inr(total));
  // Skipping the clash takes its price off the total; using the proposal again puts it back.
  await dialog.getByRole('radio', { name: 'Skip' }).check();
  await expect(dialog.getByTestId('subscription-total')).toHaveText(inr(paise(expected.dates[0].price)));
  await use.check();
  await expect(dialog.getByTestId('subscription-total')).toHaveText(inr(total));

  await dialog.getByRole('radio', { name: 'Pay all now' }).check();
  await dialog.getByLabel('Payment Mode').selectOption({ label: 'UPI' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText(`2 bookings were created for ${request.name}`);
  await expect(dialog).toContainText(`${inr(total)} received, spread over 2 bookings.`);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list shows the weekday, the slot time and the next date.
  await page.getByPlaceholder('Search client, mobile or facility').fill(request.name);
  const listed = page.getByRole('row', { name: new RegExp(request.name) });
  await expect(listed).toContainText(WEEKDAYS[isoWeekday(start) - 1]);
  await expect(listed).toContainText('18:00–19:00');
  const sub = (await owner.get(`/booking/subscription/?search=${encodeURIComponent(request.name)}`)).results[0];
  expect(sub.next_date).toBe(start);
  const moved = (await owner.get(`/booking/booking/?search=${request.mobile_no}&page_size=10`)).results.find(
    (b: { date: string }) => b.date === second,
  );
  expect(moved.time_slots.map((s: { time_slot: number }) => s.time_slot)).toEqual(proposal.time_slot_ids);
  expect(moved.payment_status).toBe('paid');
});

test('Clients is one screen with a bulk mode, and the old tab paths open it', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/booking/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  const bulk = page.getByRole('button', { name: 'Bulk mode' });
  await expect(bulk).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('table', { name: 'Clients' })).toBeVisible();
  await bulk.click();
  await expect(page.getByRole('table', { name: 'New clients' })).toBeVisible();

  await page.goto('/booking/clients/bulk-table');
  await expect(page.getByRole('button', { name: 'Bulk mode' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('table', { name: 'New clients' })).toBeVisible();
  await page.goto('/booking/clients/clients-table');
  await expect(page.getByRole('button', { name: 'Bulk mode' })).toHaveAttribute('aria-pressed', 'false');
});

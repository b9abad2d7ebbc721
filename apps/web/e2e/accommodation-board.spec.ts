import { expect, test } from '@playwright/test';
import { addDays, format, parse } from 'date-fns';
import { OWNER, signIn } from './support';

test('the desk reserves a free bed from the occupancy board, checks the guest in, checks them out early and sees the bill', async ({
  page,
}) => {
  const phone = `97310${String(Date.now()).slice(-5)}`;
  await signIn(page, OWNER);
  await page.goto('/accommodation-management/accommodation');
  await expect(page.getByRole('heading', { name: 'Accommodation', exact: true })).toBeVisible();

  // The board opens on the organisation's today: rooms are row groups, beds rows, the demo's stays bars.
  const caption = (await page.locator('caption').textContent()) ?? '';
  const todayText = /Occupancy from (\d{1,2} \w{3} \d{4}) to/.exec(caption)?.[1] ?? '';
  expect(todayText).not.toBe('');
  const today = parse(todayText, 'd MMM yyyy', new Date());
  await expect(page.getByRole('button', { name: /, Checked in, room / }).first()).toBeVisible();

  // A free bed tonight: its cell names the room, the bed and the night.
  const free = page.getByRole('button', { name: new RegExp(`^Reserve room \\S+ bed \\d+ from ${todayText}$`) }).first();
  await expect(free).toBeVisible();
  const [, room, bed] = /^Reserve room (\S+) bed (\d+) from/.exec((await free.getAttribute('aria-label')) ?? '') ?? [];
  await free.click();

  // The reservation starts with that room, bed and night.
  const dialog = page.getByRole('dialog', { name: 'Reserve a Bed' });
  await expect(dialog.getByLabel('Bed')).toHaveValue(bed!);
  await dialog.getByLabel('Resident').selectOption({ label: 'A new resident' });
  await dialog.getByLabel('Name', { exact: true }).fill('E2E Hostel Guest');
  await dialog.getByLabel('Phone').fill(phone);
  await dialog.getByLabel('Check-out').fill(format(addDays(today, 5), 'yyyy-MM-dd'));
  await dialog.getByLabel('Check-out').blur();
  await dialog.getByRole('button', { name: 'Reserve', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Bed ${bed} of room ${room} reserved for E2E Hostel Guest.`)).toBeVisible();

  // The bed's row now carries the stay as a bar; it opens the stay.
  const bar = page.getByRole('button', { name: new RegExp(`^E2E Hostel Guest, Reserved, room ${room} bed ${bed},`) });
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(page).toHaveURL(/\/accommodation-management\/booking\/\d+$/);
  await expect(page.getByRole('heading', { name: 'E2E Hostel Guest' })).toBeVisible();
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();

  // Check in (a deposit, if the stay takes one, is paid now).
  await page.getByRole('button', { name: 'Check In' }).click();
  const checkIn = page.getByRole('dialog', { name: 'Check in E2E Hostel Guest' });
  const depositMode = checkIn.getByLabel('Deposit paid by');
  if (await depositMode.count()) await depositMode.selectOption({ index: 1 });
  await checkIn.getByRole('button', { name: 'Check In' }).click();
  await expect(checkIn).toHaveCount(0);
  await expect(page.getByText('Checked in', { exact: true })).toBeVisible();

  // Checking out today, five nights early: the bill counts the one night stayed.
  await page.getByRole('button', { name: 'Check Out' }).click();
  const checkOut = page.getByRole('dialog', { name: 'Check out E2E Hostel Guest' });
  const bill = checkOut.getByRole('region', { name: 'Bill at check-out' });
  await expect(bill.getByText(/^Early check-out: booked to .+, billed for the 1 night stayed\.$/)).toBeVisible();
  const charges =
    (await bill
      .getByText(/^₹[\d,]+\.\d{2}$/)
      .first()
      .textContent()) ?? '';
  expect(charges).toMatch(/^₹[\d,]+\.\d{2}$/);
  await expect(bill.getByText('Nights stayed')).toBeVisible();
  await checkOut.getByRole('button', { name: 'Check Out' }).click();
  await expect(checkOut).toHaveCount(0);

  // The stay is over; its bill is an invoice of the night stayed, due until paid.
  await expect(page.getByText('Checked out', { exact: true })).toBeVisible();
  const invoices = page.getByRole('list', { name: 'Invoices' });
  await expect(invoices.getByRole('listitem')).toHaveCount(1);
  await expect(invoices.getByText(charges, { exact: true })).toBeVisible();
  const money = page.getByRole('definition').filter({ hasText: charges });
  await expect(money.first()).toBeVisible();

  // Collect the due: nothing is owed after.
  await page.getByRole('button', { name: 'Collect Dues' }).click();
  const pay = page.getByRole('dialog', { name: 'Collect dues of E2E Hostel Guest' });
  await pay.getByLabel('Payment Mode').selectOption({ index: 1 });
  await pay.getByRole('button', { name: 'Record Payment' }).click();
  await expect(pay).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Collect Dues' })).toHaveCount(0);

  // Back on the board the stay's bar says it is over (the night stayed is billed, so it keeps tonight).
  await page.goto('/accommodation-management/accommodation');
  await expect(page.getByRole('button', { name: new RegExp(`^E2E Hostel Guest, Checked out, room ${room} bed ${bed},`) })).toBeVisible();
});

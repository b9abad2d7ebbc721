import { expect, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { OWNER, signIn } from './support';

const dayAhead = (n: number) => format(addDays(new Date(), n), 'yyyy-MM-dd');

test('the desk books two courts for one client from the board in one step', async ({ page }) => {
  const date = dayAhead(9);
  const mobile = `98450${String(Date.now()).slice(-5)}`;
  await signIn(page, OWNER);
  await page.goto('/booking/booking');
  await page.getByLabel('Center').selectOption({ label: 'Main Centre' });
  await page.getByLabel('Date').fill(date);
  await expect(page.getByRole('button', { name: format(addDays(new Date(), 9), 'EEEE d MMMM') })).toHaveAttribute('aria-pressed', 'true');

  // Facilities are columns; a free cell is named by facility, time and price.
  await expect(page.getByRole('columnheader', { name: /Court 1/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Court 2/ })).toBeVisible();
  const free = (court: string, hour: string) =>
    page.getByRole('button', { name: new RegExp(`^${court} ${hour}–\\d\\d:\\d\\d ₹[\\d,]+\\.\\d{2}$`) });
  await expect(free('Court 1', '\\d\\d:\\d\\d').first()).toBeVisible();
  // An evening hour free on both courts (the demo has bookings on some).
  let hour = '';
  for (const h of ['17:00', '18:00', '19:00', '20:00', '21:00'])
    if (!hour && (await free('Court 1', h).count()) && (await free('Court 2', h).count())) hour = h;
  expect(hour).not.toBe('');
  const court1 = free('Court 1', hour);
  const court2 = free('Court 2', hour);
  await court1.click();
  await court2.click();
  await expect(court1).toHaveAttribute('aria-pressed', 'true');
  await expect(court2).toHaveAttribute('aria-pressed', 'true');

  // The running total sits in the selection panel right beside the grid.
  const panel = page.getByRole('complementary', { name: 'Selection' });
  await expect(panel.getByText('2 slots')).toBeVisible();
  const price = async (name: string | null) => Number((name ?? '').replace(/^.*₹/, '').replace(/,/g, ''));
  const total = (await price(await court1.getAttribute('aria-label'))) + (await price(await court2.getAttribute('aria-label')));
  await expect(panel.getByText(`₹${total.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`)).toBeVisible();
  const grid = await page.getByRole('table').boundingBox();
  const side = await panel.boundingBox();
  expect(side!.x - (grid!.x + grid!.width)).toBeLessThan(40);

  await panel.getByRole('button', { name: 'Book', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Booking' });
  await expect(dialog.getByText('2 facilities')).toBeVisible();
  await dialog.getByLabel('Name').fill('E2E Board Client');
  await dialog.getByLabel('Mobile').fill(mobile);
  // A number no client holds gives no hint.
  await expect(dialog.getByText('Existing client:')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Book 2 slots' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/^Bookings BK-\d{4}-\d+, BK-\d{4}-\d+ created\.$/)).toBeVisible();

  // Both cells now carry the client's name; the selection is empty again.
  await expect(page.getByRole('button', { name: new RegExp(`^BK-\\S+ E2E Board Client, Court 1 ${hour}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^BK-\\S+ E2E Board Client, Court 2 ${hour}`) })).toBeVisible();
  await expect(panel.getByText('0 slots')).toBeVisible();

  // Typing that number again says whose it is, and the desk can book for that client.
  const another = free('Court 1', '\\d\\d:\\d\\d').first();
  const label = (await another.getAttribute('aria-label'))!.replace(/ ₹.*$/, '');
  await another.click();
  await panel.getByRole('button', { name: 'Book', exact: true }).click();
  await dialog.getByLabel('Mobile').fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await expect(dialog.getByText('Existing client: E2E Board Client')).toBeVisible();
  await dialog.getByRole('button', { name: 'Use this client' }).click();
  await expect(dialog.getByRole('button', { name: /E2E Board Client/ })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Book 1 slot' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^BK-\\S+ E2E Board Client, ${label}`) })).toBeVisible();
});

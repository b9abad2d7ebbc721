import { expect, test, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { OWNER, signIn } from './support';

const FACILITY = 'Badminton - Court 2';
const dayAhead = (n: number) => format(addDays(new Date(), n), 'yyyy-MM-dd');

/** Center, facility and date on the portal; returns the open slot buttons. */
async function choose(page: Page, date: string) {
  await page.goto('/online-booking');
  await page.getByLabel('Center').selectOption({ label: 'Main Centre' });
  await page.getByLabel('Facility').selectOption({ label: FACILITY });
  await page.getByLabel('Date').fill(date);
  await expect(page.getByText('Loading Slots...')).toHaveCount(0);
  return page.locator('main button[aria-pressed="false"]');
}

/** The "06:00 - 07:00" label of a slot button. */
const labelOf = async (page: Page, index: number) =>
  (await page.locator('main button[aria-pressed="false"]').nth(index).locator('span').first().innerText()).trim();
const slot = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });

async function bookTwo(page: Page, date: string, name: string, phone: string): Promise<string[]> {
  const open = await choose(page, date);
  await expect(open.first()).toBeVisible();
  const labels = [await labelOf(page, 0), await labelOf(page, 1)];
  for (const label of labels) await slot(page, label).click();
  await expect(page.getByTestId('summary-count')).toHaveText('2');
  await expect(page.getByTestId('summary-total')).toHaveText(/^₹[\d,]+\.\d{2}$/); // Indian digit grouping: ₹1,600.00

  await page.getByRole('button', { name: 'Proceed to Book' }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm Your Booking' });
  await expect(modal).toBeVisible();
  for (const label of labels) await expect(modal.getByText(label)).toBeVisible();

  // Section 5: every message, each clearing as its field is edited.
  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(modal.getByText('Name is required')).toBeVisible();
  await expect(modal.getByText('Email is required')).toBeVisible();
  await expect(modal.getByText('Phone number is required')).toBeVisible();
  await modal.getByLabel('Full Name').fill(name);
  await expect(modal.getByText('Name is required')).toHaveCount(0);
  await expect(modal.getByText('Email is required')).toBeVisible();
  await modal.getByLabel('Email Address').fill('not-an-email');
  await modal.getByLabel('Phone Number').fill('12345');
  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(modal.getByText('Invalid email format')).toBeVisible();
  await expect(modal.getByText('Phone number must be 10 digits')).toBeVisible();
  await modal.getByLabel('Email Address').fill('visitor@example.com');
  await expect(modal.getByText('Invalid email format')).toHaveCount(0);
  await modal.getByLabel('Phone Number').fill(phone);
  await expect(modal.getByText('Phone number must be 10 digits')).toHaveCount(0);

  await modal.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Booking confirmed successfully!')).toBeVisible();
  await expect(modal).toHaveCount(0);
  await expect(page.getByTestId('summary-count')).toHaveText('0');
  for (const label of labels) await expect(slot(page, label)).toBeDisabled();
  return labels;
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800, days: 12, phone: '98450 11111' },
  { name: 'phone', width: 390, height: 844, days: 13, phone: '9845022222' },
]) {
  test(`a visitor books two slots on the portal (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/online-booking');
    await expect(page.getByText('Online Booking Portal')).toBeVisible();
    await expect(page.getByText('Ready to Book?')).toBeVisible();
    await expect(page.getByLabel('Facility')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Previous day' })).toBeDisabled();
    await expect(page.getByLabel('Date')).toHaveAttribute('min', format(new Date(), 'yyyy-MM-dd'));
    await page.getByRole('button', { name: 'Proceed to Book' }).click();
    await expect(page.getByText('Please select at least one slot.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toBeVisible();

    const date = dayAhead(viewport.days);
    const labels = await bookTwo(page, date, `E2E ${viewport.name}`, viewport.phone);

    await page.reload();
    await choose(page, date);
    for (const label of labels) await expect(slot(page, label)).toBeDisabled();
    // The legend names what a taken slot looks like beside Available and Selected.
    await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveText(['Available', 'Selected', 'Booked']);
    // The page never scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test('staff see an online booking in the day view, cancel it, and the portal offers the slot again', async ({ page }) => {
  const date = dayAhead(14);
  const [first] = await bookTwo(page, date, 'E2E Cancel', '9845033333');

  await signIn(page, OWNER);
  await page.goto('/booking/booking');
  // The board: the centre's facilities side by side; the booked cell is named by its code and client.
  await page.getByLabel('Center').selectOption({ label: 'Main Centre' });
  await page.getByLabel('Date').fill(date);
  const cellName = new RegExp(`E2E Cancel, Court 2 ${first.replace(' - ', '–')}`);
  const booked = page.getByRole('button', { name: cellName });
  await expect(booked).toBeVisible();
  await booked.click();

  const detail = page.getByRole('dialog', { name: /^Booking BK-/ });
  await expect(detail.getByText('E2E Cancel')).toBeVisible();
  // The cancel dialog asks for the reason (live counter, required); Escape or "Keep booking" closes it.
  await detail.getByRole('button', { name: 'Cancel Booking' }).click();
  const note = page.getByRole('dialog', { name: 'Cancel booking', exact: true });
  await expect(note).toBeVisible();
  await expect(note.getByText('0/500')).toBeVisible();
  await note.getByLabel('Reason').fill('Rain');
  await expect(note.getByText('4/500')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(note).toHaveCount(0);
  await expect(detail).toBeVisible();
  await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Cancel Booking' }).click();
  await note.getByRole('button', { name: 'Keep booking', exact: true }).click();
  await expect(note).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Cancel Booking' })).toBeEnabled();

  await detail.getByRole('button', { name: 'Cancel Booking' }).click();
  await expect(note.getByText('0/500')).toBeVisible();
  await note.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(note.getByText('Reason is required')).toBeVisible();
  await note.getByLabel('Reason').fill('Visitor called to cancel');
  await expect(note.getByText('24/500')).toBeVisible();
  // Nothing was paid online: nothing to refund.
  await expect(note.getByText(/nothing to refund/)).toBeVisible();
  await note.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(note).toHaveCount(0);
  await expect(page.getByText(/was cancelled\.$/)).toBeVisible();
  await expect(detail.getByText('Cancelled: Visitor called to cancel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: cellName })).toHaveCount(0);

  await choose(page, date);
  await expect(slot(page, first)).toBeEnabled();
});

import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiAs, DESK, loginThroughForm, ORG, OWNER, signIn } from './support';

const inr = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(paise / 100);

test('the front desk takes a payment on a booking, and downloads its invoice as a PDF', async ({ page }) => {
  const desk = await apiAs(page, DESK);
  const facilities = await desk.get('/booking/facility/?page_size=50');
  const turf = facilities.results.find((f: { name: string }) => f.name === 'Turf A');
  const date = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
  const slots = await desk.get(`/booking/facility/${turf.id}/online-available-slots/${date.split('-').reverse().join('-')}/`);
  const free = slots
    .flatMap((g: { time_slots: { id: number; booking_status: string }[] }) => g.time_slots)
    .find((s: { booking_status: string }) => s.booking_status === 'available');
  const made = await desk.post('/booking/booking/', {
    facility: turf.id,
    date,
    time_slot_ids: [free.id],
    name: 'Journey Client',
    mobile_no: '9845077777',
  });
  expect(made.status()).toBe(201);
  const booking = await made.json();
  expect(booking.invoice.status).toBe('issued');

  await loginThroughForm(page, DESK, ORG, '/members');
  await page.goto('/booking/booking?view=list');
  await page.getByPlaceholder('Search code, name, mobile or email').fill(booking.code);
  await page.getByRole('button', { name: booking.code }).click();
  const dialog = page.getByRole('dialog', { name: `Booking ${booking.code}` });
  await expect(dialog.getByRole('region', { name: 'Invoice' })).toContainText(booking.invoice.number);
  // Prices include GST: the tax is labelled as a part of the total.
  expect(Number(booking.tax)).toBeGreaterThan(0);
  await expect(dialog.getByText('Tax (included)')).toBeVisible();
  // A phone number is a tel: link.
  await expect(dialog.getByRole('link', { name: '9845077777' })).toHaveAttribute('href', 'tel:+919845077777');

  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  const payment = dialog.getByRole('region', { name: 'Record payment' });
  await expect(payment.getByLabel('Amount')).toHaveValue(/\d/);
  await payment.getByLabel('Payment Mode').selectOption({ label: 'UPI' });
  await payment.getByLabel('Reference').fill('512345678901');
  await payment.getByRole('button', { name: 'Save Payment' }).click();
  const invoice = dialog.getByRole('region', { name: 'Invoice' });
  await expect(invoice).toContainText('Paid');

  const downloading = page.waitForEvent('download');
  await invoice.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${booking.invoice.number.replaceAll('/', '-')}.pdf`);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain(booking.invoice.number);
  expect(text).toContain('Journey Client');
  expect(text).toContain('512345678901');
});

test('the owner records an expense with its bill, edits its notes (the amount stays as recorded), and sees it on the dashboard and in the profit and loss', async ({
  page,
}) => {
  const owner = await apiAs(page, OWNER);
  const before = await owner.get('/administrator/reports/accounts/profit-loss/');
  const equipment = (rows: { category: string; amount: string }[]) =>
    Math.round(Number(rows.find((r) => r.category === 'Equipment')?.amount ?? 0) * 100);

  await signIn(page, OWNER);
  await page.goto('/income-expense');
  await page.getByRole('button', { name: 'Add Income/Expense' }).first().click();
  const form = page.getByRole('dialog');
  await form.getByText('Expense', { exact: true }).click();
  await form.getByLabel('Title').fill('Journey dumbbell rack');
  await form.getByLabel('Category').selectOption({ label: 'Equipment' });
  await form.getByLabel('Amount').fill('4500');
  await form.getByLabel('GST rate').selectOption({ label: '18 %' });
  await form.getByLabel('Payment mode').selectOption({ label: 'Bank transfer' });
  await form.locator('input[type=file]').setInputFiles({
    name: 'rack-bill.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('table')).toContainText('Journey dumbbell rack');

  // Edited later: only what the books do not hold is a field; the amount is shown as recorded.
  await page.getByRole('button', { name: 'Edit Journey dumbbell rack' }).first().click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByRole('region', { name: 'As recorded' })).toContainText('₹4,500.00');
  await expect(edit.getByLabel('Amount')).toHaveCount(0);
  await edit.getByLabel('Notes').fill('Bolted to the wall');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  const saved = (await owner.get('/income-expense/income-expense/?search=Journey%20dumbbell')).results[0];
  expect(saved).toMatchObject({ notes: 'Bolted to the wall', amount: '4500.00', status: 'active' });

  await page.goto('/income-expense/dashboard');
  await expect(page.getByText('Journey dumbbell rack')).toBeVisible();

  // The books hold it net of its input GST: ₹4,500 at 18 % is ₹3,813.56 and ₹686.44 of GST.
  await page.goto('/reports/accounts?report=profit-loss');
  const expected = equipment(before.expenses) + 381356;
  await expect(
    page.getByRole('row', { name: new RegExp(`Equipment.*${inr(expected).replace(/[₹.]/g, (c) => `\\${c}`)}`) }).first(),
  ).toBeVisible();
  const after = await owner.get('/administrator/reports/accounts/profit-loss/');
  expect(equipment(after.expenses)).toBe(expected);
});

test('the owner records income with GST for a named buyer (a tax invoice), closes the books up to yesterday, and an entry dated into them is refused', async ({
  page,
}) => {
  const owner = await apiAs(page, OWNER);
  const day = (offset: number) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(d);
  };
  const yesterday = day(-1);
  try {
    await signIn(page, OWNER);
    await page.goto('/income-expense');
    await page.getByRole('button', { name: 'Add Income/Expense' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByText('Income', { exact: true }).click();
    await form.getByLabel('Title').fill('Journey hall hire');
    await form.getByLabel('Category').selectOption({ label: 'Other income' });
    await form.getByLabel('Amount').fill('1180');
    await form.getByLabel('GST rate').selectOption({ label: '18 %' });
    await form.getByLabel('Payment mode').selectOption({ label: 'Cash' });
    // With GST the income is a sale: the buyer is asked for.
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form.getByText('Name the buyer: the tax invoice is issued to them.')).toBeVisible();
    await form.getByLabel('Buyer', { exact: true }).fill('Greenwood High');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(form).toHaveCount(0);
    const entry = (await owner.get('/income-expense/income-expense/?search=Journey%20hall')).results[0];
    expect(entry.invoice.number).toMatch(/^INV\//);
    const invoice = await owner.get(`/administrator/invoice/${entry.invoice.id}/`);
    expect(invoice).toMatchObject({ title: 'Tax Invoice', total: '1180.00', taxable_value: '1000.00', cgst: '90.00', status: 'paid' });

    await page.goto('/accounts');
    await page.getByRole('button', { name: 'Close books' }).click();
    const close = page.getByRole('dialog', { name: 'Close books' });
    await close.getByLabel('Close books up to').fill(yesterday);
    await close.getByRole('button', { name: 'Close books' }).click();
    await expect(close).toHaveCount(0);
    await expect(page.getByText(/^Books closed up to /)).toBeVisible();
    expect(await owner.get('/administrator/accounts/close-books/')).toEqual({ books_locked_until: yesterday });

    await page.goto('/income-expense');
    await page.getByRole('button', { name: 'Add Income/Expense' }).first().click();
    const late = page.getByRole('dialog');
    await late.getByText('Expense', { exact: true }).click();
    await late.getByLabel('Category').selectOption({ label: 'Equipment' });
    await late.getByLabel('Amount').fill('100');
    await late.getByLabel('Date').fill(yesterday);
    await late.getByLabel('Payment mode').selectOption({ label: 'Cash' });
    await late.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(late.getByText(/^The books are closed up to .*: choose a later date/)).toBeVisible();
  } finally {
    // The demo's books stay open for the other journeys.
    expect((await owner.put('/administrator/accounts/close-books/', { books_locked_until: null })).status()).toBe(200);
  }
});

import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

const inr = (amount: string) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(Number(amount));

test('the owner’s home counts every module’s collections and the dues, and its figures open the lists behind them', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const money = await owner.get('/income-expense/collections/');
  // Memberships and bookings both take money in the demo: the home counts both.
  const modules = money.month.by_module.map((m: { module: string }) => m.module);
  expect(modules).toEqual(expect.arrayContaining(['Membership Management', 'Booking Management']));

  await signIn(page, OWNER);
  await page.goto('/');
  const collections = page.getByRole('region', { name: 'Collections' });
  await expect(collections.getByRole('link', { name: inr(money.month.amount) })).toBeVisible();
  await expect(collections.getByRole('list', { name: 'This month by module' })).toContainText('Membership');
  const dues = page.getByRole('region', { name: 'Dues outstanding' });
  await expect(dues).toContainText(inr(money.dues.total));

  // This month's figure opens Transactions with the same filters, and its Income total is the same.
  await collections.getByRole('link', { name: inr(money.month.amount) }).click();
  await expect(page).toHaveURL(/\/income-expense\/transactions\?type=income&date_after=/);
  await expect(
    page
      .getByRole('definition')
      .filter({ hasText: inr(money.month.amount) })
      .first(),
  ).toBeVisible();
});

test('the dues report’s rows collect a due and open WhatsApp with the amount, and phones are tel: links', async ({ page }) => {
  await signIn(page, OWNER);
  await page.goto('/reports/membership?report=dues');
  const owing = page.getByRole('region', { name: 'Members who owe' });
  const row = owing.getByRole('row').nth(1);
  await expect(row).toBeVisible();
  const name = (await row.getByRole('rowheader').getByRole('link').innerText()).split('\n')[0].trim();
  const due = (await row.getByRole('cell').nth(4).innerText()).trim();

  // The reminder: WhatsApp with the member's number and the amount in the message.
  const whatsApp = row.getByRole('link', { name: new RegExp(`^Open in WhatsApp: remind ${name}`) });
  const href = (await whatsApp.getAttribute('href')) ?? '';
  expect(href).toMatch(/^https:\/\/wa\.me\/91\d{10}\?text=/);
  expect(decodeURIComponent(href.split('text=')[1])).toContain(due);
  await expect(row.locator('a[href^="tel:"]')).toHaveAttribute('href', /^tel:\+91\d{10}$/);

  // Collect: the member's collect dialog opens from the row, the due filled in.
  await row.getByRole('button', { name: `Collect from ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Collect payment from ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('For')).toBeVisible();
  await dialog.getByLabel('Payment Mode').selectOption({ label: 'Cash' });
  await dialog.getByRole('button', { name: 'Collect', exact: true }).click();
  await expect(page.getByText(/Payment of ₹[\d,.]+ recorded\./)).toBeVisible();
  await expect(dialog).toBeHidden();
});

import { expect, test } from '@playwright/test';
import { apiAs, OWNER, signIn } from './support';

test('the owner adds a staff member, marks the day’s attendance, generates the month’s payroll, approves and pays one line, and the expense shows in Income/Expenses', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const owner = await apiAs(page, OWNER);
  // A number no other staff member has (the test may run on a database it ran on before).
  const phone = `98${String(Date.now()).slice(-8)}`;
  await signIn(page, OWNER);

  // Add Staff: a trainer on a monthly salary at the Main Centre.
  await page.goto('/staff-management/add-staff');
  await page.getByLabel('First name').fill('Nisha');
  await page.getByLabel('Last name').fill('Kapoor');
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Category').selectOption({ label: 'Trainer' });
  await page.getByRole('checkbox', { name: 'Main Centre' }).check();
  await page.getByLabel('Monthly salary').fill('26000');
  // Her photo, a 1×1 PNG, goes up once she is added.
  await page.locator('input[type=file]').setInputFiles({
    name: 'nisha.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    ),
  });
  // A wrong IFSC is refused under its field, and nothing is written.
  await page.getByLabel('IFSC').fill('HDFC123');
  await page.getByRole('button', { name: 'Add Staff' }).last().click();
  await expect(page.getByText('Enter a valid IFSC (e.g. HDFC0001234).')).toBeVisible();
  expect((await owner.get(`/staff-management/staff/?search=${phone}`)).count).toBe(0);
  await page.getByLabel('IFSC').fill('HDFC0001234');
  await page.getByRole('button', { name: 'Add Staff' }).last().click();
  await expect(page.getByRole('heading', { name: 'Nisha Kapoor' })).toBeVisible();
  const staff = (await owner.get(`/staff-management/staff/?search=${phone}`)).results[0];
  expect(staff).toMatchObject({ first_name: 'Nisha', salary_type: 'monthly', base_pay: '26000.00', ifsc: 'HDFC0001234' });
  await expect.poll(async () => (await owner.get(`/staff-management/staff/${staff.id}/`)).photo).toMatch(/^\/uploads\/org-\d+\/.+\.png$/);
  await expect(page.getByRole('img', { name: 'Photo of Nisha Kapoor' }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/staff-management/staffs/${staff.id}$`));

  // Today's register: one tap marks her present.
  await page.goto('/staff-management/attendance');
  const present = page.getByRole('button', { name: 'Present Nisha Kapoor' });
  await expect(present).toHaveAttribute('aria-pressed', 'false');
  await present.click();
  await expect(present).toHaveAttribute('aria-pressed', 'true');
  const marks = (await owner.get(`/staff-management/staff-attendance/?staff=${staff.id}`)).results;
  expect(marks).toHaveLength(1);
  expect(marks[0].status).toBe('present');

  // The month's payroll: generated, her line reviewed, approved and paid.
  await page.goto('/staff-management/payroll');
  await page
    .getByRole('button', { name: /^Generate / })
    .first()
    .click();
  await expect(page.getByText(/new drafts?, \d+ drafts recomputed/)).toBeVisible();
  await page.getByRole('button', { name: /^Review Nisha Kapoor / }).click();
  const dialog = page.getByRole('dialog', { name: /^Nisha Kapoor: / });
  const computation = dialog.getByRole('table', { name: 'How the pay was computed' });
  await expect(computation).toContainText('Base pay');
  await expect(computation).toContainText('₹26,000.00');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Approved', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
  const pay = page.getByRole('dialog', { name: 'Pay Nisha Kapoor' });
  await pay.getByLabel('Payment mode').selectOption({ label: 'UPI' });
  await pay.getByLabel('Reference').fill('SAL-NISHA-1');
  await pay.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(dialog.getByText(/It is in Income\/Expenses under Salaries\./)).toBeVisible();
  const row = (await owner.get(`/staff-management/pay-roll/?staff=${staff.id}`)).results[0];
  expect(row.status).toBe('paid');
  expect(row.expense).not.toBeNull();

  // The salary is an expense of the ledger, under Salaries.
  await page.goto('/income-expense/transactions');
  await page.getByRole('searchbox').first().fill('SAL-NISHA-1');
  const ledger = page.getByRole('table');
  await expect(ledger).toContainText('Salaries');
  await expect(ledger).toContainText(row.net.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

  // Her page's Pay History lists the payment.
  await page.goto(`/staff-management/staffs/${staff.id}/pay-history`);
  await expect(page.getByRole('table')).toContainText('SAL-NISHA-1');
});

/**
 * The member app on a phone (issue 27): a member signs in with the code from the outbox, pays a due
 * through the sandbox checkout and comes back to "Paid", downloads the invoice (a PDF), books a
 * court and sees it in My bookings, then cancels it.
 */
import { expect, test } from '@playwright/test';
import { smsCodeFor } from './member-support';
import { OWNER, ORG, apiAs } from './support';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, acceptDownloads: true });

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

test('a member pays a due through the sandbox, downloads the invoice and books a court', async ({ page }) => {
  const staff = await apiAs(page, OWNER);
  expect((await staff.put('/end-user/settings/', { login_mode: 'everyone' })).status()).toBe(200);
  const centres = (await staff.get('/public/centres/')).results as { id: number; name: string }[];
  const plans = (await staff.get('/member-management/plan/?page_size=100')).results as {
    id: number;
    name: string;
    price: string;
    is_active: boolean;
  }[];
  const plan = plans.find((p) => p.is_active && Number(p.price) > 0)!;
  const phone = `7${String(Date.now()).slice(-9)}`;
  const created = await staff.post('/member-management/member/', {
    first_name: 'Asha',
    last_name: 'Phone',
    gender: 'female',
    phone,
    centre: centres.find((c) => c.name === 'Main Centre')!.id,
    membership: { plan: plan.id },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Sign in with the code.
  await page.goto(`${ORG}/me/`);
  await page.getByLabel('Mobile number').fill(phone);
  const asked = Date.now() - 1000;
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel(`Code sent to`, { exact: false }).fill(await smsCodeFor(phone, asked));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Asha' })).toBeVisible();

  // Pay part of the due through the sandbox.
  await page.getByRole('link', { name: 'Pay', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Pay' })).toBeVisible();
  await page.getByLabel('Amount to pay (₹)').fill('100');
  await page.getByRole('button', { name: `Pay ${inr.format(100)}` }).click();
  await page.waitForURL(/\/checkout\//);
  await page.getByRole('button', { name: `Pay ${inr.format(100)}` }).click();
  await page.waitForURL(/\/me\/pay\?order=/);
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/artifacts/member-paid.png' });

  // The invoice downloads as a PDF.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Invoice / }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // Invoices list shows it too.
  await page.goto(`${ORG}/me/invoices`);
  await expect(page.getByRole('button', { name: /Download .* as PDF/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/artifacts/member-invoices.png' });

  // Renewing shows the plans, the running one first, and when the renewal would start.
  await page.goto(`${ORG}/me/renew`);
  await expect(page.getByText('A renewal starts on', { exact: false })).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeChecked();
  await page.screenshot({ path: 'test-results/artifacts/member-renew.png' });

  // Book a court.
  await page.goto(`${ORG}/me/book`);
  await expect(page.getByRole('heading', { name: 'Book', exact: true })).toBeVisible();
  // Tomorrow: today's first free slot may start within the two hours in which a booking can no longer be cancelled.
  const tomorrow = new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Date').fill(tomorrow);
  const first = page.getByRole('button', { pressed: false }).filter({ hasText: '₹' }).first();
  await first.click();
  await page.screenshot({ path: 'test-results/artifacts/member-book.png', fullPage: true });
  await page.getByRole('button', { name: /^Book 1 slot/ }).click();
  const mine = page.getByRole('list', { name: 'My bookings' });
  await expect(mine.getByRole('listitem')).toHaveCount(1);
  await expect(mine.getByText('Confirmed', { exact: false })).toBeVisible();

  // Cancel it.
  page.once('dialog', (d) => void d.accept());
  await mine.getByRole('button', { name: /^Cancel booking/ }).click();
  await expect(mine.getByText('Cancelled', { exact: false })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { apiAs, DESK, linkFromOutbox, signIn } from './support';

/**
 * Issue 23 §1: a member's due paid through a payment link. The desk sells a plan with a part
 * payment, sends a payment link from the member's page (the dialog shows it with Copy and WhatsApp),
 * the member opens it on a phone, pays through the sandbox checkout, lands back on the link's page
 * marked Paid, and the member's due is now 0.
 */

const phone = () => `71${String(Date.now()).slice(-8)}`;

test("the desk sends a payment link for a member's due, the member pays it online on a phone and the due is 0", async ({
  page,
  browser,
}) => {
  const desk = await apiAs(page, DESK);
  const plans = (await desk.get('/member-management/plan/?is_active=true')).results as { id: number; name: string }[];
  const monthly = plans.find((p) => p.name === 'Monthly')!;

  await signIn(page, DESK);
  await page.goto('/membership/add-member');
  await page.getByLabel('First name').fill('Linked');
  await page.getByLabel('Last name').fill('Payer');
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Phone', { exact: true }).fill(phone());
  await page.getByLabel('Center', { exact: true }).selectOption({ index: 1 });
  const sell = page.getByLabel('Sell a plan now');
  if (!(await sell.isChecked())) await sell.check();
  await page.getByLabel('Plan', { exact: true }).selectOption({ value: String(monthly.id) });
  await page.getByLabel('Paying now').fill('500');
  await page.getByLabel('Payment mode').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Add Member' }).last().click();
  await expect(page).toHaveURL(/\/membership\/members\/\d+/);
  const memberId = Number(/members\/(\d+)/.exec(page.url())![1]);
  const due = (await desk.get(`/member-management/member/${memberId}/`)).due as string;
  expect(Number(due)).toBeGreaterThan(0);
  const dueText = `₹${Number(due).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

  // Send payment link: the link with Copy and WhatsApp share.
  await page.getByRole('button', { name: 'Send payment link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send payment link' });
  const field = dialog.getByLabel('Payment link');
  await expect(field).toHaveValue(/\/pay\/[A-Za-z0-9_-]{32}$/);
  const url = await field.inputValue();
  await expect(dialog.getByText(dueText)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/91\d{10}\?text=.*pay/);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();
  // …and by e-mail: the server mails the same link.
  const email = `linked.${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel("Payer's e-mail").fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(dialog.getByText('Enter a valid email address.')).toBeVisible();
  await dialog.getByLabel("Payer's e-mail").fill(email);
  await dialog.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(page.getByText(`Payment link sent to ${email}.`)).toBeVisible();
  expect(await linkFromOutbox(email, /http:\/\/demo\.localhost:\d+\/pay\/[A-Za-z0-9_-]+/)).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The member opens it on a phone: no login.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const payer = await phoneContext.newPage();
  await payer.goto(url);
  await expect(payer.getByRole('heading', { name: 'Demo Sports Club' }).or(payer.locator('#pay-title'))).toBeVisible();
  await expect(payer.getByLabel(`Due now ${dueText}`)).toBeVisible();
  await expect(payer.getByText('Linked Payer').or(payer.getByText('Hello Linked'))).toBeVisible();
  await payer.screenshot({ path: test.info().outputPath('pay-link-phone.png'), fullPage: true });
  await payer.getByRole('button', { name: `Pay ${dueText}` }).click();

  // The sandbox checkout, then back on the link's page, paid.
  await expect(payer).toHaveURL(/\/checkout\/ord_/);
  await payer.getByRole('button', { name: `Pay ${dueText}` }).click();
  await expect(payer).toHaveURL(/\/pay\/[A-Za-z0-9_-]{32}\?order=ord_.*status=paid/);
  await expect(payer.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(payer.getByText(/Your invoice is settled/)).toBeVisible();
  await expect(payer.getByLabel('Due now ₹0.00')).toBeVisible();
  await payer.screenshot({ path: test.info().outputPath('pay-link-paid-phone.png'), fullPage: true });
  await phoneContext.close();

  // The member's due is now 0, on the API and on the page.
  expect(await desk.get(`/member-management/member/${memberId}/`)).toMatchObject({ due: '0.00' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Send payment link' })).toBeDisabled();
});

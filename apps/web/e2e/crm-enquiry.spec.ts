import { expect, test } from '@playwright/test';
import { apiAs, DESK, signIn } from './support';

/**
 * Issue 22: the desk presses Alt+2, adds an enquiry, logs a follow-up, converts it into a member
 * (Add Member filled in from the enquiry: the desk picks the plan and takes the payment), and the
 * enquiry shows Converted, linked to the member.
 */
const phone = () => `71${String(Date.now()).slice(-8)}`;

test('the desk adds an enquiry from Alt+2, follows it up and converts it to a member with a plan and payment', async ({ page }) => {
  const desk = await apiAs(page, DESK);
  const plans = (await desk.get('/member-management/plan/?is_active=true')).results as { id: number; name: string }[];
  const monthly = plans.find((p) => p.name === 'Monthly')!;
  const mobile = phone();

  await signIn(page, DESK);
  await page.goto('/membership/members');
  await expect(page.getByRole('button', { name: 'Quick add' })).toBeVisible();
  await page.keyboard.press('Alt+2');
  await expect(page).toHaveURL(/\/crm-management\/all-enquiries/);
  await page.getByRole('button', { name: 'Add Enquiry' }).first().click();
  const add = page.getByRole('dialog');
  await add.getByRole('textbox', { name: 'Name' }).fill('Tara Journey');
  await add.getByLabel('Phone', { exact: true }).fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await add.getByLabel('Source').selectOption({ label: 'Instagram' });
  await add.getByLabel('Center', { exact: true }).selectOption({ index: 1 });
  await add.getByLabel('Interested in').fill('Morning strength training');
  await add.getByRole('button', { name: 'Add Enquiry' }).click();

  // The enquiry's page.
  await expect(page).toHaveURL(/\/crm-management\/all-enquiries\/\d+$/);
  const id = Number(/all-enquiries\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Tara Journey' })).toBeVisible();
  expect(await desk.get(`/crm/enquiry/${id}/`)).toMatchObject({ phone: mobile, status: 'open', source: 'instagram' });

  // A follow-up moves the next follow-up date.
  await page.getByRole('button', { name: 'Log Follow-up' }).first().click();
  const fu = page.getByRole('dialog');
  await fu.getByLabel('Method').selectOption({ label: 'WhatsApp' });
  await fu.getByLabel('Outcome').fill('Sent the price list; coming tomorrow');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await fu.getByLabel('Next follow-up').fill(tomorrow);
  await fu.getByRole('button', { name: 'Log Follow-up' }).click();
  await expect(fu).toHaveCount(0);
  await expect.poll(async () => (await desk.get(`/crm/enquiry/${id}/`)).follow_ups).toBe(1);
  await page.getByRole('link', { name: 'Follow-up History' }).click();
  await expect(page.getByText('Sent the price list; coming tomorrow')).toBeVisible();

  // Convert: Add Member with the enquiry's details; the desk picks the plan and takes the payment.
  await page.getByRole('link', { name: 'Convert to Member' }).click();
  await expect(page).toHaveURL(/\/all-enquiries\/\d+\/convert$/);
  await expect(page.getByLabel('First name')).toHaveValue('Tara');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(mobile);
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  const sell = page.getByLabel('Sell a plan now');
  if (!(await sell.isChecked())) await sell.check();
  await page.getByLabel('Plan', { exact: true }).selectOption({ value: String(monthly.id) });
  await page.getByLabel('Payment mode').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Convert to Member' }).last().click();

  // Back on the enquiry: Converted, linked to the new member, who is on the plan and has paid.
  await expect(page).toHaveURL(new RegExp(`/all-enquiries/${id}$`));
  await expect(page.getByText('Converted', { exact: true }).first()).toBeVisible();
  const enquiry = await desk.get(`/crm/enquiry/${id}/`);
  expect(enquiry).toMatchObject({ status: 'converted', member_name: 'Tara Journey' });
  await expect(page.getByRole('link', { name: `Tara Journey (${enquiry.member_code})` })).toBeVisible();
  const member = await desk.get(`/member-management/member/${enquiry.member}/`);
  expect(member).toMatchObject({ phone: mobile, source: 'enquiry', due: '0.00' });
  expect(member.current_membership.plan).toBe(monthly.id);
});

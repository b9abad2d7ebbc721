import { expect, test } from '@playwright/test';
import { apiAs, DESK, OWNER, signIn } from './support';

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

test('the desk records a complaint from a member picked by name or code, and the complaint links to them', async ({ page }) => {
  const desk = await apiAs(page, DESK);
  const [member] = (await desk.get('/member-management/member/?page_size=1&ordering=-member_code')).results as {
    id: number;
    full_name: string;
    member_code: string;
    phone: string;
  }[];
  const subject = `Locker jammed ${Date.now().toString(36)}`;

  await signIn(page, DESK);
  await page.goto('/crm-management/complaints');
  await page.getByRole('button', { name: 'Add Complaint' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Complaint' });
  await dialog.getByLabel('Member', { exact: true }).fill(member.member_code);
  await dialog.getByRole('button', { name: `Choose ${member.full_name}` }).click();
  // Picking fills the name and phone from the member.
  await expect(dialog.getByRole('textbox', { name: 'From (name)' })).toHaveValue(member.full_name);
  await expect(dialog.getByLabel('Phone', { exact: true })).toHaveValue(member.phone);
  await expect(dialog.getByRole('button', { name: `Change member (${member.full_name})` })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByLabel('Description').fill('Locker 14 does not open with the member’s key.');
  await dialog.getByRole('button', { name: 'Add Complaint' }).click();
  await expect(dialog).toBeHidden();

  // The complaint is the member's: the API says so, the list and the complaint link to them.
  const saved = (await desk.get(`/crm/complaint/?search=${encodeURIComponent(subject)}`)).results[0];
  expect(saved).toMatchObject({ member: member.id, member_code: member.member_code, name: member.full_name });
  const table = page.getByRole('table', { name: 'Open complaints' });
  const row = table.getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('link', { name: `${member.full_name} (${member.member_code})` })).toBeVisible();
  await row.getByRole('button', { name: `View “${subject}”` }).click();
  const detail = page.getByRole('dialog', { name: subject });
  await expect(detail.getByText('Locker 14 does not open')).toBeVisible();
  await detail.getByRole('link', { name: `${member.full_name} (${member.member_code})` }).click();
  await expect(page).toHaveURL(new RegExp(`/membership/members/${member.id}`));
});

test('the owner deletes an enquiry after confirming; a converted enquiry offers no delete, and the desk none at all', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const centres = (await owner.get('/administrator/centre/?page_size=1')).results as { id: number }[];
  const made = await owner.post('/crm/enquiry/', { name: 'Delete Me Lead', phone: phone(), centre: centres[0].id });
  expect(made.status()).toBe(201);
  const { id } = await made.json();
  const converted = (await owner.get('/crm/enquiry/?status=converted&page_size=1')).results[0] as { id: number; name: string };

  // The desk (operate) does not get a Delete button.
  await signIn(page, DESK);
  await page.goto(`/crm-management/all-enquiries/${id}`);
  await expect(page.getByRole('heading', { name: 'Delete Me Lead' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log Follow-up' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  await signIn(page, OWNER);
  await page.goto(`/crm-management/all-enquiries/${converted.id}`);
  await expect(page.getByRole('heading', { name: converted.name })).toBeVisible();
  await expect(page.getByText('Converted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);

  await page.goto(`/crm-management/all-enquiries/${id}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the enquiry from Delete Me Lead?' });
  // Cancelling keeps it.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await owner.get(`/crm/enquiry/${id}/`)).status).toBe('open');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await confirm.getByRole('button', { name: 'Delete enquiry' }).click();
  await expect(page.getByText('Enquiry from Delete Me Lead deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/crm-management\/all-enquiries$/);
  expect(await owner.get(`/crm/enquiry/${id}/`)).toEqual({ detail: 'Not found.' });
});

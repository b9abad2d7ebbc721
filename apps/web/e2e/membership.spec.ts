import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiAs, DESK, OWNER, signIn } from './support';

/**
 * Issue 11's journeys: the desk adds a member with a plan and a part payment, sees the due on
 * the member's page, collects the rest and gets the invoice as a PDF, then checks the member in
 * from the attendance screen; the owner freezes a membership and sees its end date move (and the
 * plan's freeze limits in the dialog). Issue 19 §7: the desk checks a session-pack member in twice
 * in a day, confirming the second session, and the pack goes down by two sessions, not more.
 * Issue 20 §5: a phone pasted as WhatsApp copies it ("+91 98765 43210") is kept as its 10 digits.
 */

// A phone no demo member has (the demo's start with 9800…).
const phone = () => `70${String(Date.now()).slice(-8)}`;

test('the desk adds a member with a part payment, collects the rest, downloads the invoice and checks the member in', async ({ page }) => {
  const desk = await apiAs(page, DESK);
  const plans = (await desk.get('/member-management/plan/?is_active=true')).results as {
    id: number;
    name: string;
    price: string;
    joining_fee: string;
  }[];
  const monthly = plans.find((p) => p.name === 'Monthly')!;
  const total = Number(monthly.price) + Number(monthly.joining_fee); // ₹2,000: first membership pays the joining fee
  const mobile = phone();

  await signIn(page, DESK);
  await page.goto('/membership/add-member');
  await page.getByLabel('First name').fill('Journey');
  await page.getByLabel('Last name').fill('Member');
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Phone', { exact: true }).fill(mobile);
  await page.getByLabel('Center', { exact: true }).selectOption({ index: 1 });
  const sell = page.getByLabel('Sell a plan now');
  if (!(await sell.isChecked())) await sell.check();
  await page.getByLabel('Plan', { exact: true }).selectOption({ value: String(monthly.id) });
  await page.getByLabel('Paying now').fill('1200');
  await page.getByLabel('Payment mode').selectOption({ label: 'Cash' });
  await page.getByRole('button', { name: 'Add Member' }).last().click();

  // The member's page, with the due and the invoice ready.
  await expect(page).toHaveURL(/\/membership\/members\/\d+/);
  const memberId = Number(/members\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: /Journey Member/ }).first()).toBeVisible();
  const due = total - 1200;
  await expect(page.getByText(`₹${due.toLocaleString('en-IN')}.00`).first()).toBeVisible();
  const member = await desk.get(`/member-management/member/${memberId}/`);
  expect(member).toMatchObject({ phone: mobile, due: `${due}.00`, status: 'active' });

  // Collect the rest.
  await page.getByRole('button', { name: 'Collect payment' }).first().click();
  const collect = page.getByRole('dialog');
  await collect.getByLabel('Amount').fill(String(due));
  await collect.getByLabel('Payment mode').selectOption({ label: 'UPI' });
  await collect.getByRole('button', { name: 'Collect' }).click();
  await expect(collect).toHaveCount(0);
  await expect.poll(async () => (await desk.get(`/member-management/member/${memberId}/`)).due).toBe('0.00');

  // The invoice, as a PDF with its number and the member's name in it.
  const [membership] = (await desk.get(`/member-management/membership/?member=${memberId}`)).results;
  expect(membership.invoice.status).toBe('paid');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).first().click()]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  expect(text).toContain(membership.invoice.number);
  expect(text).toContain('Journey Member');

  // At the door: type the code, Enter checks in.
  await page.goto('/membership/attendance');
  const box = page.getByRole('combobox', { name: 'Check in a member' });
  await box.fill(member.member_code);
  await box.press('Enter');
  await expect(page.getByRole('table').or(page.getByRole('list')).getByText('Journey Member').first()).toBeVisible();
  const register = await desk.get('/member-management/member-attendance-list/');
  expect(register.results.some((v: { member: number; check_out: string | null }) => v.member === memberId && v.check_out === null)).toBe(
    true,
  );
  // A second check-in while still in is refused, with the reason on screen.
  await box.fill(member.member_code);
  await box.press('Enter');
  await expect(page.getByText(/already checked in/)).toBeVisible();
});

test('the desk pastes a phone as WhatsApp copies it into Add Member, and the member is kept with its 10 digits', async ({ page }) => {
  // Issue 20 §5: "+91 98765 43210" used to become "91 98765 4321" and a "must be 10 digits" error.
  const desk = await apiAs(page, DESK);
  const mobile = phone();
  const pasted = `\u202a+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}\u202c`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  await signIn(page, DESK);
  await page.goto('/membership/add-member');
  await page.getByLabel('First name').fill('Pasted');
  await page.getByLabel('Last name').fill('Phone');
  await page.getByLabel('Gender').selectOption({ label: 'Male' });
  const field = page.getByLabel('Phone', { exact: true });
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(mobile);
  await expect(page.getByText('Phone number must be 10 digits')).toHaveCount(0);
  await page
    .locator('div', { has: field })
    .filter({ hasText: 'Phone' })
    .last()
    .screenshot({ path: test.info().outputPath('pasted-phone.png') });
  await page.getByLabel('Center', { exact: true }).selectOption({ index: 1 });
  const sell = page.getByLabel('Sell a plan now');
  if (await sell.isChecked()) await sell.uncheck();
  await page.getByRole('button', { name: 'Add Member' }).last().click();

  await expect(page).toHaveURL(/\/membership\/members\/\d+/);
  const memberId = Number(/members\/(\d+)/.exec(page.url())![1]);
  expect(await desk.get(`/member-management/member/${memberId}/`)).toMatchObject({ phone: mobile, full_name: 'Pasted Phone' });
});

test('the owner freezes a membership and sees its end date move', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const plans = (await owner.get('/member-management/plan/?is_active=true')).results as { id: number; name: string }[];
  const quarterly = plans.find((p) => p.name === 'Quarterly')!;
  const centres = (await owner.get('/administrator/centre/')).results;
  const made = await owner.post('/member-management/member/', {
    first_name: 'Freeze',
    last_name: 'Journey',
    gender: 'male',
    phone: phone(),
    centre: centres[0].id,
    membership: { plan: quarterly.id },
  });
  expect(made.status()).toBe(201);
  const member = await made.json();
  const before = member.membership.end_date as string;

  await signIn(page, OWNER);
  await page.goto(`/membership/members/${member.id}`);
  const fmt = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(page.getByText(fmt(before)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Freeze' }).first().click();
  const dialog = page.getByRole('dialog');
  // The plan's limits, before any freeze: Quarterly allows 2 freezes of 15 days in all and has no yearly limit.
  await expect(dialog.getByLabel('Freeze limits of the plan')).toContainText('Used 0 of 2 freezes and 0 of 15 days of this membership.');
  await expect(dialog.getByLabel('Freeze limits of the plan')).toContainText('No yearly limit.');
  // Ten days from the day after tomorrow.
  const day = (n: number) => new Date(Date.parse(`${member.membership.start_date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('From').fill(fmt(day(2)));
  await dialog.getByLabel('To').fill(fmt(day(11)));
  // The reason comes from the list the owner keeps (Membership › Plan › Freeze Reasons).
  await expect(dialog.getByRole('link', { name: 'Manage the list of reasons' })).toHaveAttribute('href', '/membership/plan/freeze-reasons');
  await dialog.getByLabel('Reason').selectOption('Travel');
  await dialog.getByRole('button', { name: 'Freeze' }).click();
  await expect(dialog).toHaveCount(0);
  const after = new Date(Date.parse(`${before}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByText(fmt(after)).first()).toBeVisible();
  const ms = await owner.get(`/member-management/membership/${member.membership.id}/`);
  expect(ms).toMatchObject({ end_date: after, base_end_date: before, frozen_days: 10 });

  // Not started yet: the freeze changes — two days longer, another reason — and the end follows.
  await page.getByRole('button', { name: `Change the freeze from ${fmt(day(2))}` }).click();
  const change = page.getByRole('dialog', { name: /^Change the freeze of Quarterly/ });
  await change.getByLabel('To').fill(fmt(day(13)));
  await change.getByLabel('Reason').selectOption('Medical');
  await change.getByRole('button', { name: 'Save Changes' }).click();
  await expect(change).toHaveCount(0);
  const later = new Date(Date.parse(`${before}T00:00:00Z`) + 12 * 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByText(fmt(later)).first()).toBeVisible();
  const changed = await owner.get(`/member-management/membership/${member.membership.id}/`);
  expect(changed).toMatchObject({ end_date: later, frozen_days: 12 });
  expect(changed.freezes[0]).toMatchObject({ reason: 'Medical', days: 12 });
});

test('the owner cancels a paid membership mid-term and the dialog proposes the pro-rata refund, which they lower', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const plans = (await owner.get('/member-management/plan/?is_active=true')).results as { id: number; name: string }[];
  const quarterly = plans.find((p) => p.name === 'Quarterly')!;
  const centres = (await owner.get('/administrator/centre/')).results;
  const modes = (await owner.get('/administrator/payment-mode/dropdown/')).results as { id: number; name: string }[];
  const started = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const made = await owner.post('/member-management/member/', {
    first_name: 'Refund',
    last_name: 'Journey',
    gender: 'female',
    phone: phone(),
    centre: centres[0].id,
    membership: { plan: quarterly.id, start_date: started },
  });
  expect(made.status(), await made.text()).toBe(201);
  const member = await made.json();
  const m = member.membership;
  const paid = await owner.post('/member-management/payment-history/', { membership: m.id, amount: m.total, payment_mode: modes[0].id });
  expect(paid.status(), await paid.text()).toBeLessThan(300);
  const sold = await owner.get(`/member-management/membership/${m.id}/`);
  const days = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

  await signIn(page, OWNER);
  await page.goto(`/membership/members/${member.id}`);
  await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  // The way out is named apart from the destructive submit (issue 20 §4).
  await expect(dialog.getByRole('button', { name: 'Keep membership' })).toBeVisible();
  await dialog.getByLabel('Reason').fill('Moving to another city');
  await dialog.getByLabel('Refund a payment').check();
  // The proposal: the plan part (not the joining fee) for the unused days, at most what was paid.
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
  const total = days(sold.start_date, sold.end_date) + 1;
  const unused = days(today, sold.end_date) + 1;
  const planPart = Math.round(Number(sold.total) * 100) - Math.round(Number(sold.joining_fee) * 100);
  const proposed = (Math.min(Math.round((planPart * unused) / total), Math.round(Number(sold.paid) * 100)) / 100).toFixed(2);
  await expect(dialog.getByLabel('Refund amount')).toHaveValue(proposed);
  await expect(dialog).toContainText(`for ${unused} unused of ${total} days (the joining fee is not refunded)`);
  await dialog.getByLabel('Refund amount').fill('1000');
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(dialog).toHaveCount(0);
  const after = await owner.get(`/member-management/membership/${m.id}/`);
  expect(after).toMatchObject({ status: 'cancelled', paid: (Number(sold.paid) - 1000).toFixed(2) });

  // Issue 20 §6: the cancelled invoice shows the credit note and the refund that balance it.
  const [note] = after.invoice.credit_notes as { id: number; number: string }[];
  expect(note.number).toMatch(/^CN/);
  await page.goto(`/accounts/${after.invoice.id}`);
  const cancelled = page.getByRole('status').filter({ hasText: 'This invoice is cancelled' });
  await expect(cancelled).toContainText(`credit note ${note.number}`);
  await expect(cancelled).toContainText('₹1,000.00 was refunded');
  await expect(page.getByLabel('Totals')).toContainText('Less credit note');
  await expect(page.getByLabel('Totals')).toContainText('Refunded');
  // The member's payment history links the credit note.
  await page.goto(`/membership/members/${member.id}/payment-history`);
  await page.getByRole('list', { name: 'Credit notes' }).getByRole('link', { name: note.number }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${note.id}$`));
});

test('the desk checks a session-pack member in twice in a day, confirming the second session', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const desk = await apiAs(page, DESK);
  const plans = (await desk.get('/member-management/plan/?is_active=true')).results as {
    id: number;
    name: string;
    sessions: number | null;
  }[];
  const pack = plans.find((p) => p.sessions !== null)!;
  const centres = (await owner.get('/administrator/centre/')).results;
  const made = await owner.post('/member-management/member/', {
    first_name: 'Pack',
    last_name: 'Journey',
    gender: 'female',
    phone: phone(),
    centre: centres[0].id,
    membership: { plan: pack.id },
  });
  expect(made.status(), await made.text()).toBe(201);
  const member = await made.json();
  const sessions = member.membership.sessions_left as number;
  expect(sessions).toBe(pack.sessions);

  await signIn(page, DESK);
  await page.goto('/membership/attendance');
  const box = page.getByRole('combobox', { name: 'Check in a member' });
  await box.fill(member.member_code);
  await box.press('Enter');
  // The check-in box's line (the toast says only who and when).
  const checkedIn = page.getByRole('status').filter({ hasText: 'Pack Journey' }).filter({ hasText: 'sessions left' });
  await expect(checkedIn).toContainText(`1 session used · ${sessions - 1} sessions left`);
  // The session ends: the member checks out.
  const [visit] = (await desk.get(`/member-management/member-attendance/?member=${member.id}`)).results;
  expect((await desk.post(`/member-management/member-attendance/${visit.id}/check-out/`, {})).status()).toBe(200);

  // Back for a second session the same day: the desk is asked, and confirms it.
  await box.fill(member.member_code);
  await box.press('Enter');
  const asked = page.getByRole('alert').filter({ hasText: 'already used a session today' });
  await expect(asked).toContainText(`already used a session of ${pack.name} today (${sessions - 1} sessions left)`);
  await asked.getByRole('button', { name: 'Check in for a second session' }).click();
  await expect(checkedIn).toContainText(`1 session used · ${sessions - 2} sessions left`);

  // Two sessions gone, not more; the member's visits say both used one.
  const ms = await desk.get(`/member-management/membership/${member.membership.id}/`);
  expect(ms.sessions_left).toBe(sessions - 2);
  const visits = (await desk.get(`/member-management/member-attendance/?member=${member.id}`)).results as { spent_session: boolean }[];
  expect(visits.map((v) => v.spent_session)).toEqual([true, true]);
  await page.goto(`/membership/members/${member.id}/attendence`);
  await expect(page.getByRole('list', { name: /^Visits in / }).getByText('1 session used')).toHaveCount(2);
});

test('a new member’s Center is the sidebar’s centre; only All Centers asks', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const centres = (await owner.get('/administrator/centre/')).results as { id: number; name: string }[];
  expect(centres.length).toBeGreaterThan(1);
  await signIn(page, OWNER);
  const sidebarCentre = async (value: string) => {
    await page.evaluate((v) => localStorage.setItem('selectedCentre', v), value);
    await page.goto('/membership/add-member');
  };
  await sidebarCentre(String(centres[1].id));
  await expect(page.getByLabel('Center', { exact: true })).toHaveValue(String(centres[1].id));
  await sidebarCentre('');
  await expect(page.getByLabel('Center', { exact: true })).toHaveValue('');
});

test('the breadcrumb of a member’s tab names the member and the tab, never the id or the path spelling', async ({ page }) => {
  const owner = await apiAs(page, OWNER);
  const [m] = (await owner.get('/member-management/member/?page_size=1')).results as {
    id: number;
    full_name: string;
    member_code: string;
  }[];
  await signIn(page, OWNER);
  await page.goto(`/membership/members/${m.id}/perfomence`);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: `${m.full_name} (${m.member_code})` })).toBeVisible();
  await expect(crumbs.getByText('Performance', { exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(crumbs.getByRole('listitem')).toHaveText([
    'Home',
    'Membership',
    'Members',
    `${m.full_name} (${m.member_code})`,
    'Performance',
  ]);
});

test('the desk ticks No SMS on a member: a Message to them by SMS skips them, an e-mail goes and is logged', async ({ page }) => {
  const desk = await apiAs(page, DESK);
  const owner = await apiAs(page, OWNER);
  const centres = (await owner.get('/administrator/centre/')).results;
  const made = await desk.post('/member-management/member/', {
    first_name: 'Quiet',
    last_name: `Member${Date.now() % 100000}`,
    gender: 'female',
    phone: phone(),
    email: `quiet${Date.now()}@example.com`,
    centre: centres[0].id,
  });
  expect(made.status()).toBe(201);
  const member = await made.json();

  await signIn(page, DESK);
  await page.goto(`/membership/members/${member.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${member.full_name}` });
  await edit.getByRole('checkbox', { name: 'No SMS' }).check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toHaveCount(0);
  expect((await desk.get(`/member-management/member/${member.id}/`)).message_opt_out).toEqual(['sms']);

  // Reopened, the box is still ticked.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('checkbox', { name: 'No SMS' })).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `Message ${member.full_name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Message ${member.full_name}` });
  await dialog.getByLabel('Channel').selectOption({ label: 'SMS' });
  await dialog.getByLabel('Template').selectOption({ label: 'Welcome' });
  await expect(dialog.getByRole('status')).toContainText('1 person (1 skipped: opted out or no mobile)');
  await dialog.getByLabel('Channel').selectOption({ label: 'E-mail' });
  await dialog.getByLabel('Subject').fill('See you, {first_name}');
  await dialog.getByLabel('Message', { exact: true }).fill('Hi {first_name}, the pool reopens on Monday.');
  await expect(dialog.getByRole('status')).toContainText('1 person');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toHaveCount(0);
  const log = await owner.get(`/administrator/messaging/logs/?search=${encodeURIComponent(member.last_name)}&channel=email`);
  expect(log.results[0]).toMatchObject({ channel: 'email', subject: 'See you, Quiet', text: 'Hi Quiet, the pool reopens on Monday.' });
});

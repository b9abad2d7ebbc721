/**
 * Issue 27: the member shows the check-in QR on their phone; the desk pastes the QR's payload (no
 * camera here) into the attendance screen's check-in box and the visit is recorded; the same
 * payload with one character changed is refused with the message.
 */
import { expect, test } from '@playwright/test';
import { smsCodeFor } from './member-support';
import { apiAs, OWNER, PORT, signIn } from './support';

const HOST = { Host: `demo.localhost:${PORT}` };
const api = (p: string) => `http://127.0.0.1:${PORT}/api${p}`;

test('the desk checks a member in from the phone’s signed QR code and refuses a forged one', async ({ page, browser, request }) => {
  const owner = await apiAs(page, OWNER);
  const settings = await owner.put('/end-user/settings/', { login_mode: 'everyone' });
  expect(settings.status()).toBe(200);

  // A member with a running membership who is not in today.
  const members = (await owner.get('/member-management/member/?page_size=100')).results as {
    id: number;
    phone: string;
    full_name: string;
    status: string;
    current_membership: unknown;
  }[];
  const register = (await owner.get('/member-management/member-attendance-list/')).results as { member: number }[];
  const inToday = new Set(register.map((v) => v.member));
  const member = members.find((m) => m.status === 'active' && m.current_membership && /^\d{10}$/.test(m.phone) && !inToday.has(m.id));
  expect(member, 'a demo member with a running membership').toBeTruthy();

  // The member signs in on their phone (the code from the outbox).
  const asked = Date.now();
  expect((await request.post(api('/me/auth/otp/'), { headers: HOST, data: { phone: member!.phone } })).status()).toBe(202);
  const code = await smsCodeFor(member!.phone, asked);
  const verified = await request.post(api('/me/auth/otp/verify/'), { headers: HOST, data: { phone: member!.phone, code } });
  expect(verified.status()).toBe(200);
  const memberKey = (await verified.json()).key as string;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const me = await phone.newPage();
  await me.goto(`http://demo.localhost:${PORT}/me/sign-in`);
  await me.evaluate((key) => localStorage.setItem('arena.member.key', key), memberKey);
  await me.goto(`http://demo.localhost:${PORT}/me/check-in`);
  const qr = me.getByTestId('check-in-qr');
  await expect(qr).toBeVisible();
  await expect(me.getByText(/Valid for \d+ s/)).toBeVisible();
  await me.getByRole('button', { name: 'Can’t scan? Show code' }).click();
  const payload = (await me.getByTestId('check-in-payload').textContent())!.trim();
  expect(payload).toMatch(/^AC1\.\d+\.\d+\.\d+\.[A-Za-z0-9_-]{32}$/);
  expect(await qr.getAttribute('data-payload')).toBe(payload);
  await me.screenshot({ path: 'test-results/member-check-in-phone.png' });

  // The desk (a desktop browser) pastes the payload into the check-in box.
  await signIn(page, OWNER);
  await page.goto(`http://demo.localhost:${PORT}/membership/attendance`);
  const box = page.getByRole('combobox', { name: 'Check in a member' });
  await box.fill(payload);
  await box.press('Enter');
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${member!.full_name}` })
      .filter({ hasText: 'checked in at' })
      .first(),
  ).toBeVisible();

  // One character changed: refused, nothing recorded.
  const last = payload.at(-1) === 'A' ? 'B' : 'A';
  await box.fill(payload.slice(0, -1) + last);
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'This check-in code is not valid.' })).toBeVisible();
  await page.screenshot({ path: 'test-results/member-check-in-desk.png' });
  const after = (await owner.get('/member-management/member-attendance-list/')).results as { member: number; source: string }[];
  expect(after.filter((v) => v.member === member!.id)).toEqual([expect.objectContaining({ source: 'qr' })]);
  await phone.close();
});

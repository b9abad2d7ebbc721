/**
 * Issue 27: the member shows the check-in QR on their phone; the desk pastes the QR's payload (no
 * camera here) into the attendance screen's check-in box and the visit is recorded; the same
 * payload with one character changed is refused with the message.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { apiAs, DATA_DIR, OWNER, PORT, signIn } from './support';

const HOST = { Host: `demo.localhost:${PORT}` };
const api = (p: string) => `http://127.0.0.1:${PORT}/api${p}`;

/** The newest sign-in code sent to a phone: the offline SMS outbox (sms.log), else the staff's message log. */
async function codeFor(request: APIRequestContext, staffKey: string, phone: string, after: number): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const log = path.join(DATA_DIR, 'outbox', 'sms.log');
        if (fs.existsSync(log)) {
          const lines = fs
            .readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as { at: string; to: string; text: string })
            .filter((l) => l.to === phone && Date.parse(l.at) >= after - 1000);
          const match = lines.at(-1) && /\b(\d{6})\b/.exec(lines.at(-1)!.text);
          if (match) return (code = match[1]);
        }
        const res = await request.get(api(`/administrator/messaging/logs/?search=${phone}&page_size=5`), {
          headers: { ...HOST, Authorization: `Token ${staffKey}` },
        });
        if (res.ok()) {
          const rows = (await res.json()).results as { address: string; text: string; created_at?: string }[];
          const match = rows.find((r) => r.address === phone && /sign-in code/.test(r.text) && /\b\d{6}\b/.test(r.text));
          if (match) return (code = /\b(\d{6})\b/.exec(match.text)![1]);
        }
        return null;
      },
      { message: `a sign-in code sent to ${phone}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return code!;
}

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
  const login = await request.post(api('/accounts/login/'), { headers: HOST, data: OWNER });
  const staffKey = (await login.json()).key as string;
  const asked = Date.now();
  expect((await request.post(api('/me/auth/otp/'), { headers: HOST, data: { phone: member!.phone } })).status()).toBe(202);
  const code = await codeFor(request, staffKey, member!.phone, asked);
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

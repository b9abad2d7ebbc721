import { chromium } from 'playwright';
import fs from 'node:fs';
const PORT = 3295, ORG = `http://demo.localhost:${PORT}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
// Staff
const staff = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const sp = await staff.newPage();
const res = await sp.request.post(`http://127.0.0.1:${PORT}/api/accounts/login/`, { headers: { Host: `demo.localhost:${PORT}` }, data: { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' } });
const login = await res.json();
await sp.goto(`${ORG}/login`);
await sp.evaluate((l) => { localStorage.setItem('token', l.key ?? l.token); localStorage.setItem('user', JSON.stringify(l.user)); localStorage.setItem('organisation', JSON.stringify(l.organisation ?? l.user?.organisation)); }, login);
for (const [name, path] of [['eu-dashboard', '/end-user-login'], ['eu-users', '/end-user-login/user-login'], ['eu-feeds', '/end-user-login/announcements-feeds/published'], ['eu-settings', '/end-user-login/settings'], ['eu-report', '/reports/end-user'], ['member-requests', '/membership/member-requests']]) {
  await sp.goto(ORG + path); await sp.waitForTimeout(2500); await sp.screenshot({ path: `/tmp/shots/${name}.png` });
}
// Member on a phone
const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const mp = await phone.newPage();
await mp.goto(`${ORG}/me/`); await mp.waitForTimeout(1500);
await mp.getByLabel('Mobile number').fill('9800000000');
await mp.getByRole('button', { name: /send|code/i }).first().click();
await mp.waitForTimeout(4000);
const lines = fs.readFileSync('/tmp/w/data/outbox/sms.log', 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.to === '9800000000');
const code = /\b(\d{6})\b/.exec(lines.at(-1).text)[1];
await mp.getByRole('textbox').last().fill(code);
await mp.getByRole('button', { name: /sign in|verify/i }).first().click();
await mp.waitForTimeout(2500);
for (const [name, path] of [['me-home', '/me/'], ['me-pay', '/me/pay'], ['me-checkin', '/me/check-in'], ['me-book', '/me/book'], ['me-more', '/me/more'], ['me-invoices', '/me/invoices'], ['me-attendance', '/me/attendance'], ['me-feed', '/me/feed'], ['me-requests', '/me/requests']]) {
  await mp.goto(ORG + path); await mp.waitForTimeout(2000); await mp.screenshot({ path: `/tmp/shots/${name}.png` });
}
await browser.close();

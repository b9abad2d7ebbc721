#!/usr/bin/env node
// Screenshots of the main screens at 1280 and 390 px, for looking at them (issue 3's quality bar).
// Usage: node scripts/screenshots.mjs [origin-port=3000] [out-dir=/tmp/arena-shots]
import { chromium } from '@playwright/test';
import fs from 'node:fs';

const port = process.argv[2] ?? '3000';
const out = process.argv[3] ?? '/tmp/arena-shots';
fs.mkdirSync(out, { recursive: true });
const org = `http://demo.localhost:${port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const screens = (
  process.env.SCREENS ?? '/,/admin,/admin/manage-center,/settings,/admin/notifications,/crm-management/complaints,/no-such-page,/logout-x'
).split(',');
const widths = (process.env.WIDTHS ?? '1280,390').split(',').map(Number);
const dark = process.env.DARK === '1';

for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.error('console', m.text()));
  for (const p of ['/login', '/accounts/reset-password', '/password/reset/confirm/x/y/']) {
    await page.goto(org + p);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${width}-${p.replaceAll('/', '_') || 'root'}.png`, fullPage: true });
  }
  await page.goto(`http://localhost:${port}/signup`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/${width}-provider-signup.png`, fullPage: true });
  await page.goto(org + '/login');
  await page.getByLabel('Email').fill(process.env.EMAIL ?? 'owner@demo.example.com');
  await page.getByLabel('Password', { exact: true }).fill(process.env.PASSWORD ?? 'ArenaDemo#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(org + '/', { timeout: 10000 });
  if (dark)
    await page.evaluate(() =>
      localStorage.setItem('appTheme', JSON.stringify({ mode: 'dark', sidebarColor: 'blue', menuColor: 'blue', fontSize: 'medium' })),
    );
  for (const s of screens) {
    await page.goto(org + s);
    await page.waitForTimeout(900);
    await page.screenshot({ path: `${out}/${width}${dark ? '-dark' : ''}-app${s.replaceAll('/', '_')}.png`, fullPage: false });
  }
  if (process.env.OPEN_SIDEBAR) {
    await page.goto(org + '/admin/manage-center');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/${width}-sidebar-open.png` });
  }
  await context.close();
}
await browser.close();
console.log('screenshots in', out);

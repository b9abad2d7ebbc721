import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

export const PORT = Number(process.env.ARENA_E2E_PORT ?? 3210);
export const DATA_DIR = process.env.ARENA_E2E_DATA_DIR ?? '';
export const ORG = `http://demo.localhost:${PORT}`;
export const PROVIDER = `http://localhost:${PORT}`;
export const orgUrl = (slug: string) => `http://${slug}.localhost:${PORT}`;

export const OWNER = { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' };
export const DESK = { email: 'desk@demo.example.com', password: 'ArenaDesk#2026' };
export const RIVERSIDE = { email: 'owner@riverside.example.com', password: 'ArenaDemo#2026' };

/**
 * Fills and submits the login form, then waits for the page the user lands on: the dashboard
 * for the owner, the first built screen of their first module for others (the front desk: /booking).
 */
export async function loginThroughForm(page: Page, user: { email: string; password: string }, origin = ORG, landing = '/'): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Login success!' })).toBeVisible();
  await page.waitForURL(`${origin}${landing}`);
}

/**
 * Signs in through the API (Node cannot resolve *.localhost, so 127.0.0.1 with a Host header)
 * and stores the key the way the login screen does; for journeys that are not about logging in.
 */
export async function signIn(page: Page, user: { email: string; password: string }, slug = 'demo'): Promise<void> {
  const response = await page.request.post(`http://127.0.0.1:${PORT}/api/accounts/login/`, {
    headers: { Host: `${slug}.localhost:${PORT}` },
    data: { email: user.email, password: user.password },
  });
  expect(response.status()).toBe(200);
  const { key, user: me } = await response.json();
  await page.goto(`${orgUrl(slug)}/online-booking`);
  await page.evaluate(
    ({ key, me }) => {
      localStorage.setItem('token', key);
      localStorage.setItem('user', JSON.stringify(me));
      localStorage.setItem('organisation', JSON.stringify(me.organisation));
    },
    { key, me },
  );
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link matching `pattern` in the newest outbox mail to `to` (waits for it to arrive). */
export async function linkFromOutbox(to: string, pattern: RegExp, after = 0): Promise<string> {
  const dir = path.join(DATA_DIR, 'outbox');
  let found: string | null = null;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return null;
        const files = fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml') && f.includes(to))
          .map((f) => path.join(dir, f))
          .filter((f) => fs.statSync(f).mtimeMs >= after)
          .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
        for (const file of files) {
          const match = decodeQuotedPrintable(fs.readFileSync(file, 'utf8')).match(pattern);
          if (match) return (found = match[0]);
        }
        return null;
      },
      { message: `a mail to ${to} with a link like ${pattern}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The sidebar's main menu. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Calls the API as a user (Node cannot resolve *.localhost: 127.0.0.1 with the Host header). */
export async function apiAs(page: Page, user: { email: string; password: string }) {
  const login = await page.request.post(`http://127.0.0.1:${PORT}/api/accounts/login/`, {
    headers: { Host: `demo.localhost:${PORT}` },
    data: user,
  });
  const { key } = await login.json();
  const headers = { Host: `demo.localhost:${PORT}`, Authorization: `Token ${key}` };
  return {
    get: async (path: string) => (await page.request.get(`http://127.0.0.1:${PORT}/api${path}`, { headers })).json(),
    post: async (path: string, data: unknown) => page.request.post(`http://127.0.0.1:${PORT}/api${path}`, { headers, data }),
    put: async (path: string, data: unknown) => page.request.put(`http://127.0.0.1:${PORT}/api${path}`, { headers, data }),
  };
}

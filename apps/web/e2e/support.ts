import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { addDays, format } from 'date-fns';

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

/**
 * A visitor's booking of Main Centre's Badminton Court 1, `daysAhead` from today, through the
 * public API as the portal page calls it; answers the booking's code.
 */
export async function bookOnline(
  page: Page,
  visitor: { name: string; email: string; mobile_no: string },
  daysAhead: number,
): Promise<string> {
  const api = `http://127.0.0.1:${PORT}/api`;
  const headers = { Host: `demo.localhost:${PORT}` };
  const get = async (path: string) => (await page.request.get(`${api}${path}`, { headers })).json();
  const centres = (await get('/public/centres/')).results as { id: number; name: string }[];
  const centre = centres.find((c) => c.name === 'Main Centre')!;
  const facilities = (await get(`/public/facilities/?centre=${centre.id}`)).results as { id: number; name: string; sport_name: string }[];
  const court = facilities.find((f) => f.sport_name === 'Badminton' && f.name === 'Court 1')!;
  const day = addDays(new Date(), daysAhead);
  const groups = (await get(`/booking/facility/${court.id}/online-available-slots/${format(day, 'dd-MM-yyyy')}/`)) as {
    time_slots: { id: number; start_time: string; end_time: string; price: string; booking_status: string }[];
  }[];
  const slot = groups.flatMap((g) => g.time_slots).find((s) => s.booking_status === 'available')!;
  const date = format(day, 'yyyy-MM-dd');
  const booked = await page.request.post(`${api}/public/bookings/`, {
    headers,
    data: {
      centre: centre.id,
      facility: court.id,
      date,
      time_slots: [{ date, slot: slot.id, start_time: slot.start_time, end_time: slot.end_time }],
      ...visitor,
      booking_amount: slot.price,
      sub_total: slot.price,
    },
  });
  expect(booked.status()).toBe(201);
  return (await booked.json()).code as string;
}

/** Fills the provider's sign-up form (on `/signup`) and submits it. */
export async function submitSignUp(
  page: Page,
  user: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

/** On the billing page of `origin`: renews on `plan` (its option's label) for a month and pays `amount` (e.g. '₹999.00') in the sandbox; waits for the way back. */
export async function renewInSandbox(page: Page, origin: string, plan: string, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'Renew' }).click();
  const renew = page.getByRole('dialog', { name: 'Renew subscription' });
  await renew.getByLabel('Plan').selectOption({ label: plan });
  await renew.getByRole('radio', { name: 'Monthly' }).click();
  await renew.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/checkout\/ord_/);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(`${origin}/admin/subscription`);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
}

#!/usr/bin/env node
// `npm run lighthouse:me` (issue 27): Lighthouse's mobile audit (its default: a mid-range phone on
// slow 4G, simulated) of the members' app, signed out (the sign-in page) and signed in (the home),
// against the BUILT app (`npm run build` first) served by the API on a fresh embedded database with
// the demo data. Prints the four scores of each page; exits 1 when a page misses the bars
// (performance ≥ 90, accessibility 100, best practices ≥ 95). Not part of `npm test`.
//   LH_PORT (default 3302), CHROME_PATH (default /usr/bin/chromium), LH_JSON=dir to keep the reports.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = Number(process.env.LH_PORT ?? 3302);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const HOST = `demo.localhost:${PORT}`;
const API = `http://127.0.0.1:${PORT}/api`;
const BARS = { performance: 90, accessibility: 100, 'best-practices': 95 };

if (!fs.existsSync(path.join(root, 'apps/web/dist/me.html')) || !fs.existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('No build: run "npm run build" first.');
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  env: { ...process.env, PORT: String(PORT), PUBLIC_URL: `http://localhost:${PORT}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser;
const stop = () => {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

/** The API on the demo club's host (node's fetch will not send a Host header: plain http). */
function api(method, url, { key, body } = {}) {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${API}${url}`,
      {
        method,
        headers: {
          Host: HOST,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          ...(key ? { Authorization: `Token ${key}` } : {}),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          response.statusCode >= 400
            ? reject(new Error(`${method} ${url}: ${response.statusCode} ${text}`))
            : resolve(text ? JSON.parse(text) : null),
        );
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${API}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('The server did not start in 4 minutes');
}

/** A demo member's key: member login on for the demo club, a code asked for and read from the outbox or the messaging log. */
async function memberKey() {
  const { key: owner } = await api('POST', '/accounts/login/', { body: { email: 'owner@demo.example.com', password: 'ArenaDemo#2026' } });
  await api('PUT', '/end-user/settings/', { key: owner, body: { login_mode: 'everyone' } });
  const [membership] = (await api('GET', '/member-management/membership/?status=active&page_size=1', { key: owner })).results;
  const { phone } = await api('GET', `/member-management/member/${membership.member}/`, { key: owner });
  await api('POST', '/me/auth/otp/', { body: { phone } });
  const outbox = path.join(dataDir, 'outbox', 'sms.log');
  for (let i = 0; i < 30; i++) {
    let text = null;
    if (fs.existsSync(outbox))
      text = fs
        .readFileSync(outbox, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .findLast((s) => s.to === phone)?.text;
    else text = (await api('GET', `/administrator/messaging/logs/?channel=sms&search=${phone}`, { key: owner })).results[0]?.text;
    const code = text && /\b(\d{6})\b/.exec(text)?.[1];
    if (code) return (await api('POST', '/me/auth/otp/verify/', { body: { phone, code, remember: true } })).key;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('No sign-in code arrived');
}

async function audit(url, { keepStorage }) {
  const { lhr, report } = await lighthouse(url, {
    port: Number(new URL(browser.wsEndpoint()).port),
    output: 'json',
    logLevel: 'error',
    disableStorageReset: keepStorage,
  });
  if (process.env.LH_JSON) {
    fs.mkdirSync(process.env.LH_JSON, { recursive: true });
    fs.writeFileSync(path.join(process.env.LH_JSON, `${keepStorage ? 'home' : 'sign-in'}.json`), report);
  }
  return Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)]));
}

let failed = false;
try {
  await waitForServer();
  browser = await puppeteer.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu', '--remote-debugging-port=0'] });
  const origin = `http://${HOST}`;
  const results = [['sign-in (/me/, signed out)', await audit(`${origin}/me/sign-in`, { keepStorage: false })]];

  const key = await memberKey();
  const page = await browser.newPage();
  await page.goto(`${origin}/me/sign-in`);
  await page.evaluate((k) => localStorage.setItem('arena.member.key', k), key);
  await page.close();
  results.push(['home (/me/, signed in)', await audit(`${origin}/me/`, { keepStorage: true })]);

  for (const [name, scores] of results) {
    const misses = Object.entries(BARS).filter(([id, bar]) => scores[id] < bar);
    failed ||= misses.length > 0;
    console.log(
      `${misses.length ? 'MISS' : 'ok  '} ${name}: performance ${scores.performance}, accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}`,
    );
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await browser?.close();
  stop();
}
process.exit(failed ? 1 : 0);

/**
 * Issue 27: the members' app is a public page of its own (`/me`, me.html) on the organisation's
 * host — its HTML for every path under /me, its web app manifest named after the organisation, and
 * its service worker revalidated on every load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, PROVIDER_HOST, RIVERSIDE_HOST, type TestContext } from './helpers.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-web-me-'));

/** A small build: the staff page, the member app's page, the list of public pages, the manifest and the worker. */
function writeBuild() {
  fs.mkdirSync(path.join(webDist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(webDist, 'me'), { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Arena</title></head><body>staff</body></html>');
  fs.writeFileSync(
    path.join(webDist, 'me.html'),
    '<!doctype html><html><head><meta name="description" content="Your membership." /><title>Member App</title></head><body>members</body></html>',
  );
  fs.writeFileSync(
    path.join(webDist, '.vite', 'public-pages.json'),
    JSON.stringify([{ path: '/me', html: 'me.html', title: 'Member App', manifest: 'me.webmanifest' }]),
  );
  fs.copyFileSync(new URL('../../web/public/me.webmanifest', import.meta.url), path.join(webDist, 'me.webmanifest'));
  fs.copyFileSync(new URL('../../web/public/me/sw.js', import.meta.url), path.join(webDist, 'me', 'sw.js'));
}

let ctx: TestContext;
beforeAll(async () => {
  writeBuild();
  ctx = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the member app page', () => {
  it('serves me.html for /me and every path under it, with the organisation in its title', async () => {
    // /me goes to /me/, the service worker's scope (with its query).
    const bare = await call(ctx.app, { method: 'GET', url: '/me?from=sms' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/me/?from=sms');
    for (const url of ['/me/', '/me/sign-in?token=abc', '/me/more/devices']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('members');
      expect(res.body, url).toContain('<title>Member App · Demo Sports Club</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // Only the portal may be framed.
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // The staff app keeps its own page, and /members is not the member app.
    for (const url of ['/members', '/membership/members', '/login']) {
      const staff = await call(ctx.app, { method: 'GET', url });
      expect(staff.body, url).toContain('staff');
    }
    // The API under /me is not a page.
    const api = await call(ctx.app, { method: 'GET', url: '/api/me/nothing/' });
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('names the installable app after the organisation of the host', async () => {
    const demo = await call(ctx.app, { method: 'GET', url: '/me/manifest.webmanifest' });
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(demo.headers['cache-control']).toBe('no-cache');
    const manifest = demo.json();
    expect(manifest.name).toBe('Demo Sports Club');
    expect(manifest.short_name).toBe('Demo');
    expect(manifest).toMatchObject({ start_url: '/me/', scope: '/me/', display: 'standalone', theme_color: '#2563eb' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);

    const riverside = (await call(ctx.app, { method: 'GET', url: '/me/manifest.webmanifest', host: RIVERSIDE_HOST })).json();
    expect(riverside.name).toMatch(/Riverside/);
    expect(riverside.name).not.toBe('Demo Sports Club');

    // No organisation (the provider's host): the file as built.
    const provider = (await call(ctx.app, { method: 'GET', url: '/me/manifest.webmanifest', host: PROVIDER_HOST })).json();
    expect(provider.name).toBe('Member App');
  });

  it('serves the service worker as a script revalidated on every load', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/me/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("const SHELL = '/me/'");
    // Other static files keep their hour.
    const icon = await call(ctx.app, { method: 'GET', url: '/me.webmanifest' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });
});

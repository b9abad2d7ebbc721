/**
 * Issue 12 §5: the portal on a phone — embedding (frame-ancestors from the owner's allow-list),
 * its own page, pre-compressed assets with long cache headers, robots.txt, and the confirmation's
 * venue and calendar file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, portalFacility, requestBody, slotsOn } from './booking-helpers.js';
import { call, createTestApp, DESK, login, OWNER, RIVERSIDE_HOST, settleJobs, type TestContext } from './helpers.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-web-'));
const ASSET = 'assets/portal-Ab12Cd34.js';
const assetSource = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;

/** A small build: the two pages, one hashed asset with its .br and .gz, and the real robots.txt. */
function writeBuild() {
  fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Arena</title></head><body>staff</body></html>',
  );
  fs.writeFileSync(
    path.join(webDist, 'portal.html'),
    '<!doctype html><html lang="en"><head><meta\n      name="description"\n      content="Book online."\n    /><title>Online Booking</title></head><body>portal</body></html>',
  );
  fs.writeFileSync(path.join(webDist, ASSET), assetSource);
  fs.writeFileSync(path.join(webDist, `${ASSET}.br`), zlib.brotliCompressSync(Buffer.from(assetSource)));
  fs.writeFileSync(path.join(webDist, `${ASSET}.gz`), zlib.gzipSync(Buffer.from(assetSource)));
  fs.copyFileSync(new URL('../../web/public/robots.txt', import.meta.url), path.join(webDist, 'robots.txt'));
}

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  writeBuild();
  ctx = await createTestApp({ WEB_DIST: webDist, BOOKING_RATE_LIMIT_PER_MINUTE: '1000' });
  owner = await login(ctx.app, OWNER);
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const saveOrigins = (embed_origins: unknown, token = owner) =>
  call(ctx.app, { method: 'PATCH', url: '/api/administrator/organisation/', token, payload: { embed_origins } });

describe('embedding the portal', () => {
  it('serves the portal page for /online-booking with the organisation in its title, never cached stale', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/online-booking?centre=1&facility=4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('portal');
    expect(res.body).toContain('<title>Online Booking · Demo Sports Club</title>');
    expect(res.body).toContain('content="Demo Sports Club — Book online."');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Without an allow-list only the site itself may frame it.
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");

    const staff = await call(ctx.app, { method: 'GET', url: '/bookings/day-view' });
    expect(staff.body).toContain('staff');
    expect(staff.headers['cache-control']).toBe('no-cache');
  });

  it('lets the allow-listed origins frame the portal, and only the portal', async () => {
    const res = await saveOrigins(['https://Club.Example.com/', 'https://www.club.example.in:8443', 'https://club.example.com']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().embed_origins).toEqual(['https://club.example.com', 'https://www.club.example.in:8443']);

    const portal = await call(ctx.app, { method: 'GET', url: '/online-booking' });
    expect(frameAncestors(portal.headers['content-security-policy'])).toBe(
      "'self' https://club.example.com https://www.club.example.in:8443",
    );
    expect(portal.headers['x-frame-options']).toBeUndefined();
    // The rest of the CSP is the default one.
    expect(portal.headers['content-security-policy']).toContain("script-src 'self'");

    for (const url of ['/login', '/bookings/day-view', '/api/administrator/organisation/', '/robots.txt']) {
      const other = await call(ctx.app, { method: 'GET', url, token: url.startsWith('/api') ? owner : undefined });
      expect(frameAncestors(other.headers['content-security-policy']), url).toBe("'self'");
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // Another organisation's portal keeps its own (empty) list.
    const riverside = await call(ctx.app, { method: 'GET', url: '/online-booking', host: RIVERSIDE_HOST });
    expect(frameAncestors(riverside.headers['content-security-policy'])).toBe("'self'");
    expect(riverside.body).toContain('Riverside');

    // The owner's profile shows the list; clearing it takes effect at once.
    const profile = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/', token: owner });
    expect(profile.json().embed_origins).toEqual(['https://club.example.com', 'https://www.club.example.in:8443']);
    expect((await saveOrigins([])).statusCode).toBe(200);
    const cleared = await call(ctx.app, { method: 'GET', url: '/online-booking' });
    expect(frameAncestors(cleared.headers['content-security-policy'])).toBe("'self'");
  });

  it('refuses a bad origin with a 400 naming the line, and changes nothing', async () => {
    expect((await saveOrigins(['https://club.example.com'])).statusCode).toBe(200);
    const res = await saveOrigins([
      'https://ok.example.com',
      'http://plain.example.com',
      'https://x.example.com/path',
      "https://x.example.com 'unsafe-inline'",
      'javascript:alert(1)',
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['embed_origins.1', 'embed_origins.2', 'embed_origins.3', 'embed_origins.4']);
    expect(body['embed_origins.1'][0]).toMatch(/https/);

    const tooMany = await saveOrigins(Array.from({ length: 11 }, (_, i) => `https://c${i}.example.com`));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().embed_origins).toEqual(['At most 10 origins.']);
    expect((await saveOrigins('not a list; https://a.example.com')).statusCode).toBe(400);

    // Only the owner edits the profile.
    const desk = await login(ctx.app, DESK);
    expect((await saveOrigins(['https://desk.example.com'], desk)).statusCode).toBe(403);

    const profile = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/', token: owner });
    expect(profile.json().embed_origins).toEqual(['https://club.example.com']);
    const portal = await call(ctx.app, { method: 'GET', url: '/online-booking' });
    expect(frameAncestors(portal.headers['content-security-policy'])).toBe("'self' https://club.example.com");
  });
});

describe('static files', () => {
  it('sends the brotli or gzip copy by Accept-Encoding, cached for a year on hashed assets', async () => {
    const br = await call(ctx.app, { method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(assetSource.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(assetSource);

    const gz = await call(ctx.app, { method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(assetSource);

    const plain = await call(ctx.app, { method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(assetSource);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has a real robots.txt: the portal allowed, the API and staff screens not', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').map((l) => l.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /online-booking');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the booking confirmation', () => {
  it('answers with the venue and mails the same facts with the booking as an .ics attachment', async () => {
    const court = await portalFacility(ctx.app);
    const date = inDays(9);
    const free = (await slotsOn(ctx.app, court.facility, date)).filter((s) => s.booking_status === 'available').slice(0, 2);
    expect(free).toHaveLength(2);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/public/bookings/',
      payload: requestBody(court.centre, court.facility, date, free, { email: 'ics@example.com', mobile_no: '9845077777' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json();
    expect(booking.code).toMatch(/^BK-/);
    expect(booking.venue).toMatchObject({ organisation_name: 'Demo Sports Club', time_zone: 'Asia/Kolkata' });
    expect(booking.venue.centre_name).toBe(booking.centre_name);
    // The centre's own address (street and city) and phone, read with the booking's facts.
    const centre = (await call(ctx.app, { method: 'GET', url: `/api/administrator/centre/${court.centre}/`, token: owner })).json();
    expect(booking.venue).toMatchObject({ address: `${centre.address}, ${centre.city}`, phone: centre.phone });
    expect(centre.phone).toMatch(/^\d{10}$/);

    await settleJobs();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mail = ctx.mails.find((m) => m.to === 'ics@example.com');
    expect(mail, 'confirmation mail').toBeDefined();
    expect(mail!.text).toContain(booking.code);
    expect(mail!.text).toContain('Pay at the venue');
    expect(mail!.text).toMatch(/₹[\d,]+\.\d{2}/);
    const ics = mail!.attachments?.find((a) => a.filename === `${booking.code}.ics`);
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const text = Buffer.from(ics!.content, 'base64').toString('utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    // 06:00 in Asia/Kolkata is 00:30 UTC.
    const [h, m] = free[0].start_time.split(':').map(Number);
    const utc = (h * 60 + m - 330 + 1440) % 1440;
    expect(text).toContain(`T${String(Math.floor(utc / 60)).padStart(2, '0')}${String(utc % 60).padStart(2, '0')}00Z`);
  });
});

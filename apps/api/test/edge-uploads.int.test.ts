/**
 * Organisation pictures: stored under the organisation's own folder, served on its host and the
 * provider host only, and deleted from disk when replaced or removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisation } from '../src/platform/db/schema.js';
import {
  call,
  createTestApp,
  DEMO_HOST,
  login,
  multipartBody,
  OWNER,
  PROVIDER_HOST,
  RIVERSIDE_HOST,
  TINY_PNG,
  verifiedNewUser,
  type TestContext,
} from './helpers.js';

let ctx: TestContext;
let demoId: number;
let riversideId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.handle.db.select({ id: organisation.id, subdomain: organisation.subdomain }).from(organisation);
  demoId = rows.find((r) => r.subdomain === 'demo')!.id;
  riversideId = rows.find((r) => r.subdomain === 'riverside')!.id;
});
afterAll(async () => ctx?.close());

const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

const onDisk = (relative: string) => path.join(ctx.config.DATA_DIR, 'uploads', relative);
const relativeOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace(/^\/uploads\//, '');
const fetchFrom = (host: string, url: string) => call(ctx.app, { method: 'GET', url, host }).then((r) => r.statusCode);

describe("an organisation's uploads", () => {
  it('are stored in its own folder and served on its host and the provider host, not on another organisation’s', async () => {
    const key = await verifiedNewUser(ctx, 'pictures@example.com');
    const form = multipartBody(
      { display_name: 'Picture Club', subdomain: 'picture-club' },
      { name: 'logo.png', data: TINY_PNG, type: 'image/png' },
    );
    const res = await call(ctx.app, { method: 'POST', url: '/api/administrator/organisation/', host: PROVIDER_HOST, token: key, ...form });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org.display_picture).toMatch(new RegExp(`^http://picture-club\\.localhost:3000/uploads/org-${org.id}/[0-9a-f]+\\.png$`));
    const url = new URL(org.display_picture).pathname;
    expect(fs.readFileSync(onDisk(relativeOf(org.display_picture))).equals(TINY_PNG)).toBe(true);

    const own = await call(ctx.app, { method: 'GET', url, host: 'picture-club.localhost:3000' });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(await fetchFrom(PROVIDER_HOST, url)).toBe(200);
    expect(await fetchFrom(DEMO_HOST, url)).toBe(404);
    expect(await fetchFrom(RIVERSIDE_HOST, url)).toBe(404);
    expect(await fetchFrom('no-such-club.localhost:3000', url)).toBe(404);
    expect((await call(ctx.app, { method: 'HEAD', url, host: DEMO_HOST })).statusCode).toBe(404);
  });

  it('cannot be reached from another host by climbing out of its folder', async () => {
    fs.mkdirSync(onDisk(`org-${demoId}`), { recursive: true });
    fs.writeFileSync(onDisk(`org-${demoId}/private.png`), TINY_PNG);
    expect(await fetchFrom(DEMO_HOST, `/uploads/org-${demoId}/private.png`)).toBe(200);
    for (const url of [
      `/uploads/org-${riversideId}/../org-${demoId}/private.png`,
      `/uploads/org-${riversideId}/%2e%2e/org-${demoId}/private.png`,
      `/uploads/org-${riversideId}%2F..%2Forg-${demoId}%2Fprivate.png`,
      `/uploads//org-${demoId}/private.png`,
    ])
      expect(await fetchFrom(RIVERSIDE_HOST, url), url).toBe(404);
  });

  it('lose the replaced and the removed display picture from disk', async () => {
    const owner = await login(ctx.app, OWNER);
    const patch = (extra: object) => call(ctx.app, { method: 'PATCH', url: '/api/administrator/organisation/', token: owner, ...extra });

    const first = await patch(multipartBody({}, { name: 'a.png', data: TINY_PNG, type: 'image/png' }));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().display_picture as string;
    expect(relativeOf(firstUrl)).toMatch(new RegExp(`^org-${demoId}/[0-9a-f]+\\.png$`));
    expect(fs.existsSync(onDisk(relativeOf(firstUrl)))).toBe(true);
    expect(await fetchFrom(DEMO_HOST, new URL(firstUrl).pathname)).toBe(200);
    expect(await fetchFrom(RIVERSIDE_HOST, new URL(firstUrl).pathname)).toBe(404);

    const second = await patch(multipartBody({ display_name: 'Demo Sports Club' }, { name: 'b.gif', data: GIF, type: 'image/gif' }));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().display_picture as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect(fs.existsSync(onDisk(relativeOf(firstUrl)))).toBe(false);
    expect(fs.existsSync(onDisk(relativeOf(secondUrl)))).toBe(true);
    expect(await fetchFrom(DEMO_HOST, new URL(firstUrl).pathname)).toBe(404);
    expect(await fetchFrom(DEMO_HOST, new URL(secondUrl).pathname)).toBe(200);

    // A change that leaves the picture alone keeps its file.
    expect((await patch({ payload: { legal_name: 'Demo Sports Club Pvt Ltd' } })).json().display_picture).toBe(secondUrl);
    expect(fs.existsSync(onDisk(relativeOf(secondUrl)))).toBe(true);

    const removed = await patch({ payload: { display_picture: null } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().display_picture).toBeNull();
    expect(fs.existsSync(onDisk(relativeOf(secondUrl)))).toBe(false);
    expect(await fetchFrom(PROVIDER_HOST, new URL(secondUrl).pathname)).toBe(404);
  });

  it('keeps uploads from before the organisation folders working on the provider host', async () => {
    fs.mkdirSync(onDisk('organisations'), { recursive: true });
    fs.writeFileSync(onDisk('organisations/legacy-demo.png'), TINY_PNG);
    fs.writeFileSync(onDisk('organisations/legacy-other.png'), TINY_PNG);
    await ctx.handle.db.update(organisation).set({ displayPicture: 'organisations/legacy-demo.png' }).where(eq(organisation.id, demoId));
    ctx.app.organisations.forget();

    const anon = await call(ctx.app, { method: 'GET', url: '/api/administrator/organisation/' });
    expect(anon.json().display_picture).toBe('http://demo.localhost:3000/uploads/organisations/legacy-demo.png');
    expect(await fetchFrom(PROVIDER_HOST, '/uploads/organisations/legacy-demo.png')).toBe(200);
    expect(await fetchFrom(PROVIDER_HOST, '/uploads/organisations/legacy-other.png')).toBe(200);
    // On an organisation's host, only that organisation's own picture.
    expect(await fetchFrom(DEMO_HOST, '/uploads/organisations/legacy-demo.png')).toBe(200);
    expect(await fetchFrom(DEMO_HOST, '/uploads/organisations/legacy-other.png')).toBe(404);
    expect(await fetchFrom(RIVERSIDE_HOST, '/uploads/organisations/legacy-demo.png')).toBe(404);

    // Replacing it deletes the old file too.
    const owner = await login(ctx.app, OWNER);
    const res = await call(ctx.app, {
      method: 'PATCH',
      url: '/api/administrator/organisation/',
      token: owner,
      ...multipartBody({}, { name: 'c.png', data: TINY_PNG, type: 'image/png' }),
    });
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(onDisk('organisations/legacy-demo.png'))).toBe(false);
    expect(fs.existsSync(onDisk('organisations/legacy-other.png'))).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DESK, login, OWNER, RIVERSIDE_HOST, RIVERSIDE_OWNER, type TestContext } from './helpers.js';

let ctx: TestContext;
let deskKey: string;
beforeAll(async () => {
  ctx = await createTestApp();
  deskKey = await login(ctx.app, DESK);
});
afterAll(async () => ctx?.close());

const URL = '/api/administrator/organisation/contact/';
const send = (token: string | null, payload: Record<string, unknown>, host?: string) =>
  call(ctx.app, { method: 'POST', url: URL, token, payload, host });

describe('POST /api/administrator/organisation/contact/', () => {
  it("mails the message to the organisation's owner, with the sender as reply-to, and records it", async () => {
    const res = await send(deskKey, { subject: '  Court 2 lights  ', message: 'The lights on court 2 flicker after 8 pm.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Message sent.' });

    const mail = ctx.mails.at(-1)!;
    expect(mail.to).toBe(OWNER.email);
    expect(mail.subject).toBe('Court 2 lights');
    expect(mail).toMatchObject({ replyTo: { name: 'Ravi Kumar', address: DESK.email } });
    expect(mail.text).toContain('Ravi Kumar <desk@demo.example.com> wrote to Demo Sports Club');
    expect(mail.text).toContain('The lights on court 2 flicker after 8 pm.');

    const logs = await call(ctx.app, {
      method: 'GET',
      url: '/api/administrator/logs/?resource=contact_message',
      token: await login(ctx.app, OWNER),
    });
    expect(logs.json().results).toEqual([
      expect.objectContaining({ action: 'action', resource: 'contact_message', actor_email: DESK.email, object_label: 'Court 2 lights' }),
    ]);
  });

  it("goes to the host organisation's owner, never another organisation's", async () => {
    const key = await login(ctx.app, RIVERSIDE_OWNER, RIVERSIDE_HOST);
    expect((await send(key, { subject: 'Hello', message: 'A note to myself.' }, RIVERSIDE_HOST)).statusCode).toBe(200);
    expect(ctx.mails.at(-1)!.to).toBe(RIVERSIDE_OWNER.email);
    // A Riverside key is refused on the demo host.
    expect((await send(key, { subject: 'Hello', message: 'Hi' })).statusCode).toBe(401);
  });

  it('refuses a visitor who is not signed in', async () => {
    const before = ctx.mails.length;
    expect((await send(null, { subject: 'Hello', message: 'Hi' })).statusCode).toBe(401);
    expect(ctx.mails).toHaveLength(before);
  });

  it('answers field errors for a blank, missing or too long subject and message, and sends nothing', async () => {
    const key = await login(ctx.app, OWNER);
    const before = ctx.mails.length;
    const blank = await send(key, { subject: '   ', message: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ subject: ['Subject is required'], message: ['Message is required'] });

    const missing = await send(key, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ subject: ['This field is required.'], message: ['This field is required.'] });

    const long = await send(key, { subject: 's'.repeat(151), message: 'm'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      subject: ['Ensure this field has no more than 150 characters.'],
      message: ['Ensure this field has no more than 5000 characters.'],
    });

    expect((await send(key, { subject: 's'.repeat(150), message: 'm'.repeat(5000) })).statusCode).toBe(200);
    expect(ctx.mails).toHaveLength(before + 1);
  });

  it('allows five messages per user per hour, then answers 429 with a retry time; other users are not affected', async () => {
    const key = await login(ctx.app, DESK);
    // The desk user sent one message in the first test; invalid bodies do not count.
    expect((await send(key, { subject: '', message: '' })).statusCode).toBe(400);
    for (let i = 2; i <= 5; i++) expect((await send(key, { subject: `Note ${i}`, message: 'Hello' })).statusCode).toBe(200);
    const before = ctx.mails.length;
    const sixth = await send(key, { subject: 'Note 6', message: 'Hello' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().detail).toMatch(/^You have sent 5 messages in the last hour\. Try again in \d+ minutes?\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(ctx.mails).toHaveLength(before);

    // The owner has their own count.
    expect((await send(await login(ctx.app, OWNER), { subject: 'Still fine', message: 'Hello' })).statusCode).toBe(200);
  });
});

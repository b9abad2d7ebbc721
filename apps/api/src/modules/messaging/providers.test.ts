/** The MSG91 and WhatsApp Cloud adapters against recorded requests and answers (fetch injected: never the network). */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  Msg91Provider,
  OfflineOutbox,
  OfflineProvider,
  PermanentSendError,
  WhatsappCloudProvider,
  type Fetch,
  type OutboundMessage,
} from './providers.js';
import { verifyWhatsappSignature } from './webhooks.routes.js';
import { createHmac } from 'node:crypto';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

function replay(answer: { status: number; body: string }) {
  const seen: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchFn: Fetch = async (url, init) => {
    seen.push({ url, headers: init.headers, body: JSON.parse(init.body) });
    return { ok: answer.status < 300, status: answer.status, text: async () => answer.body };
  };
  return { seen, fetchFn };
}

const message: OutboundMessage = {
  id: 42,
  organisationId: 7,
  channel: 'sms',
  address: '9876543210',
  subject: '',
  body: 'Hi Asha, your plan ends on 30-11-2026.',
  params: ['Asha', '30-11-2026'],
  dltTemplateId: '1207161234567890123',
  whatsappTemplateName: 'membership_expiring',
  whatsappLanguage: 'en',
};

describe('MSG91', () => {
  const f = fixture('msg91-flow.json');
  const config = { authKey: 'test-auth-key', senderId: 'ARENAF', dltEntityId: '1201159876543210' };
  it('sends the recorded request and reads the request id', async () => {
    const { seen, fetchFn } = replay(f.success);
    const out = await new Msg91Provider(config, fetchFn).send(message);
    expect(out.providerMessageId).toBe('3763646c3058313530393536');
    expect(seen).toEqual([f.request]);
  });
  it('fails for good on a 4xx and for a retry on a 5xx', async () => {
    await expect(new Msg91Provider(config, replay(f.invalidTemplate).fetchFn).send(message)).rejects.toBeInstanceOf(PermanentSendError);
    const err = await new Msg91Provider(config, replay(f.serverError).fetchFn).send(message).catch((e) => e);
    expect(err).not.toBeInstanceOf(PermanentSendError);
    expect(err.message).toMatch(/^MSG91 502/);
  });
  it('refuses a template without its DLT id before calling', async () => {
    const { seen, fetchFn } = replay(f.success);
    await expect(new Msg91Provider(config, fetchFn).send({ ...message, dltTemplateId: '' })).rejects.toBeInstanceOf(PermanentSendError);
    expect(seen).toHaveLength(0);
  });
});

describe('WhatsApp Cloud API', () => {
  const f = fixture('whatsapp-cloud.json');
  const config = { phoneNumberId: '106540352242922', accessToken: 'test-access-token' };
  it('sends the approved template with its parameters and reads the wamid', async () => {
    const { seen, fetchFn } = replay(f.success);
    const out = await new WhatsappCloudProvider(config, fetchFn).send({ ...message, channel: 'whatsapp' });
    expect(out.providerMessageId).toMatch(/^wamid\./);
    expect(seen).toEqual([f.request]);
  });
  it('sends text without a template name', async () => {
    const { seen, fetchFn } = replay(f.success);
    await new WhatsappCloudProvider(config, fetchFn).send({ ...message, channel: 'whatsapp', whatsappTemplateName: '' });
    expect(seen[0].body).toMatchObject({ type: 'text', text: { body: message.body } });
  });
  it('fails for good on a bad token, for a retry when rate limited', async () => {
    const bad = await new WhatsappCloudProvider(config, replay(f.invalidToken).fetchFn).send(message).catch((e) => e);
    expect(bad).toBeInstanceOf(PermanentSendError);
    expect(bad.message).toMatch(/Invalid OAuth access token/);
    const limited = await new WhatsappCloudProvider(config, replay(f.rateLimited).fetchFn).send(message).catch((e) => e);
    expect(limited).not.toBeInstanceOf(PermanentSendError);
  });
  it('checks X-Hub-Signature-256 over the raw body', () => {
    const raw = Buffer.from('{"entry":[]}');
    const good = `sha256=${createHmac('sha256', 'app-secret').update(raw).digest('hex')}`;
    expect(verifyWhatsappSignature('app-secret', raw, good)).toBe(true);
    expect(verifyWhatsappSignature('other', raw, good)).toBe(false);
    expect(verifyWhatsappSignature('app-secret', Buffer.from('{"entry":[1]}'), good)).toBe(false);
    expect(verifyWhatsappSignature('app-secret', raw, undefined)).toBe(false);
    expect(verifyWhatsappSignature('', raw, good)).toBe(false);
  });
});

describe('offline provider', () => {
  it('records a message once however often it is asked (our id is the idempotency reference)', async () => {
    const p = new OfflineProvider();
    const a = await p.send(message);
    const b = await p.send(message);
    expect(a).toEqual(b);
    expect(p.sent.size).toBe(1);
    expect(p.calls).toBe(2);
  });

  it('writes what it sends to DATA_DIR/outbox/<channel>.log once per message, and logs only a message with a secret', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arena-outbox-'));
    const logged: { obj: object; msg: string }[] = [];
    const outbox = new OfflineOutbox(new OfflineProvider(), dir, { info: (obj, msg) => void logged.push({ obj, msg }) });
    const sms = { ...message, channel: 'sms' as const, address: '9876543210', body: 'Hello' };
    await outbox.send(sms);
    await outbox.send(sms);
    await outbox.send({ ...sms, id: sms.id + 1, body: '123456 is your code', secret: true });
    const lines = readFileSync(path.join(dir, 'outbox', 'sms.log'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.channel, l.to, l.text])).toEqual([
      ['sms', '9876543210', 'Hello'],
      ['sms', '9876543210', '123456 is your code'],
    ]);
    expect(logged).toEqual([{ obj: { to: '9876543210', text: '123456 is your code' }, msg: 'offline sms (no provider set up)' }]);
  });
});

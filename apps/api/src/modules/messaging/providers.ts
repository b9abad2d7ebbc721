/**
 * The providers behind one interface. Each `send` carries our message id as its idempotency
 * reference: a message claimed again after a worker died is not sent twice by a provider that
 * already took it (the offline provider remembers the ids it took; MSG91 and the Cloud API get
 * it as their reference / callback data). `fetch` is injected, so tests replay recorded answers.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Mailer } from '../../platform/mail.js';

export interface OutboundMessage {
  /** Our message id: the idempotency reference. */
  id: number;
  organisationId: number;
  channel: 'email' | 'sms' | 'whatsapp';
  address: string;
  subject: string;
  body: string;
  /** Template parameters in order (placeholders of the body as filled). */
  params: string[];
  /** It carries a secret (a sign-in code): `body` and `params` are the real text, never to be stored or logged elsewhere. */
  secret?: boolean;
  dltTemplateId: string;
  whatsappTemplateName: string;
  whatsappLanguage: string;
}

export interface SendOutcome {
  providerMessageId: string;
}

export interface MessageProvider {
  readonly name: string;
  send(message: OutboundMessage): Promise<SendOutcome>;
}

/** A provider's answer that says the message will never go (a bad number): failed without a retry. */
export class PermanentSendError extends Error {}

/**
 * The default and the tests' provider: records each message as sent (once per message id, however
 * often it is asked) and the drain marks it delivered a moment later.
 */
export class OfflineProvider implements MessageProvider {
  readonly name = 'offline';
  /** Our id → its provider id: what was really sent. */
  readonly sent = new Map<number, string>();
  /** Every call, repeats included (tests count them). */
  calls = 0;
  async send(message: OutboundMessage): Promise<SendOutcome> {
    this.calls++;
    const known = this.sent.get(message.id);
    if (known) return { providerMessageId: known };
    const id = `offline-${message.organisationId}-${message.id}`;
    this.sent.set(message.id, id);
    return { providerMessageId: id };
  }
}

/**
 * The offline provider for SMS and WhatsApp, writing what it "sends" where people can read it:
 * one JSON line per message in DATA_DIR/outbox/sms.log (or whatsapp.log) — `{at, channel, to,
 * text}` — so a demo or a test without a provider can read a member's sign-in code. A message
 * with a secret (a sign-in code) is also written to the server log. Once per message id, as the
 * offline provider records it.
 */
export class OfflineOutbox implements MessageProvider {
  readonly name = 'offline';
  constructor(
    private readonly inner: OfflineProvider,
    private readonly dir: string,
    private readonly log?: { info: (obj: object, msg: string) => void },
  ) {}
  async send(message: OutboundMessage): Promise<SendOutcome> {
    const first = !this.inner.sent.has(message.id);
    const out = await this.inner.send(message);
    if (first && message.channel !== 'email') {
      const line = { at: new Date().toISOString(), channel: message.channel, to: message.address, text: message.body };
      await fs.mkdir(path.join(this.dir, 'outbox'), { recursive: true });
      await fs.appendFile(path.join(this.dir, 'outbox', `${message.channel}.log`), `${JSON.stringify(line)}\n`);
      if (message.secret) this.log?.info({ to: message.address, text: message.body }, `offline ${message.channel} (no provider set up)`);
    }
    return out;
  }
}

/** E-mail through the platform mailer (SMTP, or the outbox folder without one). */
export class MailProvider implements MessageProvider {
  readonly name = 'smtp';
  constructor(private readonly mailer: Mailer) {}
  async send(message: OutboundMessage): Promise<SendOutcome> {
    await this.mailer.send({ to: message.address, subject: message.subject, text: message.body });
    return { providerMessageId: `mail-${message.organisationId}-${message.id}` };
  }
}

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export interface Msg91Config {
  authKey: string;
  senderId: string;
  dltEntityId: string;
}

/** MSG91's flow API (DLT): the template's DLT id, the sender id, our id as the reference. */
export class Msg91Provider implements MessageProvider {
  readonly name = 'msg91';
  static readonly URL = 'https://control.msg91.com/api/v5/flow/';
  constructor(
    private readonly config: Msg91Config,
    private readonly fetchFn: Fetch,
  ) {}
  async send(message: OutboundMessage): Promise<SendOutcome> {
    if (!message.dltTemplateId) throw new PermanentSendError('The template has no DLT template id.');
    const vars = Object.fromEntries(message.params.map((v, i) => [`var${i + 1}`, v]));
    const res = await this.fetchFn(Msg91Provider.URL, {
      method: 'POST',
      headers: { authkey: this.config.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        template_id: message.dltTemplateId,
        sender: this.config.senderId,
        DLT_TE_ID: message.dltTemplateId,
        PE_ID: this.config.dltEntityId,
        short_url: '0',
        reference: String(message.id),
        recipients: [{ mobiles: `91${message.address}`, ...vars }],
      }),
    });
    const text = await res.text();
    let answer: { type?: string; message?: string } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      /* not JSON: the status decides */
    }
    if (!res.ok || answer.type !== 'success') {
      const reason = `MSG91 ${res.status}: ${answer.message ?? text.slice(0, 200)}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new PermanentSendError(reason);
      throw new Error(reason);
    }
    return { providerMessageId: answer.message ?? '' };
  }
}

export interface WhatsappConfig {
  phoneNumberId: string;
  accessToken: string;
}

/** The WhatsApp Cloud API: an approved template (name, language, body parameters), or text within the 24-hour window. */
export class WhatsappCloudProvider implements MessageProvider {
  readonly name = 'whatsapp_cloud';
  static readonly VERSION = 'v20.0';
  constructor(
    private readonly config: WhatsappConfig,
    private readonly fetchFn: Fetch,
  ) {}
  async send(message: OutboundMessage): Promise<SendOutcome> {
    const to = `91${message.address}`;
    const payload = message.whatsappTemplateName
      ? {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          biz_opaque_callback_data: String(message.id),
          template: {
            name: message.whatsappTemplateName,
            language: { code: message.whatsappLanguage || 'en' },
            components: message.params.length ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }] : [],
          },
        }
      : { messaging_product: 'whatsapp', to, type: 'text', biz_opaque_callback_data: String(message.id), text: { body: message.body } };
    const res = await this.fetchFn(`https://graph.facebook.com/${WhatsappCloudProvider.VERSION}/${this.config.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.config.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const text = await res.text();
    let answer: { messages?: { id: string }[]; error?: { message?: string; code?: number } } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      /* not JSON */
    }
    const id = answer.messages?.[0]?.id;
    if (!res.ok || !id) {
      const reason = `WhatsApp ${res.status}: ${answer.error?.message ?? text.slice(0, 200)}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 429) throw new PermanentSendError(reason);
      throw new Error(reason);
    }
    return { providerMessageId: id };
  }
}

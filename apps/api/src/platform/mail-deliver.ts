import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mail } from './mail.js';

/** What the mail thread needs of the configuration (it has no access to the app's). */
export interface MailSettings {
  SMTP_URL?: string;
  MAIL_FROM: string;
  DATA_DIR: string;
}

/** Where one message went: the SMTP server's id, or the outbox file it was written to. */
export interface Delivered {
  messageId?: string;
  file?: string;
}

/**
 * Composes and delivers messages: over SMTP_URL, or without it into DATA_DIR/outbox as .eml
 * files. Runs on the mail thread (mail-worker.ts), so building a message's MIME never holds the
 * request event loop.
 */
export function createDelivery(settings: MailSettings): (mail: Mail) => Promise<Delivered> {
  const outbox = path.join(settings.DATA_DIR, 'outbox');
  const transport: Transporter = settings.SMTP_URL
    ? nodemailer.createTransport(settings.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let outboxReady: Promise<unknown> | null = null;
  return async (mail) => {
    const info = await transport.sendMail({ from: settings.MAIL_FROM, ...mail });
    if (settings.SMTP_URL) return { messageId: info.messageId };
    await (outboxReady ??= fs.mkdir(outbox, { recursive: true }).catch((err) => {
      outboxReady = null; // try again with the next message
      throw err;
    }));
    const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
    const file = path.join(
      outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    return { file };
  };
}

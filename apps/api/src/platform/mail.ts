import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go, e.g. the user who wrote through a contact form. */
  replyTo?: string | { name: string; address: string };
  /** Files sent with the message (an invoice's PDF), their content in base64 so a queued job can carry them. */
  attachments?: { filename: string; content: string; encoding: 'base64'; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/**
 * Sends mail over SMTP_URL; without it each message is written to DATA_DIR/outbox as an .eml
 * file and its links are logged, so sign-up and password reset work on a laptop with no mail server.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const transport: Transporter = config.SMTP_URL
    ? nodemailer.createTransport(config.SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  let outboxReady: Promise<unknown> | null = null;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...mail });
      if (config.SMTP_URL) {
        log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
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
      log.info({ to: mail.to, subject: mail.subject, file, links: mail.text.match(LINK) ?? [] }, 'mail written to outbox');
    },
  };
}

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Delivered, MailSettings } from './mail-deliver.js';

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
  /** Stops what the mailer runs beside the app (its thread); the app calls it on close. */
  close?(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** tsx's ES module API beside its CommonJS one (which `require.resolve` finds), as a URL a thread can import. */
const tsxApi = () => pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/esm/api')), 'index.mjs')).href;

interface Answer extends Delivered {
  id: number;
  error?: string;
}

/**
 * Sends mail over SMTP_URL; without it each message is written to DATA_DIR/outbox as an .eml
 * file and its links are logged, so sign-up and password reset work on a laptop with no mail server.
 *
 * Messages are composed and delivered on a thread of their own (mail-worker.ts), started at the
 * first message: building MIME (a booking's confirmation with its .ics) took a sixth of the
 * request thread under booking load. A thread that dies fails its messages in flight (the job
 * queue retries them) and the next message starts a new one.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const settings: MailSettings = { SMTP_URL: config.SMTP_URL, MAIL_FROM: config.MAIL_FROM, DATA_DIR: config.DATA_DIR };
  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  let next = 0;
  let worker: Worker | null = null;

  const start = (): Worker => {
    const w = import.meta.url.endsWith('.ts')
      ? // From source (tsx, vitest) the thread registers tsx first: Node 20's threads do not inherit its loader.
        new Worker(
          `import(${JSON.stringify(tsxApi())})` +
            `.then(({ register }) => { register(); return import(${JSON.stringify(new URL('./mail-worker.ts', import.meta.url).href)}); })`,
          { eval: true, workerData: settings },
        )
      : new Worker(new URL('./mail-worker.js', import.meta.url), { workerData: settings });
    w.unref(); // an idle mail thread never keeps the process alive
    w.on('message', (answer: Answer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if (pending.size === 0) w.unref();
      waiting?.resolve(answer);
    });
    const fail = (err: Error) => {
      if (worker === w) worker = null;
      for (const waiting of pending.values()) waiting.reject(err);
      pending.clear();
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`The mail thread stopped (exit code ${code}).`)));
    return w;
  };

  return {
    async send(mail) {
      const w = (worker ??= start());
      const id = ++next;
      const answer = await new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref(); // a message in flight keeps the process alive until it is delivered
        w.postMessage({ id, mail });
      });
      if (answer.error) throw new Error(answer.error);
      if (answer.messageId) log.info({ to: mail.to, subject: mail.subject, messageId: answer.messageId }, 'mail sent');
      else
        log.info({ to: mail.to, subject: mail.subject, file: answer.file, links: mail.text.match(LINK) ?? [] }, 'mail written to outbox');
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}

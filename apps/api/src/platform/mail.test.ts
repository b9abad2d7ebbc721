import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from './config.js';
import { createMailer } from './mail.js';

describe('mail without SMTP', () => {
  it('writes each message to DATA_DIR/outbox as an .eml file and logs its links', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-mail-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const mailer = createMailer(loadConfig({ DATA_DIR: dir }), log);
    await mailer.send({ to: 'asha@example.com', subject: 'Hello', text: 'Open http://demo.localhost:3000/x/y now' });
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/asha@example\.com.*\.eml$/);
    const eml = fs.readFileSync(path.join(dir, 'outbox', files[0]), 'utf8');
    expect(eml).toMatch(/^To: asha@example\.com$/m);
    expect(eml).toMatch(/^Subject: Hello$/m);
    expect(eml).toContain('http://demo.localhost:3000/x/y');
    expect(lines.join('')).toContain('http://demo.localhost:3000/x/y');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('the mail thread', () => {
  it('delivers messages sent at once, each to its own file, and starts again after close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-mail-'));
    const mailer = createMailer(loadConfig({ DATA_DIR: dir }), pino({ level: 'silent' }));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => mailer.send({ to: `m${i}@example.com`, subject: `No ${i}`, text: `Message ${i}` })),
    );
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(20);
    for (let i = 0; i < 20; i++) expect(files.filter((f) => f.includes(`-m${i}@example.com-`))).toHaveLength(1);
    await mailer.close?.();
    await mailer.send({ to: 'after@example.com', subject: 'Again', text: 'After close' });
    expect(fs.readdirSync(path.join(dir, 'outbox'))).toHaveLength(21);
    await mailer.close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers a mail server's refusal as the send's error, and the thread goes on", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arena-mail-'));
    const mailer = createMailer(loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtp://127.0.0.1:1' }), pino({ level: 'silent' }));
    await expect(mailer.send({ to: 'a@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED|connect/i);
    await expect(mailer.send({ to: 'b@example.com', subject: 'x', text: 'y' })).rejects.toThrow(/ECONNREFUSED|connect/i);
    await mailer.close?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

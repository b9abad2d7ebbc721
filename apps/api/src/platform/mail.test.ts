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

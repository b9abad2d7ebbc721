import { expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './support';

/**
 * The newest member sign-in code sent by SMS to `phone` (10 digits) at or after `after` (ms), waiting
 * for it: the one place the journeys read codes. The offline SMS provider writes each SMS to
 * `DATA_DIR/outbox/sms.log` (a JSON line each); the staff messaging log shows codes masked.
 */
export async function smsCodeFor(phone: string, after: number): Promise<string> {
  const file = path.join(DATA_DIR, 'outbox', 'sms.log');
  let code: string | null = null;
  const fromOutbox = () => {
    if (!fs.existsSync(file)) return null;
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    for (const line of lines.reverse()) {
      const sms = JSON.parse(line) as { at: string; to: string; text: string };
      if (sms.to === phone && Date.parse(sms.at) >= after - 1000) return /\b(\d{6})\b/.exec(sms.text)?.[1] ?? null;
    }
    return null;
  };
  await expect.poll(() => (code = fromOutbox()), { message: `a sign-in code sent to ${phone}`, timeout: 15_000 }).not.toBeNull();
  return code!;
}

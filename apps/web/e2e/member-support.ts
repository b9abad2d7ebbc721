import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR, OWNER, PORT } from './support';

/**
 * The newest member sign-in code sent by SMS to `phone` (10 digits) at or after `after` (ms), waiting
 * for it. The one place the journeys read codes: the offline SMS provider's outbox
 * (`DATA_DIR/outbox/sms.log`, a JSON line per SMS) when it writes one, else the staff messaging log.
 */
export async function smsCodeFor(page: Page, phone: string, after: number, slug = 'demo'): Promise<string> {
  const file = path.join(DATA_DIR, 'outbox', 'sms.log');
  const host = `${slug}.localhost:${PORT}`;
  let key: string | null = null;
  let code: string | null = null;
  const fromOutbox = () => {
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').filter(Boolean);
    for (const line of lines.reverse()) {
      const sms = JSON.parse(line) as { at: string; to: string; text: string };
      if (sms.to === phone && Date.parse(sms.at) >= after - 1000) return /\b(\d{6})\b/.exec(sms.text)?.[1] ?? null;
    }
    return null;
  };
  const fromLog = async () => {
    if (!key) {
      const login = await page.request.post(`http://127.0.0.1:${PORT}/api/accounts/login/`, { headers: { Host: host }, data: OWNER });
      key = (await login.json()).key as string;
    }
    const log = await page.request.get(`http://127.0.0.1:${PORT}/api/administrator/messaging/logs/?channel=sms&search=${phone}`, {
      headers: { Host: host, Authorization: `Token ${key}` },
    });
    const sent = ((await log.json()).results as { address: string; text: string; created_at: string }[]).find(
      (m) => m.address === phone && Date.parse(m.created_at) >= after - 1000,
    );
    return sent ? (/\b(\d{6})\b/.exec(sent.text)?.[1] ?? null) : null;
  };
  await expect
    .poll(async () => (code = fs.existsSync(file) ? fromOutbox() : await fromLog()), {
      message: `a sign-in code sent to ${phone}`,
      timeout: 15_000,
    })
    .not.toBeNull();
  return code!;
}

/**
 * A member's signed check-in code (issue 27), shown by the member app as a QR: `AC1.<organisation>.<member>.<expiry>.<signature>`,
 * signed with HMAC-SHA256 under a secret derived from the deployment's sealing key (as the sign-in
 * codes are), valid for 60 seconds. The phone shows it as a QR and asks for a new one every 30
 * seconds; the desk's QR check-in (attendance.service) reads it back with `readCheckInCode`. Membership owns
 * it (check-in is membership's); End User Login signs codes through membership's index.
 * A code may be scanned again within its minute: the check-in's one-open-visit rule records one
 * visit. Unlike the printed card's bare member code, a copy of it is worthless a minute later.
 */
import { CHECK_IN_CODE_SECONDS, CHECK_IN_EXPIRED, CHECK_IN_INVALID, CHECK_IN_PREFIX } from '@arena/contracts/end-user';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../platform/config.js';
import { derivedSecret } from '../../platform/secrets.js';

type Keyed = Pick<Config, 'SECRETS_KEY' | 'DATA_DIR'>;

const SIGNATURE_LENGTH = 32;
const FORMAT = /^AC1\.([1-9]\d{0,15})\.([1-9]\d{0,15})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{32})$/;

function signatureOf(config: Keyed, body: string): string {
  return createHmac('sha256', derivedSecret(config, 'end-user check-in')).update(body).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

/** A fresh signed code for the member, valid until `at` + 60 s. */
export function signCheckInCode(config: Keyed, organisationId: number, memberId: number, at = new Date()) {
  const expires = Math.floor(at.getTime() / 1000) + CHECK_IN_CODE_SECONDS;
  const body = `${CHECK_IN_PREFIX}${organisationId}.${memberId}.${expires}`;
  return { payload: `${body}.${signatureOf(config, body)}`, expiresAt: new Date(expires * 1000) };
}

/** Whether the text is meant as a signed check-in code (then `readCheckInCode` decides whether it is a good one). */
export const isCheckInCode = (text: string) => text.trim().toUpperCase().startsWith(CHECK_IN_PREFIX);

/**
 * The member a signed code names, for this organisation at `now`; otherwise why not: a code that is
 * malformed, forged, or signed for another organisation is `invalid`, a genuine one past its
 * minute `expired`.
 */
export function readCheckInCode(
  config: Keyed,
  organisationId: number,
  text: string,
  now = new Date(),
): { memberId: number } | { error: string } {
  const match = FORMAT.exec(text.trim());
  if (!match) return { error: CHECK_IN_INVALID };
  const [, org, memberId, expires, signature] = match;
  const expected = signatureOf(config, `${CHECK_IN_PREFIX}${org}.${memberId}.${expires}`);
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return { error: CHECK_IN_INVALID };
  if (Number(org) !== organisationId) return { error: CHECK_IN_INVALID };
  const left = Number(expires) * 1000 - now.getTime();
  if (left < 0) return { error: CHECK_IN_EXPIRED };
  // Never minted this far ahead (a clock or a secret gone wrong): refused as not valid.
  if (left > (CHECK_IN_CODE_SECONDS + 5) * 1000) return { error: CHECK_IN_INVALID };
  return { memberId: Number(memberId) };
}

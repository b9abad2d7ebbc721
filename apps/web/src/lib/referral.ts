import { readText, STORAGE_KEYS, writeText } from './storage';

const CODE = /^[A-Za-z0-9]{1,20}$/;

/**
 * Refer and earn (issue 23 §3): a visitor who lands on `{PUBLIC_URL}/?ref=CODE` keeps the code in
 * this browser through sign-up, the e-mail check and login, until the organisation is registered
 * with it. A later link with another code replaces it.
 */
export function captureReferralCode(search: string = window.location.search): void {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (code && CODE.test(code)) writeText(STORAGE_KEYS.referralCode, code.toUpperCase());
}

export const storedReferralCode = (): string => readText(STORAGE_KEYS.referralCode) ?? '';

export const forgetReferralCode = (): void => writeText(STORAGE_KEYS.referralCode, null);

/**
 * The messaging engine's pure rules, shared by the API and the web's live preview: placeholders
 * (`{first_name}` …) found, validated and filled, SMS length in segments (GSM-7 or UCS-2), and the
 * zero-setup WhatsApp click-to-chat link.
 */

/** Every placeholder a template may use, with how the preview names it and a sample value. */
export const PLACEHOLDERS = {
  first_name: { label: 'First name', sample: 'Asha' },
  last_name: { label: 'Last name', sample: 'Rao' },
  name: { label: 'Full name', sample: 'Asha Rao' },
  phone: { label: 'Phone', sample: '9876543210' },
  member_code: { label: 'Member code', sample: 'MEM-0042' },
  plan: { label: 'Plan', sample: 'Gold Quarterly' },
  start_date: { label: 'Start date', sample: '01-12-2026' },
  end_date: { label: 'End date', sample: '30-11-2026' },
  due: { label: 'Amount due', sample: '1,500.00' },
  service: { label: 'Service', sample: 'Personal Training' },
  batch: { label: 'Batch', sample: 'Morning Yoga' },
  centre: { label: 'Centre', sample: 'Main Centre' },
  organisation: { label: 'Organisation', sample: 'Arena Fitness' },
  booking_code: { label: 'Booking code', sample: 'BK-2026-000311' },
  slot: { label: 'Slot', sample: '28-11-2026 18:00–19:00' },
  facility: { label: 'Facility', sample: 'Court 1' },
  date: { label: 'Date', sample: '28-11-2026' },
  enquiry_name: { label: 'Enquiry: name', sample: 'Rohan Mehta' },
  enquiry_phone: { label: 'Enquiry: phone', sample: '9812345678' },
  kcal: { label: 'Calories a day', sample: '2,000' },
  // The member sign-in template's own (End User Login): empty in any other message.
  code: { label: 'Sign-in code', sample: '482913' },
  minutes: { label: 'Minutes the code lasts', sample: '10' },
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS) as Placeholder[];
export const SAMPLE_VALUES: Record<string, string> = Object.fromEntries(PLACEHOLDER_NAMES.map((p) => [p, PLACEHOLDERS[p].sample]));

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The placeholders a text names, each once, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** The placeholders a text names that no module fills (a field error on the body). */
export const unknownPlaceholders = (text: string): string[] => placeholdersIn(text).filter((p) => !(p in PLACEHOLDERS));

/** The error for a body naming unknown placeholders, or null. */
export function placeholderError(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (!unknown.length) return null;
  return `Unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((p) => `{${p}}`).join(', ')}. Use ${PLACEHOLDER_NAMES.map((p) => `{${p}}`).join(', ')}.`;
}

/** Fills the placeholders from `values`; one with no value reads as empty (a known one) or stays as written (unknown). */
export function renderTemplate(text: string, values: Record<string, string | null | undefined>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in PLACEHOLDERS ? (values[name] ?? '') : whole));
}

// ---- SMS segments ----

/** The GSM 03.38 basic character set (one septet each). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: two septets each (escape + char). */
const GSM7_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7, extension characters count two) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
  /** What one part holds: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
}

/** An SMS's length: 160 GSM-7 characters in one part, 153 per part beyond; 70 / 67 when any character is outside GSM-7. */
export function smsSegments(text: string): SmsLength {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const segments = septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153);
    return { encoding: 'GSM-7', units: septets, segments, perSegment: segments > 1 ? 153 : 160 };
  }
  const units = text.length; // UTF-16 code units: a character outside the BMP takes two
  const segments = units <= 70 ? 1 : Math.ceil(units / 67);
  return { encoding: 'UCS-2', units, segments, perSegment: segments > 1 ? 67 : 70 };
}

/** Credits a message spends: one per SMS segment, one per WhatsApp message, e-mail free. */
export function creditsFor(channel: 'email' | 'sms' | 'whatsapp', text: string): number {
  if (channel === 'email') return 0;
  if (channel === 'whatsapp') return 1;
  return Math.max(1, smsSegments(text).segments);
}

/** A 10-digit Indian mobile as the wa.me link wants it (91 + number), or null. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^91[6-9]\d{9}$/.test(digits)) return digits;
  return null;
}

/** The click-to-chat link with the text filled in: `https://wa.me/91XXXXXXXXXX?text=…`. */
export function whatsappLink(phone: string, text: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

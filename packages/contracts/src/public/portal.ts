import { z } from '../zod-config.js';
import { bookingSchema } from '../booking/booking.js';
import { zoneClockParts } from '../zone-clock.js';

// ---- the portal's confirmation: where to go, and the booking in the visitor's calendar ----

/** Where the visitor plays: the centre's address and phone, else the organisation's. */
export const portalVenueSchema = z.object({
  organisation_name: z.string(),
  centre_name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** The organisation's time zone (slot times are wall-clock times there), e.g. Asia/Kolkata. */
  time_zone: z.string(),
});
export type PortalVenue = z.infer<typeof portalVenueSchema>;

/** The portal's answer to a booking: the booking and its venue, for the confirmation panel. */
export const portalBookingSchema = bookingSchema.extend({ venue: portalVenueSchema });
export type PortalBooking = z.infer<typeof portalBookingSchema>;

/**
 * The answer to a portal booking: on a facility that takes payment online (issue 23) the booking is
 * a hold (`status` `awaiting_payment`) and `checkout_url` is where the visitor pays within
 * `hold_expires_at`; otherwise both are null and the booking is confirmed.
 */
export const portalBookedSchema = portalBookingSchema.extend({
  checkout_url: z.string().nullable(),
  hold_expires_at: z.string().nullable(),
});
export type PortalBooked = z.infer<typeof portalBookedSchema>;

/** The return page's view of a paid-online booking: confirmed, still held (the callback not yet in), or released (failed or expired). */
export const PORTAL_HOLD_STATUSES = ['confirmed', 'awaiting_payment', 'released'] as const;
export const portalHoldStateSchema = z.object({
  status: z.enum(PORTAL_HOLD_STATUSES),
  hold_expires_at: z.string().nullable(),
  paid_amount: z.string(),
  booking: portalBookingSchema,
});
export type PortalHoldState = z.infer<typeof portalHoldStateSchema>;

// ---- embedding the portal in the club's own website ----

export const MAX_EMBED_ORIGINS = 10;
const ORIGIN = /^https:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::(\d{1,5}))?$/;

/** One origin allowed to frame the portal: `https://host[:port]`, lower-cased, without a trailing slash. */
export const embedOriginSchema = z
  .string({ error: 'Enter an origin like https://club.example.com.' })
  .trim()
  .transform((v) => v.toLowerCase().replace(/\/$/, ''))
  .refine((v) => {
    const m = ORIGIN.exec(v);
    if (!m) return false;
    const port = m[1] === undefined ? 443 : Number(m[1]);
    return port >= 1 && port <= 65535 && v.length <= 253 + 14;
  }, 'Enter an origin like https://club.example.com (https, a host name and an optional port; no path).');

/** The text area's lines (one origin per line; blank lines ignored) as the list the API takes. */
export const embedOriginLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A list of origins (JSON), or the text area's text with one origin per line (a form post). */
export const embedOriginsSchema = z.preprocess(
  (v) => (typeof v === 'string' ? embedOriginLines(v) : v === null ? [] : v),
  z
    .array(embedOriginSchema, { error: 'Send a list of origins.' })
    .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} origins.`)
    .transform((list) => [...new Set(list)]),
);

// ---- Add to calendar: an iCalendar file of the booking ----

export interface IcsSlot {
  date: string; // yyyy-MM-dd
  start_time: string; // HH:mm[:ss]
  end_time: string; // HH:mm[:ss]; at or before the start means the next day (a slot to midnight)
}

export interface IcsBooking {
  code: string;
  /** What the event is called, e.g. "Badminton - Court 1 (BK-2026-000311)". */
  summary: string;
  location: string;
  description: string;
  /** The zone the slot times are wall-clock times in. */
  timeZone: string;
  slots: IcsSlot[];
  /** When the file was made (DTSTAMP). */
  stamp: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The offset of a zone from UTC at an instant, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = zoneClockParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** A wall-clock date and time in a zone as the UTC instant (milliseconds). */
export function zonedToUtc(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  let utc = wall - zoneOffsetMs(wall, timeZone);
  // Across a daylight-saving change the offset at the guess may differ from the offset at the answer.
  const again = wall - zoneOffsetMs(utc, timeZone);
  if (again !== utc) utc = again;
  return utc;
}

const icsUtc = (ms: number) => {
  const t = new Date(ms);
  return `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}T${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${pad(t.getUTCSeconds())}Z`;
};

/** RFC 5545 §3.3.11: backslash, semicolon, comma and new lines escaped in a TEXT value. */
export const icsEscape = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Octets of a string in UTF-8 (no TextEncoder: the contracts compile without DOM or Node types). */
export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded (CRLF and a space), never inside a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Length(ch);
    const limit = out.length === 0 ? 75 : 74; // a continuation line starts with the space
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The booking as an iCalendar file: one VEVENT per slot, times in UTC, CRLF line ends. */
export function bookingIcs(b: IcsBooking): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Arena//Online Booking//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  b.slots.forEach((slot, i) => {
    const start = zonedToUtc(slot.date, slot.start_time, b.timeZone);
    let end = zonedToUtc(slot.date, slot.end_time, b.timeZone);
    if (end <= start) {
      const next = new Date(`${slot.date}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      end = zonedToUtc(next.toISOString().slice(0, 10), slot.end_time, b.timeZone);
    }
    lines.push(
      'BEGIN:VEVENT',
      `UID:${b.code}-${i + 1}@arena`,
      `DTSTAMP:${icsUtc(b.stamp.getTime())}`,
      `DTSTART:${icsUtc(start)}`,
      `DTEND:${icsUtc(end)}`,
      `SUMMARY:${icsEscape(b.summary)}`,
      `LOCATION:${icsEscape(b.location)}`,
      `DESCRIPTION:${icsEscape(b.description)}`,
      'END:VEVENT',
    );
  });
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The confirmation's facts as the calendar file of a portal booking (the panel's link and the e-mail's attachment). */
export function portalBookingIcs(
  b: Pick<PortalBooking, 'code' | 'sport_name' | 'facility_name' | 'time_slots' | 'venue'>,
  stamp = new Date(),
) {
  const location = [b.venue.centre_name, b.venue.address].filter(Boolean).join(', ');
  const description = [
    `Booking ${b.code} at ${b.venue.organisation_name}.`,
    'Pay at the venue. Please show the booking code at the desk.',
    b.venue.phone ? `Phone: ${b.venue.phone}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return bookingIcs({
    code: b.code,
    summary: `${b.sport_name} - ${b.facility_name} (${b.code})`,
    location,
    description,
    timeZone: b.venue.time_zone,
    slots: b.time_slots,
    stamp,
  });
}

import { describe, expect, it } from 'vitest';
import { bookingIcs, embedOriginsSchema, icsEscape, portalBookingIcs, utf8Length, zonedToUtc } from './portal.js';

const stamp = new Date(Date.UTC(2026, 10, 26, 6, 30, 0));

describe('bookingIcs', () => {
  const ics = bookingIcs({
    code: 'BK-2026-000311',
    summary: 'Badminton - Court 1 (BK-2026-000311)',
    location: 'Main Centre, 12, MG Road; Bengaluru',
    description: 'Pay at the venue.\nPhone: 98450 12345',
    timeZone: 'Asia/Kolkata',
    slots: [
      { date: '2026-12-01', start_time: '17:00:00', end_time: '18:00:00' },
      { date: '2026-12-01', start_time: '23:00', end_time: '00:00' },
    ],
    stamp,
  });
  const lines = ics.split('\r\n');

  it('is one VCALENDAR with a VEVENT per slot, every line ending in CRLF', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare LF or CR anywhere
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(2);
    expect(lines).toContain('UID:BK-2026-000311-1@arena');
    expect(lines).toContain('UID:BK-2026-000311-2@arena');
    expect(lines).toContain('DTSTAMP:20261126T063000Z');
  });

  it('gives the wall-clock times of the organisation’s zone in UTC (IST is UTC+5:30)', () => {
    expect(lines).toContain('DTSTART:20261201T113000Z');
    expect(lines).toContain('DTEND:20261201T123000Z');
    // A slot to midnight ends on the next day.
    expect(lines).toContain('DTSTART:20261201T173000Z');
    expect(lines).toContain('DTEND:20261201T183000Z');
  });

  it('escapes commas, semicolons, backslashes and new lines in text', () => {
    expect(lines).toContain('LOCATION:Main Centre\\, 12\\, MG Road\\; Bengaluru');
    expect(lines).toContain('DESCRIPTION:Pay at the venue.\\nPhone: 98450 12345');
    expect(icsEscape('a\\b')).toBe('a\\\\b');
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const long = bookingIcs({
      code: 'BK-1',
      summary: '₹'.repeat(60),
      location: '',
      description: '',
      timeZone: 'Asia/Kolkata',
      slots: [{ date: '2026-12-01', start_time: '06:00', end_time: '07:00' }],
      stamp,
    });
    const physical = long.split('\r\n');
    for (const line of physical) expect(utf8Length(line)).toBeLessThanOrEqual(75);
    const unfolded = long.replace(/\r\n /g, '');
    expect(unfolded).toContain(`SUMMARY:${'₹'.repeat(60)}`);
  });
});

describe('zonedToUtc', () => {
  it('follows daylight saving in zones that have it', () => {
    expect(new Date(zonedToUtc('2026-07-01', '09:00', 'Europe/London')).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(new Date(zonedToUtc('2026-01-15', '09:00', 'Europe/London')).toISOString()).toBe('2026-01-15T09:00:00.000Z');
  });
});

describe('portalBookingIcs', () => {
  it('names the facility, the code and the venue', () => {
    const ics = portalBookingIcs(
      {
        code: 'BK-2026-000001',
        sport_name: 'Badminton',
        facility_name: 'Court 2',
        time_slots: [
          { id: 1, time_slot: 1, date: '2026-12-02', start_time: '06:00:00', end_time: '07:00:00', price: '800.00', is_active: true },
        ],
        venue: {
          organisation_name: 'Demo Sports',
          centre_name: 'Main Centre',
          address: 'MG Road',
          phone: '080 1234',
          email: '',
          time_zone: 'Asia/Kolkata',
        },
      },
      stamp,
    );
    expect(ics).toContain('SUMMARY:Badminton - Court 2 (BK-2026-000001)');
    expect(ics).toContain('LOCATION:Main Centre\\, MG Road');
    expect(ics).toContain('DTSTART:20261202T003000Z');
  });
});

describe('embedOriginsSchema', () => {
  it('takes https origins with an optional port, one per line or as a list', () => {
    expect(embedOriginsSchema.parse('https://Club.Example.com/\n\nhttps://club.example.com\nhttps://a.example.in:8443')).toEqual([
      'https://club.example.com',
      'https://a.example.in:8443',
    ]);
    expect(embedOriginsSchema.parse([])).toEqual([]);
  });

  it('refuses anything else, naming the line', () => {
    const bad = embedOriginsSchema.safeParse([
      'https://ok.example.com',
      'http://club.example.com',
      'https://x.com/path',
      "https://x.com 'unsafe-inline'",
    ]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['1', '2', '3']);
    expect(embedOriginsSchema.safeParse(Array.from({ length: 11 }, (_, i) => `https://c${i}.example.com`)).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateText, parseDateText, parseTimeText } from './date-text.js';

describe('dates as people type them', () => {
  it('reads the ways a date is written in India, day first', () => {
    for (const typed of [
      '23 Nov 2026',
      '23 nov 2026',
      '23 November 2026',
      '23-Nov-2026',
      '23Nov2026',
      'Nov 23 2026',
      '23/11/2026',
      '23-11-2026',
      '23.11.2026',
      '23/11/26',
      '2026-11-23',
      ' 23 Nov, 2026 ',
    ]) {
      expect(parseDateText(typed), typed).toBe('2026-11-23');
    }
    expect(parseDateText('3/4/2026')).toBe('2026-04-03');
    expect(parseDateText('1 Sept 2026')).toBe('2026-09-01');
  });

  it('refuses days that do not exist and text that is not a date', () => {
    for (const typed of ['31 Feb 2026', '29/02/2026', '2026-13-01', '32/01/2026', '23 Nox 2026', '23 No 2026', 'tomorrow', '', '11/2026']) {
      expect(parseDateText(typed), typed).toBeNull();
    }
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
  });

  it('shows an ISO date as 23 Nov 2026 and nothing for a malformed one', () => {
    expect(formatDateText('2026-11-23')).toBe('23 Nov 2026');
    expect(formatDateText('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDateText('2026-02-30')).toBe('');
    expect(formatDateText('')).toBe('');
    expect(formatDateText(null)).toBe('');
  });

  it('round-trips every day of a year through the display text', () => {
    for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() === 2026; d.setUTCDate(d.getUTCDate() + 1)) {
      const iso = d.toISOString().slice(0, 10);
      expect(parseDateText(formatDateText(iso))).toBe(iso);
    }
  });
});

describe('24-hour times as people type them', () => {
  it('normalises to HH:mm', () => {
    const cases: Record<string, string> = {
      '17:00': '17:00',
      '17.30': '17:30',
      '1700': '17:00',
      '930': '09:30',
      '9:30': '09:30',
      '9': '09:00',
      '00:00': '00:00',
      '23:59:00': '23:59',
    };
    for (const [typed, time] of Object.entries(cases)) expect(parseTimeText(typed), typed).toBe(time);
  });

  it('refuses times that do not exist', () => {
    for (const typed of ['24:00', '12:60', '5pm', '', '17:0', '123456']) expect(parseTimeText(typed), typed).toBeNull();
  });
});

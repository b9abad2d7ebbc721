import { describe, expect, it } from 'vitest';
import { zoneClockParts } from './zone-clock.js';

/** What the formatter itself says, with no cache in between. */
function reference(instant: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  const { year, month, day, hour, minute, second } = parts;
  return { year, month, day, hour, minute, second };
}

const ZONES = ['Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'America/St_Johns', 'UTC'];

describe('zoneClockParts (offsets cached by quarter hour)', () => {
  it('agrees with the formatter at every minute around DST transitions, including half-hour shifts', () => {
    const transitions = [
      ['America/New_York', Date.UTC(2026, 2, 8, 7, 0)],
      ['America/New_York', Date.UTC(2026, 10, 1, 6, 0)],
      ['Europe/London', Date.UTC(2026, 2, 29, 1, 0)],
      ['Europe/London', Date.UTC(2026, 9, 25, 1, 0)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15, 0)],
      ['America/St_Johns', Date.UTC(2026, 2, 8, 5, 30)],
    ] as const;
    for (const [zone, at] of transitions)
      for (let ms = at - 2 * 3_600_000; ms <= at + 2 * 3_600_000; ms += 60_000 + 7_000) {
        const instant = new Date(ms);
        expect(zoneClockParts(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(reference(instant, zone));
      }
  });

  it('agrees with the formatter at instants spread over decades, seconds and milliseconds included', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const ms = Date.UTC(1990, 0, 1) + Math.floor(next() * 50 * 365.25 * 86_400_000);
      const zone = ZONES[i % ZONES.length];
      const instant = new Date(ms);
      expect(zoneClockParts(instant, zone), `${zone} ${instant.toISOString()}`).toEqual(reference(instant, zone));
    }
  });

  it('is the formatter itself outside four-digit years, and exact to the second', () => {
    const far = new Date(Date.UTC(9999, 11, 31, 20, 0));
    expect(zoneClockParts(far, 'Asia/Kolkata')).toEqual(reference(far, 'Asia/Kolkata'));
    expect(zoneClockParts(new Date(Date.UTC(2026, 0, 1, 18, 29, 59, 999)), 'Asia/Kolkata')).toEqual({
      year: '2026',
      month: '01',
      day: '01',
      hour: '23',
      minute: '59',
      second: '59',
    });
  });
});

/** The wall clock of a time zone at an instant, as the numeric parts of its date and time. */
export interface ZoneClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using one. */
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (clocks.size < 1000) clocks.set(timeZone, clock);
  }
  return clock;
}

function exactParts(instant: Date, timeZone: string): ZoneClockParts {
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of clockOf(timeZone).formatToParts(instant)) if (p.type in parts) parts[p.type as keyof ZoneClockParts] = p.value;
  return parts;
}

/** The zone's offset from UTC at `ms` (whole seconds), read from the formatter. */
function offsetAt(ms: number, timeZone: string): number {
  const p = exactParts(new Date(ms), timeZone);
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * A zone's offset by quarter hour. Formatting an instant costs ~10 µs, and a list or an export
 * formats thousands; a zone's offset changes only at its transitions, which fall on whole
 * minutes. A quarter hour whose first and last second have the same offset has no transition
 * (none in use comes twice within 15 minutes), so the cached offset is exact for every instant
 * in it; a quarter hour with a transition (NaN) is formatted instant by instant.
 */
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

function quarterOffset(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    if (offsets.size < 1000) offsets.set(timeZone, zone);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const first = offsetAt(quarter * QUARTER_HOUR, timeZone);
    offset = first === offsetAt((quarter + 1) * QUARTER_HOUR - 1000, timeZone) ? first : NaN;
    if (zone.size >= 4096) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Year, month, day (2 digits), hour (00–23), minute and second of `instant` in `timeZone`. */
export function zoneClockParts(instant: Date, timeZone: string): ZoneClockParts {
  const ms = instant.getTime();
  const year = instant.getUTCFullYear();
  // Years of four digits only (the formatter's own output for others), valid instants only.
  if (!Number.isFinite(ms) || year < 1000 || year > 9998) return exactParts(instant, timeZone);
  const offset = quarterOffset(ms, timeZone);
  if (Number.isNaN(offset)) return exactParts(instant, timeZone);
  const wall = new Date(ms + offset);
  return {
    year: String(wall.getUTCFullYear()),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
    second: two(wall.getUTCSeconds()),
  };
}

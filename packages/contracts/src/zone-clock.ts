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

/** Year, month, day (2 digits), hour (00–23), minute and second of `instant` in `timeZone`. */
export function zoneClockParts(instant: Date, timeZone: string): ZoneClockParts {
  const parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of clockOf(timeZone).formatToParts(instant)) if (p.type in parts) parts[p.type as keyof ZoneClockParts] = p.value;
  return parts;
}

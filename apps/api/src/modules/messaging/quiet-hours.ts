/**
 * Promotional SMS go out only between 10:00 and 21:00 in the organisation's time zone (TRAI's
 * window for promotional messages); one queued outside it waits for the next 10:00.
 */
export const WINDOW_START_HOUR = 10;
export const WINDOW_END_HOUR = 21;

function localParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { y: +parts.year, m: +parts.month, d: +parts.day, h: +parts.hour, min: +parts.minute, s: +parts.second };
}

/** The instant at `hour`:00 local on the local date `days` after `instant`'s. */
function localHour(instant: Date, timeZone: string, days: number, hour: number): Date {
  const p = localParts(instant, timeZone);
  const localAsUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  const offset = localAsUtc - Math.floor(instant.getTime() / 1000) * 1000;
  return new Date(Date.UTC(p.y, p.m - 1, p.d + days, hour, 0, 0) - offset);
}

/** When a promotional SMS queued at `instant` may go out: `instant` itself inside 10:00–21:00, else the next 10:00. */
export function promotionalSendTime(instant: Date, timeZone: string): Date {
  const { h } = localParts(instant, timeZone);
  if (h >= WINDOW_START_HOUR && h < WINDOW_END_HOUR) return instant;
  return localHour(instant, timeZone, h >= WINDOW_END_HOUR ? 1 : 0, WINDOW_START_HOUR);
}

import { authStore } from '../../../state/auth';

const FALLBACK_ZONE = 'Asia/Kolkata';

/**
 * A moment (ISO 8601 with an offset) as a 24-hour time in the organisation's time zone: "06:42".
 * A desk laptop set to UTC still shows the Indian time of a check-in.
 */
export function formatTime(value: string | null | undefined, timeZone = authStore.get().organisation?.time_zone): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  try {
    return format(timeZone || FALLBACK_ZONE);
  } catch {
    return format(FALLBACK_ZONE);
  }
}

import { parseISO } from 'date-fns';
import { authStore } from '../state/auth';

const FALLBACK_ZONE = 'Asia/Kolkata';

/**
 * Today's date (yyyy-MM-dd) in the organisation's time zone, not the browser's: a desk whose
 * laptop clock says UTC still records a 00:30 IST expense on the Indian date, as the server does.
 */
export function todayIso(now: Date = new Date(), timeZone = authStore.get().organisation?.time_zone): string {
  const parts = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return parts(timeZone || FALLBACK_ZONE);
  } catch {
    return parts(FALLBACK_ZONE);
  }
}

/** The organisation's today as a local-midnight Date, for date-fns arithmetic (startOfMonth …). */
export const todayDate = (now: Date = new Date()): Date => parseISO(todayIso(now));

import { ApiError } from './api';

const UNKNOWN = 'An unknown error occurred';
/** Keys that carry a message rather than name a field; shown without a "name: " prefix. */
const GENERAL_KEYS = new Set(['detail', 'non_field_errors']);

/**
 * A server field's name as a person reads it, for an error shown in a banner: never the internal
 * name — `time_slot_ids` → "Time slots", `refund.amount` → "Refund amount",
 * `slot_groups.0.time_slots.1.start_time` → "Slot groups time slots start time".
 */
export function fieldLabel(path: string): string {
  const words = path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .map((part) => part.replace(/_ids$/, 's').replace(/_id$/, '').replace(/_/g, ' '))
    .join(' ')
    .trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Error';
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(messageOf).filter(Boolean).join(' ');
  if (value && typeof value === 'object') return Object.values(value).map(messageOf).filter(Boolean).join(' ');
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Spec 8, the generic handler: a string body is shown as it is; a list or object shows each field
 * as "Label: message" (`fieldLabel`: "Time slots: …", never `time_slot_ids: …`); anything else is
 * 'An unknown error occurred'.
 */
export function errorMessage(error: unknown): string {
  const data = error instanceof ApiError ? error.data : error;
  if (error instanceof ApiError && error.status === 0) return error.message;
  if (typeof data === 'string' && data.trim()) return data;
  if (Array.isArray(data)) return data.map(messageOf).filter(Boolean).join('\n') || UNKNOWN;
  if (data && typeof data === 'object') {
    const lines = Object.entries(data as Record<string, unknown>).map(([key, value]) =>
      GENERAL_KEYS.has(key) ? messageOf(value) : `${fieldLabel(key)}: ${messageOf(value)}`,
    );
    return lines.filter(Boolean).join('\n') || UNKNOWN;
  }
  return UNKNOWN;
}

/** Spec 8, the second handler: a string or the error's message, else 'An unknown error occurred'. */
export function simpleErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error) return error;
  if (error instanceof ApiError) {
    const detail = (error.data as { detail?: unknown } | null)?.detail;
    if (typeof detail === 'string') return detail;
    return error.status === 0 ? error.message : errorMessage(error);
  }
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN;
}

/** Field errors of a 400 body ({field: [msg]}), for putting each message under its input. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object' || Array.isArray(error.data))
    return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.data as Record<string, unknown>)) {
    if (!GENERAL_KEYS.has(key)) out[key] = messageOf(value);
  }
  return out;
}

/** The message of a 400 body that belongs to no field (detail / non_field_errors). */
export function generalError(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object')
    return error instanceof ApiError ? errorMessage(error) : null;
  const data = error.data as Record<string, unknown>;
  const parts = [data.detail, data.non_field_errors].map(messageOf).filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

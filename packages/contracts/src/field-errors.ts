/**
 * The API answers a refused write the way Django REST Framework does: `{"field": ["message"]}`,
 * nested for lists and objects (`{"slot_groups": [{}, {"time_slots": [{"price": ["…"]}]}]}`) or
 * with dotted keys (`"slot_groups.1.time_slots.0.price"`), plus messages that belong to no field
 * (`detail`, `non_field_errors`). Forms read it through `flattenFieldErrors`.
 */
export const GENERAL_ERROR_KEYS: readonly string[] = ['detail', 'non_field_errors'];

export interface FlatFieldErrors {
  /** Dotted path ("slot_groups.1.time_slots.0.price") → its messages joined by a space. */
  fields: Record<string, string>;
  /** Messages of `detail` and top-level `non_field_errors`, or of a body that is a string or a list. */
  general: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** "slot_groups[1].time_slots[0]" → "slot_groups.1.time_slots.0". */
export const normaliseErrorPath = (key: string) => key.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

/** Every message of a value, in order. */
function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (isRecord(value)) return Object.values(value).flatMap(messagesOf);
  return value === null || value === undefined ? [] : [String(value)];
}

export function flattenFieldErrors(body: unknown): FlatFieldErrors {
  const out: FlatFieldErrors = { fields: {}, general: [] };
  const add = (path: string, message: string) => {
    if (!path) out.general.push(message);
    else out.fields[path] = out.fields[path] ? `${out.fields[path]} ${message}` : message;
  };
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => (typeof item === 'string' ? add(path, item) : walk(item, path ? `${path}.${i}` : String(i))));
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) {
        // A nested non_field_errors belongs to the object that holds it.
        const child = key === 'non_field_errors' ? path : [path, normaliseErrorPath(key)].filter(Boolean).join('.');
        walk(inner, child);
      }
    } else if (value !== null && value !== undefined && value !== '') add(path, String(value));
  };

  if (isRecord(body)) {
    for (const [key, value] of Object.entries(body)) {
      if (GENERAL_ERROR_KEYS.includes(key)) out.general.push(...messagesOf(value));
      else walk(value, normaliseErrorPath(key));
    }
  } else out.general.push(...messagesOf(body));
  return out;
}

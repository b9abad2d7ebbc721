const snakeNames = new Map<string, string>();
/** camelCase → snake_case, remembered: every list converts the same few column names on every row. */
const toSnake = (key: string) => {
  let name = snakeNames.get(key);
  if (name === undefined) snakeNames.set(key, (name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)));
  return name;
};
const toCamel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A database row as API JSON: snake_case keys, ISO timestamps, without the tenant column. */
export function rowToJson(row: Record<string, unknown>, omit: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) {
    if (key === 'organisationId' || (omit.length && omit.includes(key))) continue;
    const value = row[key];
    out[toSnake(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Validated API input as column values: camelCase keys, fields the client did not send left out. */
export function inputToValues(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[toCamel(key)] = value;
  return out;
}

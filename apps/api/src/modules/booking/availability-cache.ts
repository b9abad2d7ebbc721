import type { FastifyInstance } from 'fastify';
import { invalidationsOf } from '../../platform/db/client.js';

/**
 * A one-second cache of the portal's slot answers. Visitors hammer the same facility and date;
 * a second of staleness only changes what is shown, never what can be booked — the booking
 * itself is checked against the database and its unique index. Any write of the booking module
 * on this instance drops the organisation's entries at once, so a visitor who has just booked
 * sees the slot taken on reload; a booked slot written through any instance drops them on every
 * instance when it commits (a trigger's notification, see platform/db/invalidation.ts).
 */
const TTL_MS = 1000;
const entries = new Map<string, { at: number; value: unknown }>();

export async function cachedSlots<T>(organisationId: number, facilityId: number, date: string, load: () => Promise<T>): Promise<T> {
  const key = `${organisationId}:${facilityId}:${date}`;
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  entries.set(key, { at: Date.now(), value });
  if (entries.size > 10_000) entries.clear();
  return value;
}

export function forgetOrganisation(organisationId: number): void {
  const prefix = `${organisationId}:`;
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

/** Drops the organisation's cached slots after every write a plugin's routes make. */
export function invalidateSlotsOnWrite(app: FastifyInstance): void {
  invalidationsOf(app.db).on('slots', (organisationId) => forgetOrganisation(Number(organisationId)));
  invalidationsOf(app.db).onReset(() => entries.clear());
  // onSend: after the handler's transaction committed, before the client can ask again.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.organisation) forgetOrganisation(request.organisation.id);
  });
}

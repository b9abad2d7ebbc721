import type { FastifyInstance } from 'fastify';
import { invalidationsOf, settleInvalidations, type Database } from '../../platform/db/client.js';

/**
 * A one-second cache of the portal's slot answers, one per instance (per database handle).
 * Visitors hammer the same facility and date; a second of staleness only changes what is shown,
 * never what can be booked — the booking itself is checked against the database and its unique
 * index. A booked slot written through any instance drops the organisation's entries on every
 * instance when it commits (a trigger's notification, see platform/db/invalidation.ts), and a
 * write of the booking module answers only once that notification has been heard (so it has
 * been sent to every instance): a visitor who has just booked, or anyone after them, never
 * meets the slot still free on another instance's portal.
 */
const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;

type Entries = Map<string, { at: number; value: unknown }>;
const caches = new WeakMap<Database, Entries>();

function entriesOf(db: Database): Entries {
  let entries = caches.get(db);
  if (!entries) {
    const created: Entries = new Map();
    caches.set(db, (entries = created));
    invalidationsOf(db).on('slots', (organisationId) => forget(created, Number(organisationId)));
    invalidationsOf(db).onReset(() => created.clear());
  }
  return entries;
}

function forget(entries: Entries, organisationId: number): void {
  const prefix = `${organisationId}:`;
  for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
}

export async function cachedSlots<T>(
  db: Database,
  organisationId: number,
  facilityId: number,
  date: string,
  load: () => Promise<T>,
): Promise<T> {
  const entries = entriesOf(db);
  const key = `${organisationId}:${facilityId}:${date}`;
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as T;
  const value = await load();
  entries.set(key, { at: Date.now(), value });
  if (entries.size > MAX_ENTRIES) entries.clear();
  return value;
}

/** After every successful write a plugin's routes make: the organisation's cached slots are dropped here and on every instance. */
export function invalidateSlotsOnWrite(app: FastifyInstance): void {
  const entries = entriesOf(app.db);
  // onSend: after the handler's transaction committed, before the client can ask again.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || !request.organisation || reply.statusCode >= 400) return;
    forget(entries, request.organisation.id);
    await settleInvalidations(app.db);
  });
}

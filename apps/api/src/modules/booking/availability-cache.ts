import type { FastifyInstance } from 'fastify';
import { invalidationsOf, REVOCATION_GRACE_MS, settleInvalidations, type Database } from '../../platform/db/client.js';

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
/**
 * Each organisation's count of drops on an instance (0: of resets, which drop every organisation's):
 * an answer loaded across a drop is not kept.
 */
const generations = new WeakMap<Entries, Map<number, number>>();
const generationOf = (entries: Entries, organisationId: number) =>
  `${generations.get(entries)?.get(0) ?? 0}:${generations.get(entries)?.get(organisationId) ?? 0}`;
function bump(entries: Entries, organisationId: number): void {
  let counts = generations.get(entries);
  if (!counts) generations.set(entries, (counts = new Map()));
  counts.set(organisationId, (counts.get(organisationId) ?? 0) + 1);
}

function entriesOf(db: Database): Entries {
  let entries = caches.get(db);
  if (!entries) {
    const created: Entries = new Map();
    caches.set(db, (entries = created));
    invalidationsOf(db).on('slots', (organisationId) => forget(created, Number(organisationId)));
    invalidationsOf(db).onReset(() => {
      created.clear();
      bump(created, 0);
    });
  }
  return entries;
}

function forget(entries: Entries, organisationId: number): void {
  bump(entries, organisationId);
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
  const generation = generationOf(entries, organisationId);
  const value = await load();
  // A booking committed while this loaded: the answer may predate it, so it is not kept.
  if (generationOf(entries, organisationId) === generation) entries.set(key, { at: Date.now(), value });
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
    // The grace lets the other instances' listeners hand the drop over too (as a revocation does; none without other instances).
    await settleInvalidations(app.db, { graceMs: REVOCATION_GRACE_MS });
  });
}

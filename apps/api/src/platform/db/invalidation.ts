/**
 * Cache invalidation across instances. Triggers (migration 0003) `pg_notify` a payload such as
 * `key:<hash>` or `org:<id>` on the `arena_invalidate` channel when a write commits; every
 * instance LISTENs and hands each payload to the caches that subscribed to its prefix. A
 * reconnect of the listening connection may have missed payloads, so it resets every cache.
 */
export const INVALIDATION_CHANNEL = 'arena_invalidate';

type Handler = (id: string) => void;

/** How long another instance counts as listening after it last announced itself (they announce every minute). */
export const PEER_TTL_MS = 150_000;
export const PEER_ANNOUNCE_MS = 60_000;

export class InvalidationBus {
  /** This instance's name on the channel (`peer:<id>` announcements). */
  readonly id = Math.random().toString(36).slice(2, 12);
  /** Sends `peer:<id>` (a reply: `peer:<id>:reply`) on the channel; set where the bus listens on PostgreSQL. */
  announcer?: (reply: boolean) => void;
  private readonly peers = new Map<string, number>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly resets = new Set<() => void>();
  private readonly waiters = new Map<string, () => void>();

  /** Calls `handler(id)` for every payload `prefix:id`; returns an unsubscribe function. */
  on(prefix: string, handler: Handler): () => void {
    let set = this.handlers.get(prefix);
    if (!set) this.handlers.set(prefix, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Calls `handler` when everything cached must be dropped (the listener reconnected). */
  onReset(handler: () => void): () => void {
    this.resets.add(handler);
    return () => this.resets.delete(handler);
  }

  /** Resolves when exactly `payload` is emitted (see `settleInvalidations`). */
  next(payload: string): { seen: Promise<void>; cancel: () => void } {
    let cancel = () => {};
    const seen = new Promise<void>((resolve) => {
      this.waiters.set(payload, resolve);
      cancel = () => this.waiters.delete(payload);
    });
    return { seen, cancel };
  }

  /** Announces this instance to the others (at connect and every `PEER_ANNOUNCE_MS`). */
  announce(): void {
    this.announcer?.(false);
  }

  /** Whether another instance listens on the channel (one announced itself within `PEER_TTL_MS`). */
  hasPeers(now = Date.now()): boolean {
    for (const [id, at] of this.peers)
      if (now - at < PEER_TTL_MS) return true;
      else this.peers.delete(id);
    return false;
  }

  private heard(rest: string): void {
    const [id, reply] = rest.split(':');
    if (!id || id === this.id) return;
    const known = this.hasPeers() && this.peers.has(id);
    this.peers.set(id, Date.now());
    // A newcomer learns of us at once, without waiting for our next announcement.
    if (!known && !reply) this.announcer?.(true);
  }

  emit(payload: string): void {
    if (payload.startsWith('peer:')) return this.heard(payload.slice(5));
    const waiter = this.waiters.get(payload);
    if (waiter) {
      this.waiters.delete(payload);
      waiter();
    }
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    const handlers = this.handlers.get(payload.slice(0, colon));
    if (handlers) for (const handler of handlers) handler(payload.slice(colon + 1));
  }

  reset(): void {
    for (const handler of this.resets) handler();
    // A reconnect may have lost the payloads waited for; the caches are empty now, which is what they waited for.
    for (const waiter of this.waiters.values()) waiter();
    this.waiters.clear();
  }
}

/**
 * Cache invalidation across instances. Triggers (migration 0003) `pg_notify` a payload such as
 * `key:<hash>` or `org:<id>` on the `arena_invalidate` channel when a write commits; every
 * instance LISTENs and hands each payload to the caches that subscribed to its prefix. A
 * reconnect of the listening connection may have missed payloads, so it resets every cache.
 */
export const INVALIDATION_CHANNEL = 'arena_invalidate';

type Handler = (id: string) => void;

export class InvalidationBus {
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

  emit(payload: string): void {
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

/**
 * Fair sharing of the pool: at most `limit` tenant transactions of one organisation run at once
 * on this instance; the rest wait in order. One organisation flooding the API (bulk bookings,
 * exports, an attacker) therefore leaves the other connections of the pool to everyone else.
 */
export class TenantGate {
  private readonly running = new Map<number, { active: number; waiting: (() => void)[] }>();

  constructor(readonly limit: number) {}

  async run<T>(organisationId: number, fn: () => Promise<T>): Promise<T> {
    if (!Number.isFinite(this.limit)) return fn();
    let slot = this.running.get(organisationId);
    if (!slot) this.running.set(organisationId, (slot = { active: 0, waiting: [] }));
    if (slot.active >= this.limit) await new Promise<void>((resolve) => slot!.waiting.push(resolve));
    else slot.active++;
    try {
      return await fn();
    } finally {
      const next = slot.waiting.shift();
      // The slot passes straight to the next waiter; the count drops only when nobody waits.
      if (next) next();
      else if (--slot.active === 0) this.running.delete(organisationId);
    }
  }

  /** Transactions of the organisation running now (tests and metrics). */
  active(organisationId: number): number {
    return this.running.get(organisationId)?.active ?? 0;
  }
}

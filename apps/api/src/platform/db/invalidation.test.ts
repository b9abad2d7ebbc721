import { describe, expect, it } from 'vitest';
import { InvalidationBus } from './invalidation.js';

const settled = async (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);

describe('InvalidationBus.next', () => {
  it('resolves on exactly its payload, after the handlers of earlier payloads ran', async () => {
    const bus = new InvalidationBus();
    const dropped: string[] = [];
    bus.on('key', (hash) => dropped.push(hash));
    const { seen } = bus.next('sync:1');
    bus.emit('key:abc');
    bus.emit('sync:2');
    expect(await settled(seen)).toBe(false);
    bus.emit('sync:1');
    expect(await settled(seen)).toBe(true);
    expect(dropped).toEqual(['abc']);
  });

  it('resolves every waiter when the listener reconnects (the caches were cleared), and forgets a cancelled one', async () => {
    const bus = new InvalidationBus();
    let cleared = 0;
    bus.onReset(() => cleared++);
    const a = bus.next('sync:a');
    const b = bus.next('sync:b');
    b.cancel();
    bus.reset();
    expect(cleared).toBe(1);
    expect(await settled(a.seen)).toBe(true);
    expect(await settled(b.seen)).toBe(false);
  });
});

describe('InvalidationBus peers', () => {
  /** Two buses on one channel: whatever one announces, both hear (as PostgreSQL's NOTIFY does). */
  function channel(...buses: InvalidationBus[]) {
    const sent: string[] = [];
    for (const bus of buses)
      bus.announcer = (reply) => {
        const payload = `peer:${bus.id}${reply ? ':reply' : ''}`;
        sent.push(payload);
        for (const b of buses) b.emit(payload);
      };
    return sent;
  }

  it('knows no peer alone, hearing only itself', () => {
    const alone = new InvalidationBus();
    channel(alone);
    alone.announce();
    expect(alone.hasPeers()).toBe(false);
  });

  it('learns of a newcomer and answers it once, so both know each other at once', () => {
    const a = new InvalidationBus();
    const b = new InvalidationBus();
    const sent = channel(a, b);
    b.announce(); // B starts while A listens: A answers, and B hears the answer
    expect(a.hasPeers()).toBe(true);
    expect(b.hasPeers()).toBe(true);
    expect(sent).toEqual([`peer:${b.id}`, `peer:${a.id}:reply`]);
    // A known peer's next announcement is not answered again.
    b.announce();
    a.announce();
    expect(sent).toHaveLength(4);
  });

  it('forgets a peer that stopped announcing', () => {
    const a = new InvalidationBus();
    a.emit('peer:other');
    expect(a.hasPeers()).toBe(true);
    expect(a.hasPeers(Date.now() + 151_000)).toBe(false);
  });
});

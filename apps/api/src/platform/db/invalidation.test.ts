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

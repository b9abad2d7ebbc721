import { describe, expect, it } from 'vitest';
import { TenantGate } from './tenant-gate.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('TenantGate', () => {
  it('runs at most `limit` transactions of one organisation at once, the rest in arrival order', async () => {
    const gate = new TenantGate(2);
    const started: number[] = [];
    const holds = Array.from({ length: 5 }, deferred);
    const runs = holds.map((hold, i) =>
      gate.run(7, async () => {
        started.push(i);
        await hold.promise;
        return i;
      }),
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.active(7)).toBe(2);
    holds[1].resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    holds[0].resolve();
    holds[2].resolve();
    await Promise.all([runs[0], runs[2]]);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    holds[3].resolve();
    holds[4].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(gate.active(7)).toBe(0);
  });

  it('never makes another organisation wait for a busy one', async () => {
    const gate = new TenantGate(1);
    const hold = deferred();
    const busy = gate.run(1, () => hold.promise);
    let otherRan = false;
    await gate.run(2, async () => {
      otherRan = true;
    });
    expect(otherRan).toBe(true);
    expect(gate.active(1)).toBe(1);
    hold.resolve();
    await busy;
  });

  it('frees the slot when a transaction fails', async () => {
    const gate = new TenantGate(1);
    await expect(gate.run(3, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.active(3)).toBe(0);
    expect(await gate.run(3, async () => 'next')).toBe('next');
  });
});

import { endpoint } from '@arena/contracts';
import { describe, expect, it } from 'vitest';
import { LevelRegistry } from './levels.js';
import type { ModuleManifest } from './module.js';

const read = endpoint({ method: 'GET', path: '/api/x/thing/' });
const create = endpoint({ method: 'POST', path: '/api/x/thing/' });
const preview = endpoint({ method: 'POST', path: '/api/x/thing/preview/' });
const remove = endpoint({ method: 'DELETE', path: '/api/x/thing/:id/' });
const manifest = (levels: ModuleManifest['levels']): ModuleManifest => ({ name: 'x', routes: async () => {}, levels });

function register(registry: LevelRegistry, e: { method: string; path: string }) {
  const route = { method: e.method, url: e.path, config: { module: 'Booking Management' as const }, handler: () => {} };
  registry.onRoute(route as never);
  return (route as { config: { level?: string } }).config.level;
}

describe('LevelRegistry', () => {
  it('gives reads view, writes manage, and what the manifest lists its level', () => {
    const registry = new LevelRegistry([manifest({ operate: [create], view: [preview] })]);
    expect(register(registry, read)).toBe('view');
    expect(register(registry, create)).toBe('operate');
    expect(register(registry, preview)).toBe('view');
    expect(register(registry, remove)).toBe('manage');
    expect(registry.guards.get('DELETE /api/x/thing/:id/')).toEqual({ module: 'Booking Management', level: 'manage' });
    expect(() => registry.assertAllRegistered()).not.toThrow();
  });

  it('fails the boot when a manifest lists an endpoint no route registers, or lists one twice at different levels', () => {
    const registry = new LevelRegistry([manifest({ operate: [create, remove] })]);
    register(registry, create);
    expect(() => registry.assertAllRegistered()).toThrow(/DELETE \/api\/x\/thing\/:id\//);
    expect(() => new LevelRegistry([manifest({ operate: [create], view: [create] })])).toThrow(/both/);
  });
});

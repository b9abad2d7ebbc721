/**
 * Permission levels within a module (issue 21). Each route's level comes from its module's
 * manifest (`levels`): a GET or HEAD needs `view`, every other method `manage` unless the
 * manifest lists it as `operate` (the daily desk work) or `view` (a POST that only reads) — secure
 * by default. `auth.ts` enforces it after the module check; the boot fails when a manifest lists
 * an endpoint that no route registers.
 */
import { levelAtLeast, type EndpointSpec, type ModuleLevel, type ModuleName } from '@arena/contracts';
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import type { ModuleManifest } from './module.js';

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The level a route needs when its manifest does not list it. */
export const defaultLevel = (method: string): ModuleLevel => (method === 'GET' || method === 'HEAD' ? 'view' : 'manage');

/** What a route asks of the user: its module (or any of several), its level, owner only. */
export interface RouteGuard {
  module?: ModuleName;
  anyModule?: ModuleName[];
  ownerOnly?: boolean;
  level: ModuleLevel;
}

export class LevelRegistry {
  /** Every /api/ route's guard by `METHOD url` (the permissions test walks the OpenAPI document with it). */
  readonly guards = new Map<string, RouteGuard>();
  private readonly listed = new Map<string, { level: ModuleLevel; module: string }>();
  private readonly seen = new Set<string>();

  constructor(modules: readonly ModuleManifest[]) {
    for (const m of modules)
      for (const level of ['view', 'operate'] as const)
        for (const endpoint of m.levels?.[level] ?? []) {
          const key = keyOf(endpoint.method, endpoint.path);
          const before = this.listed.get(key);
          if (before && before.level !== level) throw new Error(`${key} is listed as both ${before.level} and ${level}.`);
          this.listed.set(key, { level, module: m.name });
        }
  }

  /** The `onRoute` hook: sets `config.level` of every /api/ route. */
  readonly onRoute = (route: RouteOptions & { config?: FastifyContextConfig; path?: string }): void => {
    const url = route.url ?? route.path ?? '';
    if (!url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const levels = methods.map((method) => {
      const key = keyOf(method, url);
      const hit = this.listed.get(key);
      if (hit) this.seen.add(key);
      return hit?.level ?? defaultLevel(method.toUpperCase());
    });
    // A route of several methods needs the highest of their levels.
    const level = levels.reduce((a, b) => (levelAtLeast(a, b) ? a : b), 'view' as ModuleLevel);
    route.config = { ...(route.config ?? {}), level };
    const { module, anyModule, ownerOnly } = route.config;
    for (const method of methods) this.guards.set(keyOf(method, url), { module, anyModule, ownerOnly, level });
  };

  /** Boot check, once every route is registered: a listed endpoint that no route registers is a mistake in a manifest. */
  assertAllRegistered(): void {
    const missing = [...this.listed.keys()].filter((key) => !this.seen.has(key));
    if (missing.length) throw new Error(`Module manifests list levels for endpoints that are not registered: ${missing.join(', ')}.`);
  }

  /** What a manifest listed (for tests). */
  levelOf(endpoint: Pick<EndpointSpec, 'method' | 'path'>): ModuleLevel {
    return this.listed.get(keyOf(endpoint.method, endpoint.path))?.level ?? defaultLevel(endpoint.method);
  }
}

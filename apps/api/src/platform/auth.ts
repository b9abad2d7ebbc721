import { levelAtLeast, type ModuleLevel, type ModuleName } from '@arena/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appUser, authToken } from './db/schema.js';
import { invalidationsOf, type Database } from './db/client.js';
import type { AuthContext, OrganisationRow } from './context.js';
import { notAuthenticated, notFound, permissionDenied } from './errors.js';
import { allowedModules, levelIn, moduleLevels, planModules } from './permissions.js';
import type { ModuleManifest } from './module.js';
import { hashSecret, isMemberKey, keyExpired } from './tokens.js';
import type { UserRow } from './context.js';

const LAST_USED_RESOLUTION_MS = 60_000;

export function readKey(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+([A-Za-z0-9_-]{1,200})$/.exec(header.trim());
  return match ? match[1] : '';
}

interface CachedKey {
  token: typeof authToken.$inferSelect;
  user: UserRow;
  at: number;
}

const KEY_TTL_MS = 60_000;
const KEY_CACHE_MAX = 50_000;

/**
 * Keys and their users, held for a minute so a request needs no lookup. Revoking a key,
 * changing or deactivating a user fires a trigger whose notification drops the entry on every
 * instance when the write commits (see db/invalidation.ts).
 */
class KeyCache {
  private readonly byHash = new Map<string, CachedKey>();

  constructor(db: Database) {
    const bus = invalidationsOf(db);
    bus.on('key', (hash) => this.byHash.delete(hash));
    bus.on('user', (id) => {
      for (const [hash, entry] of this.byHash) if (String(entry.user.id) === id) this.byHash.delete(hash);
    });
    bus.onReset(() => this.byHash.clear());
  }

  get(hash: string): CachedKey | undefined {
    const hit = this.byHash.get(hash);
    if (hit && Date.now() - hit.at > KEY_TTL_MS) {
      this.byHash.delete(hash);
      return undefined;
    }
    return hit;
  }

  set(hash: string, entry: CachedKey): void {
    if (this.byHash.size >= KEY_CACHE_MAX) this.byHash.clear();
    this.byHash.set(hash, entry);
  }
}

const keyCaches = new WeakMap<Database, KeyCache>();
function keyCacheOf(db: Database): KeyCache {
  let cache = keyCaches.get(db);
  if (!cache) keyCaches.set(db, (cache = new KeyCache(db)));
  return cache;
}

/**
 * Finds the user behind a key. A key is good when it is not revoked, not past its idle or
 * absolute lifetime, its user is active, and the host is its organisation's (or the provider host).
 */
export async function authenticateKey(db: Database, key: string, hostOrganisation: OrganisationRow | null): Promise<AuthContext | null> {
  const hash = hashSecret(key);
  const cache = keyCacheOf(db);
  let row = cache.get(hash);
  if (!row || keyExpired(row.token)) {
    const [found] = await db
      .select({ token: authToken, user: appUser })
      .from(authToken)
      .innerJoin(appUser, eq(appUser.id, authToken.userId))
      .where(and(eq(authToken.keyHash, hash), isNull(authToken.revokedAt)))
      .limit(1);
    if (!found) return null;
    row = { ...found, at: Date.now() };
    cache.set(hash, row);
  }
  if (!row.user.isActive) return null;
  if (keyExpired(row.token)) return null;
  if (hostOrganisation && (row.token.organisationId !== hostOrganisation.id || row.user.organisationId !== hostOrganisation.id))
    return null;
  if (Date.now() - row.token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    row.token = { ...row.token, lastUsedAt: new Date() };
    await db
      .update(authToken)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(authToken.id, row.token.id));
  }
  return { user: row.user, tokenId: row.token.id };
}

const PLAN_TTL_MS = 30_000;

/** Resolves the tenant, the user and the module guard of every /api request from its route config. */
export function registerAuth(app: FastifyInstance, modules: readonly ModuleManifest[]): void {
  // The app's member authenticator (End User Login's), found once: member routes need no search per request.
  const authenticateMember = modules.find((m) => m.authenticateMember)?.authenticateMember;
  const planCache = new Map<number, { modules: ModuleName[]; at: number }>();
  const bus = invalidationsOf(app.db);
  bus.on('org', (id) => planCache.delete(Number(id)));
  bus.on('plan', () => planCache.clear());
  bus.onReset(() => planCache.clear());

  app.decorate('allowedModulesOf', async (request: FastifyRequest, fresh = false): Promise<ModuleName[]> => {
    const org = request.organisation;
    if (!org || !request.auth) return [];
    let hit = planCache.get(org.id);
    if (fresh || !hit || Date.now() - hit.at > PLAN_TTL_MS) {
      hit = { modules: await planModules(app.db, org), at: Date.now() };
      planCache.set(org.id, hit);
    }
    return allowedModules(request.auth.user, org, hit.modules);
  });

  app.decorateRequest('organisation', null);
  app.decorateRequest('auth', null);
  app.decorateRequest('member', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || !request.routeOptions.url) return;
    const config = request.routeOptions.config ?? {};
    const org = await app.organisations.resolve(request.headers.host);
    if (org === 'unknown') {
      if (config.tenant === false) return;
      throw notFound('Organisation not found.');
    }
    request.organisation = org;
    if (config.tenant !== false && !org) throw notFound('This address is only available on an organisation host.');

    const mode = config.auth ?? 'required';
    if (mode === 'none') return;
    const key = readKey(request);
    if (mode === 'member') {
      // A member key is looked up among the members' sessions only, a staff key never is.
      if (key && org && isMemberKey(key) && authenticateMember) request.member = await authenticateMember(request, key);
      if (!request.member) throw notAuthenticated(key ? 'Invalid token.' : undefined);
      return;
    }
    // A member key never acts as a staff key.
    if (key && !isMemberKey(key)) request.auth = await authenticateKey(app.db, key, org);
    if (!request.auth && mode === 'required') throw notAuthenticated(key ? 'Invalid token.' : undefined);

    if (config.ownerOnly && !request.auth?.user.isOwner) throw permissionDenied();
    if (config.module) {
      const modules = await app.allowedModulesOf(request);
      if (!modules.includes(config.module)) throw permissionDenied(`You do not have access to ${config.module}.`);
      requireLevel(request, [config.module], config.level);
    }
    if (config.anyModule) {
      const modules = await app.allowedModulesOf(request);
      const allowed = config.anyModule.filter((m) => modules.includes(m));
      if (!allowed.length) throw permissionDenied(`You do not have access to ${config.anyModule.join(' or ')}.`);
      requireLevel(request, allowed, config.level);
    }
  });

  app.decorate('moduleLevelsOf', async (request: FastifyRequest, fresh = false) =>
    request.auth ? moduleLevels(request.auth.user, await app.allowedModulesOf(request, fresh)) : {},
  );
}

/**
 * The level check (issue 21): the user's level in one of `modules` (all allowed to them) must reach
 * what the route needs. A route without a user (an optional key) has nothing to check.
 */
function requireLevel(request: FastifyRequest, modules: ModuleName[], need: ModuleLevel | undefined): void {
  const user = request.auth?.user;
  if (!user || !need || need === 'view') return;
  if (modules.some((m) => levelAtLeast(levelIn(user, m), need))) return;
  throw permissionDenied(`You need the ${need} permission in ${modules.join(' or ')}.`);
}

declare module 'fastify' {
  interface FastifyInstance {
    allowedModulesOf(request: FastifyRequest, fresh?: boolean): Promise<ModuleName[]>;
    /** The signed-in user's level in each module allowed to them. */
    moduleLevelsOf(request: FastifyRequest, fresh?: boolean): Promise<Partial<Record<ModuleName, ModuleLevel>>>;
  }
}

import type { ModuleLevel, ModuleName } from '@arena/contracts';
import type { InferSelectModel } from 'drizzle-orm';
import type { appUser, organisation } from './db/schema.js';

export type OrganisationRow = InferSelectModel<typeof organisation>;
export type UserRow = InferSelectModel<typeof appUser>;

export interface AuthContext {
  user: UserRow;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation of the host; null on the provider host. */
    organisation: OrganisationRow | null;
    /** The signed-in user, when the request carried a valid key. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** 'required' (default): a valid key; 'optional': use a valid key, ignore a bad one; 'none': never look. */
    auth?: 'required' | 'optional' | 'none';
    /** Route needs an organisation host (default true for every route under /api except accounts and health). */
    tenant?: boolean;
    /** The module a user must be allowed to call this route. */
    module?: ModuleName;
    /** Only the organisation's owner may call this route. */
    ownerOnly?: boolean;
    /** Any one of these modules lets a user call this route (a picker several modules share). */
    anyModule?: ModuleName[];
    /**
     * The level the route needs within its module, set at registration from the module manifest's
     * `levels` (platform/levels.ts): GET/HEAD `view`, every other method `manage` unless listed.
     */
    level?: ModuleLevel;
  }
}

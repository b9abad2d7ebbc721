import type { ModuleLevel, ModuleName } from '@arena/contracts';
import type { InferSelectModel } from 'drizzle-orm';
import type { appUser, organisation } from './db/schema.js';

export type OrganisationRow = InferSelectModel<typeof organisation>;
export type UserRow = InferSelectModel<typeof appUser>;

export interface AuthContext {
  user: UserRow;
  tokenId: number;
}

/** A signed-in member (End User Login, issue 27): a member key (`m_…`), found by the manifests' `authenticateMember`. */
export interface MemberAuth {
  endUserId: number;
  memberId: number;
  sessionId: number;
  /** What the audit log calls the member (`MEM-00042`). */
  memberCode: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The organisation of the host; null on the provider host. */
    organisation: OrganisationRow | null;
    /** The signed-in user, when the request carried a valid key. */
    auth: AuthContext | null;
    /** The signed-in member, on a route with `auth: 'member'`. */
    member: MemberAuth | null;
  }
  interface FastifyContextConfig {
    /**
     * 'required' (default): a valid staff key; 'optional': use a valid staff key, ignore a bad one; 'none': never look;
     * 'member': a valid member key (`m_…`, End User Login), never a staff key.
     */
    auth?: 'required' | 'optional' | 'none' | 'member';
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

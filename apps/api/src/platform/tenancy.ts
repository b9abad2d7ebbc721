import { eq } from 'drizzle-orm';
import type { Config } from './config.js';
import { invalidationsOf, type Database } from './db/client.js';
import { organisation } from './db/schema.js';
import type { OrganisationRow } from './context.js';

export type HostKind = { kind: 'provider' } | { kind: 'tenant'; subdomain: string } | { kind: 'unknown' };

/** Reads the organisation's subdomain from a Host header: `{slug}.{APP_DOMAIN}[:port]`. */
export function classifyHost(host: string | undefined, appDomain: string): HostKind {
  if (!host) return { kind: 'provider' };
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (hostname === appDomain) return { kind: 'provider' };
  const suffix = `.${appDomain}`;
  if (hostname.endsWith(suffix)) {
    const slug = hostname.slice(0, -suffix.length);
    if (/^[a-z0-9-]{1,63}$/.test(slug)) return { kind: 'tenant', subdomain: slug };
    return { kind: 'unknown' };
  }
  // A bare IP or another name (health checks, load balancers) is treated as the provider host.
  return { kind: 'provider' };
}

const TTL_MS = 30_000;

/** Organisation lookup by subdomain, cached until an organisation changes on any instance (30 s at most). */
export class OrganisationDirectory {
  private cache = new Map<string, { row: OrganisationRow; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {
    // Any change of any organisation (its subdomain, its plan, deactivation) on any instance.
    invalidationsOf(db).on('org', () => this.cache.clear());
    invalidationsOf(db).onReset(() => this.cache.clear());
  }

  async resolve(host: string | undefined): Promise<OrganisationRow | null | 'unknown'> {
    const kind = classifyHost(host, this.config.APP_DOMAIN);
    if (kind.kind === 'provider') return null;
    if (kind.kind === 'unknown') return 'unknown';
    const hit = this.cache.get(kind.subdomain);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.row;
    const [row] = await this.db.select().from(organisation).where(eq(organisation.subdomain, kind.subdomain)).limit(1);
    if (!row || !row.isActive) return 'unknown'; // misses are not cached: an organisation registered a moment ago must resolve at once
    this.cache.set(kind.subdomain, { row, at: Date.now() });
    return row;
  }

  forget(subdomain?: string): void {
    if (subdomain) this.cache.delete(subdomain);
    else this.cache.clear();
  }
}

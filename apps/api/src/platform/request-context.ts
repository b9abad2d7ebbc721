/**
 * `ctx`: what every service needs to know about the request it serves — the organisation, who
 * acts (for the audit row), the organisation's time zone and "now" in it, the centre selected in
 * the sidebar — built once per request. A route parses its input, opens the tenant transaction
 * with `inTenant`, calls one service `(tx, ctx, input)` and serialises the answer.
 */
import type { FastifyRequest } from 'fastify';
import { actorOf, type AuditActor } from './audit.js';
import type { Config } from './config.js';
import type { OrganisationRow } from './context.js';
import { withTenant, type TenantOptions, type Tx } from './db/client.js';
import { notFound } from './errors.js';
import { nowIn, type Now } from './time.js';
import type { ModuleLevel, ModuleName } from '@arena/contracts';
import { levelIn } from './permissions.js';

export interface Ctx {
  organisation: OrganisationRow;
  organisationId: number;
  timeZone: string;
  /** One "now" for the whole request, in the organisation's zone. */
  now: Now;
  actor: AuditActor;
  /** The centre chosen in the sidebar (`X-Centre` header); null means all centres. */
  centreId: number | null;
  config: Config;
  /** The signed-in user's level in a module (issue 21: the operate level's discount cap); unset for work no user asked for. */
  levelIn?: (module: ModuleName) => ModuleLevel;
}

const built = new WeakMap<FastifyRequest, Ctx>();

function selectedCentre(request: FastifyRequest): number | null {
  const value = request.headers['x-centre'];
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** The request's ctx; only on an organisation host (the auth hook has refused the others). */
export function ctxOf(request: FastifyRequest): Ctx {
  let ctx = built.get(request);
  if (ctx) return ctx;
  const organisation = request.organisation;
  if (!organisation) throw notFound('This address is only available on an organisation host.');
  const instant = new Date();
  let now: Now | undefined;
  ctx = {
    organisation,
    organisationId: organisation.id,
    timeZone: organisation.timeZone,
    // Formatting a date in a zone costs more than serving a whole list: only when a service asks.
    get now() {
      return (now ??= nowIn(organisation.timeZone, instant));
    },
    actor: actorOf(request, organisation.id),
    centreId: selectedCentre(request),
    config: request.server.config,
  };
  const user = request.auth?.user;
  if (user) ctx.levelIn = (module) => levelIn(user, module);
  built.set(request, ctx);
  return ctx;
}

/**
 * Runs `fn` in the request organisation's tenant transaction with the request's ctx.
 * `customPlans`: see `TenantOptions` (reports and dashboards).
 */
export function inTenant<T>(
  request: FastifyRequest,
  fn: (tx: Tx, ctx: Ctx) => Promise<T>,
  options: Pick<TenantOptions, 'customPlans'> = {},
): Promise<T> {
  const ctx = ctxOf(request);
  // A GET only reads: its transaction is READ ONLY and its COMMIT is not waited for.
  return withTenant(request.server.db, ctx.organisationId, (tx) => fn(tx, ctx), { ...options, readOnly: request.method === 'GET' });
}

/** A ctx for work no request asked for: the demo seed, scheduled jobs, tests. */
export function systemCtx(config: Config, organisation: OrganisationRow, who = 'system', instant = new Date()): Ctx {
  return {
    organisation,
    organisationId: organisation.id,
    timeZone: organisation.timeZone,
    now: nowIn(organisation.timeZone, instant),
    actor: { organisationId: organisation.id, actorId: null, actorEmail: who, ip: '127.0.0.1', userAgent: who, requestId: who },
    centreId: null,
    config,
  };
}

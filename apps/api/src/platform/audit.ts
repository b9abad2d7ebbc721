import type { FastifyRequest } from 'fastify';
import type { Tx } from './db/client.js';
import { auditLog } from './db/schema.js';

export type AuditAction = 'create' | 'update' | 'delete' | 'login' | 'logout' | 'action';

export interface AuditEntry {
  module: string;
  resource: string;
  objectId?: string | number | null;
  /** What a person calls the object ("Court 1", "BK-2026-000311"); logs and exports show it instead of the id. */
  label?: string | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

/** Who and where a change comes from; built once per request. */
export interface AuditActor {
  organisationId: number;
  actorId: number | null;
  actorEmail: string | null;
  ip: string;
  userAgent: string;
  requestId: string;
}

export function actorOf(request: FastifyRequest, organisationId = request.organisation?.id): AuditActor {
  if (!organisationId) throw new Error('audit needs an organisation');
  return {
    organisationId,
    actorId: request.auth?.user.id ?? null,
    // A member acting in the member app is named by their code.
    actorEmail: request.auth?.user.email ?? (request.member ? `member:${request.member.memberCode}` : null),
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
    requestId: String(request.id),
  };
}

const json = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** Writes one audit row in the caller's transaction, so the row commits or rolls back with the change. */
export async function record(tx: Tx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    organisationId: actor.organisationId,
    module: entry.module,
    resource: entry.resource,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    objectLabel: entry.label ?? null,
    action: entry.action,
    actorId: actor.actorId,
    actorEmail: actor.actorEmail,
    before: json(entry.before),
    after: json(entry.after),
    ip: actor.ip,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  });
}

import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../../platform/db/client.js';
import { conflict, fieldError } from '../../../platform/errors.js';
import { inTenant, type Ctx } from '../../../platform/request-context.js';

export interface InUseRule {
  /** Whether the row is referred to by entries or movements, and its current values; null when it is not the organisation's. */
  state(tx: Tx, ctx: Ctx, id: number): Promise<{ used: boolean; values: Record<string, unknown> } | null>;
  /** Why a used row cannot be deleted (409). */
  deleteMessage: string;
  /** Fields a used row may not change, with the message (400 on the field). */
  frozen?: Record<string, string>;
}

/**
 * Lookups that entries and ledger movements refer to (categories, vendors): deleting a used one
 * is a 409 with a message that says why and what to do instead, and fields that would change
 * the meaning of recorded money (a category's type) stay as they are once used. Runs before
 * registerCrud's handlers in their scope; the composite foreign keys remain the guarantee.
 */
export function guardInUse(scope: FastifyInstance, rule: InUseRule): void {
  scope.addHook('preHandler', async (request) => {
    if (!['DELETE', 'PUT', 'PATCH'].includes(request.method) || !request.routeOptions.url?.endsWith('/:id/')) return;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const frozen = Object.keys(rule.frozen ?? {}).filter((k) => body[k] !== undefined);
    if (request.method !== 'DELETE' && !frozen.length) return;
    const id = (request.params as { id: number }).id;
    await inTenant(request, async (tx, ctx) => {
      const state = await rule.state(tx, ctx, id);
      if (!state?.used) return; // unused, or not there (the route answers 404)
      if (request.method === 'DELETE') throw conflict(rule.deleteMessage);
      for (const k of frozen) if (body[k] !== state.values[k]) throw fieldError(k, rule.frozen![k]);
    });
  });
}

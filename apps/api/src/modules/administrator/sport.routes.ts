import { paymentModeInputSchema, paymentModeSchema, sportInputSchema, sportSchema, z } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { paymentMode, sport } from '../../db/schema/index.js';

/** Administrator › Manage Sports/Events and Administrator › Payment Mode: plain lookups. */
export async function sportAndPaymentModeRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    prefix: '/api/administrator/sport',
    module: 'Administrator Management',
    resource: 'sport',
    table: sport,
    input: sportInputSchema,
    output: sportSchema,
    toOutput: (row: typeof sport.$inferSelect) => rowToJson(row),
    toValues: inputToValues,
    search: [sport.name, sport.description],
    ordering: { id: sport.id, name: sport.name, kind: sport.kind, created_at: sport.createdAt },
    defaultOrdering: [asc(sport.name)],
    filters: {
      is_active: { column: sport.isActive, schema: z.stringbool() },
      kind: { column: sport.kind, schema: z.enum(['sport', 'event']) },
    },
    dropdown: { label: sport.name, where: eq(sport.isActive, true), module: null },
    unique: { sport_org_name_key: { field: 'name', message: 'A sport or event with this name already exists.' } },
  });
  registerCrud(app, {
    prefix: '/api/administrator/payment-mode',
    module: 'Administrator Management',
    resource: 'payment_mode',
    table: paymentMode,
    input: paymentModeInputSchema,
    output: paymentModeSchema,
    toOutput: (row: typeof paymentMode.$inferSelect) => rowToJson(row),
    toValues: inputToValues,
    search: [paymentMode.name],
    ordering: { id: paymentMode.id, name: paymentMode.name },
    defaultOrdering: [asc(paymentMode.id)],
    filters: { is_active: { column: paymentMode.isActive, schema: z.stringbool() } },
    dropdown: { label: paymentMode.name, where: eq(paymentMode.isActive, true), module: null },
    unique: { payment_mode_org_name_key: { field: 'name', message: 'A payment mode with this name already exists.' } },
  });
}

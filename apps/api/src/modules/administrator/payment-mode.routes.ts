import { paymentModeEndpoints, paymentModeSchema, z } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import { activeFilter } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { paymentMode } from './schema.js';

type PaymentMode = z.infer<typeof paymentModeSchema>;

/** Administrator › Payment Mode: the ways money is received (Cash, UPI, Card …). */
export async function paymentModeRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: paymentModeEndpoints,
    module: MODULE,
    resource: 'payment_mode',
    table: paymentMode,
    toOutput: ({ row }: { row: typeof paymentMode.$inferSelect }) => rowToJson(row) as PaymentMode,
    toValues: inputToValues,
    label: (m) => m.name,
    search: [paymentMode.name],
    ordering: { id: paymentMode.id, name: paymentMode.name, is_active: paymentMode.isActive, created_at: paymentMode.createdAt },
    defaultOrdering: [asc(paymentMode.id)],
    filters: {
      is_active: activeFilter(paymentMode.isActive),
    },
    dropdown: { label: paymentMode.name, where: eq(paymentMode.isActive, true), module: null },
    unique: { payment_mode_org_name_key: { field: 'name', message: 'A payment mode with this name already exists.' } },
    export: {
      filename: 'payment-modes',
      title: 'Payment modes',
      columns: [
        { header: 'Name', value: (m) => m.name },
        statusColumn,
        { header: 'Created', value: (m) => m.created_at, type: 'datetime' },
      ],
    },
  });
}

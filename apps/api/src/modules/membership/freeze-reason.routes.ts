/**
 * Membership › Freeze Reasons: the owner's list of why members freeze (Travel, Medical, Exams).
 * When the list has an active reason, a freeze must give one of them (freeze.service.ts); a freeze
 * keeps the reason's words, so renaming or deleting a reason never changes a freeze already made.
 */
import { freezeReasonEndpoints, type FreezeReason } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import { activeFilter } from '../../platform/list.js';
import { rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { freezeReason } from './schema.js';

const defined = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));

export async function freezeReasonRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: freezeReasonEndpoints,
    module: MODULE,
    resource: 'freeze_reason',
    table: freezeReason,
    toOutput: ({ row }: { row: typeof freezeReason.$inferSelect }) => rowToJson(row) as FreezeReason,
    toValues: (input) => defined({ name: input.name, description: input.description, isActive: input.is_active }),
    label: (r) => r.name,
    search: [freezeReason.name, freezeReason.description],
    ordering: { id: freezeReason.id, name: freezeReason.name, is_active: freezeReason.isActive, created_at: freezeReason.createdAt },
    defaultOrdering: [asc(freezeReason.name)],
    filters: { is_active: activeFilter(freezeReason.isActive) },
    dropdown: { label: freezeReason.name, where: eq(freezeReason.isActive, true) },
    unique: { freeze_reason_org_name_key: { field: 'name', message: 'A freeze reason with this name already exists.' } },
    export: {
      filename: 'freeze-reasons',
      title: 'Freeze reasons',
      columns: [
        { header: 'Reason', value: (r) => r.name },
        { header: 'Description', value: (r) => r.description },
        statusColumn,
        { header: 'Created', value: (r) => r.created_at, type: 'datetime' },
      ],
    },
  });
}

import { sportEndpoints, z, type Sport } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import { activeFilter } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { sport } from './schema.js';

/** Administrator › Manage Sports/Events: a plain lookup, the model for every other one (docs/adding-a-module.md). */
export async function sportRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: sportEndpoints,
    module: MODULE,
    resource: 'sport',
    table: sport,
    toOutput: ({ row }: { row: typeof sport.$inferSelect }) => rowToJson(row) as Sport,
    toValues: inputToValues,
    label: (s) => s.name,
    search: [sport.name, sport.description],
    ordering: { id: sport.id, name: sport.name, kind: sport.kind, created_at: sport.createdAt, is_active: sport.isActive },
    defaultOrdering: [asc(sport.name)],
    filters: {
      is_active: activeFilter(sport.isActive),
      kind: { schema: z.enum(['sport', 'event']), where: (v: 'sport' | 'event') => eq(sport.kind, v), label: 'Kind' },
    },
    dropdown: { label: sport.name, where: eq(sport.isActive, true), module: null },
    unique: { sport_org_name_key: { field: 'name', message: 'A sport or event with this name already exists.' } },
    export: {
      filename: 'sports',
      title: 'Sports and events',
      columns: [
        { header: 'Name', value: (s) => s.name },
        { header: 'Kind', value: (s) => (s.kind === 'event' ? 'Event' : 'Sport') },
        { header: 'Description', value: (s) => s.description },
        statusColumn,
        { header: 'Created', value: (s) => s.created_at, type: 'datetime' },
      ],
    },
  });
}

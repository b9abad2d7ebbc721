import { centreInputSchema, centreSchema, z } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { centre } from '../../db/schema/index.js';

export async function centreRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    prefix: '/api/administrator/centre',
    module: 'Administrator Management',
    resource: 'centre',
    table: centre,
    input: centreInputSchema,
    output: centreSchema,
    toOutput: (row: typeof centre.$inferSelect) => rowToJson(row) as z.input<typeof centreSchema>,
    toValues: inputToValues,
    search: [centre.name, centre.code, centre.city],
    ordering: {
      id: centre.id,
      name: centre.name,
      code: centre.code,
      city: centre.city,
      created_at: centre.createdAt,
      is_active: centre.isActive,
    },
    defaultOrdering: [asc(centre.name), asc(centre.id)],
    filters: { is_active: { column: centre.isActive, schema: z.stringbool() } },
    // Every signed-in user of the organisation needs the centre selector of the sidebar.
    dropdown: { label: centre.name, where: eq(centre.isActive, true), module: null },
    unique: { centre_org_name_key: { field: 'name', message: 'A centre with this name already exists.' } },
  });
}

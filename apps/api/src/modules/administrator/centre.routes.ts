import { centreEndpoints, centreGstWarning, gstinStateMismatch, type Centre } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud, statusColumn } from '../../platform/crud.js';
import type { Tx } from '../../platform/db/client.js';
import { organisation } from '../../platform/db/schema.js';
import { fieldError } from '../../platform/errors.js';
import { activeFilter } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { centre } from './schema.js';

export async function centreRoutes(app: FastifyInstance): Promise<void> {
  registerCrud(app, {
    endpoints: centreEndpoints,
    module: MODULE,
    resource: 'centre',
    table: centre,
    // The organisation's registration beside each centre: a centre in another state needs its own GSTIN.
    join: {
      fields: { row: centre, orgGstin: organisation.gstin, orgState: organisation.state },
      from: (tx: Tx, fields) =>
        tx.select(fields).from(centre).innerJoin(organisation, eq(organisation.id, centre.organisationId)).$dynamic(),
    },
    toOutput: ({ row, orgGstin, orgState }: { row: typeof centre.$inferSelect; orgGstin: string; orgState: string }) =>
      ({ ...rowToJson(row), gst_warning: centreGstWarning({ gstin: orgGstin, state: orgState }, row) }) as Centre,
    toValues: inputToValues,
    check: (c) => {
      const mismatch = gstinStateMismatch(c.gstin, c.state);
      if (mismatch) throw fieldError('gstin', mismatch);
    },
    label: (c) => c.name,
    search: [centre.name, centre.code, centre.city],
    ordering: {
      id: centre.id,
      name: centre.name,
      code: centre.code,
      city: centre.city,
      created_at: centre.createdAt,
      is_active: centre.isActive,
    },
    defaultOrdering: [asc(centre.name)],
    filters: {
      is_active: activeFilter(centre.isActive),
    },
    // Every signed-in user of the organisation needs the centre selector of the sidebar.
    dropdown: { label: centre.name, where: eq(centre.isActive, true), module: null },
    unique: { centre_org_name_key: { field: 'name', message: 'A center with this name already exists.' } },
    export: {
      filename: 'centers',
      title: 'Centers',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Code', value: (c) => c.code },
        { header: 'City', value: (c) => c.city },
        { header: 'State', value: (c) => c.state },
        { header: 'Phone', value: (c) => c.phone },
        { header: 'Email', value: (c) => c.email },
        { header: 'GSTIN', value: (c) => c.gstin },
        statusColumn,
        { header: 'Created', value: (c) => c.created_at, type: 'datetime' },
      ],
    },
  });
}

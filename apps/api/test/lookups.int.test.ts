/** The lookup resources, each proved by the one generic suite (test/crud-resource.ts). */
import { crudEndpoints, idSchema, requiredText, z } from '@arena/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centre, sport } from '../src/modules/administrator/schema.js';
import { facility } from '../src/modules/booking/schema.js';
import { registerCrud } from '../src/platform/crud.js';
import { describeCrudResource } from './crud-resource.js';
import { makeCentre, makeSport } from './factories.js';

describeCrudResource({
  resource: 'sport',
  path: '/api/administrator/sport/',
  module: 'Administrator Management',
  make: (name) => ({ name, kind: 'sport', description: `${name} courts` }),
  update: { description: 'Indoor courts', is_active: false },
  filter: { query: 'kind=event', make: { kind: 'event' }, field: 'kind', value: 'event' },
  uniqueName: 'A sport or event with this name already exists.',
  exportHeaders: ['Name', 'Kind', 'Description', 'Status'],
});

describeCrudResource({
  resource: 'payment_mode',
  path: '/api/administrator/payment-mode/',
  module: 'Administrator Management',
  make: (name) => ({ name }),
  update: { is_active: false },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A payment mode with this name already exists.',
  exportHeaders: ['Name', 'Status'],
});

describeCrudResource({
  resource: 'centre',
  path: '/api/administrator/centre/',
  module: 'Administrator Management',
  make: (name) => ({ name, city: 'Pune', code: name.slice(0, 3).toUpperCase() }),
  update: { city: 'Mysuru', phone: '9845012345' },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A center with this name already exists.',
  exportHeaders: ['Name', 'Code', 'City', 'State', 'Phone', 'Email', 'GSTIN', 'Status', 'Created'],
  // More active centres than the Trial's 3 (plan-limits.int.test.ts proves the limit).
  plan: 'Enterprise',
});

/**
 * A fixture of the platform's CRUD helper with references and a join: facilities as a plain
 * lookup that names its centre and sport. It proves the helper's reference check (another
 * tenant's centre is a 400) and the join hook (the names behind the ids), which every later
 * lookup with a reference (a product's brand, a room's block …) relies on.
 */
const courtSchema = z.object({
  id: z.number(),
  name: z.string(),
  centre: z.number(),
  centre_name: z.string(),
  sport: z.number(),
  sport_name: z.string(),
  is_active: z.boolean(),
});
type Court = z.infer<typeof courtSchema>;
type CourtRow = { row: typeof facility.$inferSelect; centreName: string; sportName: string };

const courtEndpoints = crudEndpoints(
  '/api/fixture/court/',
  courtSchema,
  z.object({ name: requiredText(120), centre: idSchema, sport: idSchema, is_active: z.boolean().default(true) }),
);

async function courtLookup(app: FastifyInstance) {
  registerCrud(app, {
    endpoints: courtEndpoints,
    module: 'Booking Management',
    resource: 'court',
    table: facility,
    join: {
      fields: { row: facility, centreName: centre.name, sportName: sport.name },
      from: (tx, fields) =>
        tx
          .select(fields)
          .from(facility)
          .innerJoin(centre, eq(centre.id, facility.centreId))
          .innerJoin(sport, eq(sport.id, facility.sportId))
          .$dynamic(),
    },
    toOutput: ({ row, centreName, sportName }: CourtRow): Court => ({
      id: row.id,
      name: row.name,
      centre: row.centreId,
      centre_name: centreName,
      sport: row.sportId,
      sport_name: sportName,
      is_active: row.isActive,
    }),
    toValues: (input) =>
      Object.fromEntries(
        Object.entries({ name: input.name, centreId: input.centre, sportId: input.sport, isActive: input.is_active }).filter(
          ([, v]) => v !== undefined,
        ),
      ),
    references: { centre, sport },
    label: (c) => c.name,
    search: [facility.name],
    ordering: { name: facility.name, centre: centre.name },
    defaultOrdering: [asc(facility.name)],
    filters: { is_active: { schema: z.stringbool(), where: (v: boolean) => eq(facility.isActive, v), label: 'Active' } },
    unique: { facility_org_centre_name_key: { field: 'name', message: 'A facility with this name already exists in this centre.' } },
    export: {
      filename: 'courts',
      title: 'Courts',
      columns: [
        { header: 'Name', value: (c) => c.name },
        { header: 'Center', value: (c) => c.centre_name },
        { header: 'Sport', value: (c) => c.sport_name },
      ],
    },
  });
}

describeCrudResource({
  resource: 'court',
  path: '/api/fixture/court/',
  module: 'Booking Management',
  routes: courtLookup,
  references: {
    centre: async (tx, ctx) => (await makeCentre(tx, ctx, { name: 'Fixture Centre' })).id,
    sport: async (tx, ctx) => (await makeSport(tx, ctx, { name: 'Fixture Sport' })).id,
  },
  make: (name, refs) => ({ name, centre: refs.centre, sport: refs.sport }),
  update: { is_active: false },
  filter: { query: 'is_active=false', make: { is_active: false }, field: 'is_active', value: false },
  uniqueName: 'A facility with this name already exists in this centre.',
  exportHeaders: ['Name', 'Center', 'Sport'],
});

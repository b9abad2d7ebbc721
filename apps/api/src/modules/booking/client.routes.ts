import { clientInputSchema, clientLookupQuerySchema, clientLookupSchema, clientSchema, idParamsSchema, partialWithoutDefaults, z } from '@arena/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRoute, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import {
  clientDue,
  clientFields,
  clientJson,
  clientTotals,
  createClient,
  deleteClient,
  findClientByMobile,
  loadClient,
  updateClient,
  type Client,
  type ClientInput,
  type ClientWithTotals,
} from './client.service.js';
import { MODULE } from './constants.js';
import { bookingClient } from './schema.js';

const tags = ['booking'];

const clientList: ListDefinition<ClientWithTotals, Client> = {
  from: (tx, fields) =>
    tx.select(fields).from(bookingClient).leftJoin(clientTotals, eq(clientTotals.clientId, bookingClient.id)).$dynamic(),
  fields: clientFields,
  where: (ctx) => eq(bookingClient.organisationId, ctx.organisationId),
  search: [bookingClient.name, bookingClient.mobile, bookingClient.email],
  filters: {
    has_due: {
      schema: z.stringbool(),
      where: (v: boolean) => (v ? sql`${clientDue} > 0` : sql`${clientDue} <= 0`),
      label: 'With dues',
      show: yesNo,
    },
  },
  ordering: {
    name: bookingClient.name,
    mobile: bookingClient.mobile,
    created_at: bookingClient.createdAt,
    id: bookingClient.id,
    bookings_count: sql`coalesce(${clientTotals.bookings}, 0)`,
    total_amount: sql`coalesce(${clientTotals.amount}::numeric, 0)`,
    due_amount: clientDue,
  },
  defaultOrdering: [asc(bookingClient.name)],
  tiebreak: bookingClient.id,
  map: (_tx, _ctx, rows) => rows.map(clientJson),
  export: {
    filename: 'booking-clients',
    title: 'Booking clients',
    columns: [
      { header: 'Name', value: (c) => c.name },
      { header: 'Mobile', value: (c) => c.mobile },
      { header: 'E-mail', value: (c) => c.email },
      { header: 'Bookings', value: (c) => c.bookings_count, type: 'number' },
      { header: 'Total', value: (c) => c.total_amount, type: 'money' },
      { header: 'Paid', value: (c) => c.paid_amount, type: 'money' },
      { header: 'Due', value: (c) => c.due_amount, type: 'money' },
      { header: 'Client since', value: (c) => c.created_at, type: 'datetime' },
    ],
  },
};

export async function clientRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  listRoute(app, '/api/booking/client/', {
    module: MODULE,
    tags,
    summary: 'Booking clients with their bookings and dues',
    item: clientSchema,
    list: clientList,
  });

  r.post('/api/booking/client/', {
    config,
    schema: { tags, summary: 'Add a client', body: clientInputSchema, response: { 201: clientSchema } },
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createClient(tx, ctx, request.body))),
  });

  r.get('/api/booking/client/lookup/', {
    config,
    schema: {
      tags,
      summary: 'The client who holds a mobile number, if any (the desk form\'s "Existing client" hint)',
      querystring: clientLookupQuerySchema,
      response: { 200: clientLookupSchema },
    },
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const c = await findClientByMobile(tx, ctx, request.query.mobile);
        return { client: c ? { id: c.id, name: c.name, mobile_no: c.mobile, email: c.email } : null };
      }),
  });

  r.get('/api/booking/client/:id/', {
    config,
    schema: { tags, summary: 'A client', params: idParamsSchema, response: { 200: clientSchema } },
    handler: async (request) => inTenant(request, (tx, ctx) => loadClient(tx, ctx, request.params.id)),
  });

  for (const method of ['put', 'patch'] as const)
    r[method]('/api/booking/client/:id/', {
      config,
      schema: {
        tags,
        summary: 'Update a client',
        params: idParamsSchema,
        body: method === 'put' ? clientInputSchema : partialWithoutDefaults(clientInputSchema),
        response: { 200: clientSchema },
      },
      handler: async (request) =>
        inTenant(request, (tx, ctx) => updateClient(tx, ctx, { ...(request.body as Partial<ClientInput>), id: request.params.id })),
    });

  r.delete('/api/booking/client/:id/', {
    config,
    schema: { tags, summary: 'Delete a client without bookings', params: idParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteClient(tx, ctx, { id: request.params.id }));
      return reply.status(204).send(null);
    },
  });
}

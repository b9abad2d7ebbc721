import { bookingClientEndpoints as e, z } from '@arena/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, yesNo, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import {
  clientDue,
  clientFields,
  clientsJson,
  clientTotals,
  createClient,
  deleteClient,
  findClientByMobile,
  loadClient,
  updateClient,
  type Client,
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
  map: clientsJson,
  export: {
    filename: 'booking-clients',
    title: 'Booking clients',
    columns: [
      { header: 'Name', value: (c) => c.name },
      { header: 'Mobile', value: (c) => c.mobile },
      { header: 'E-mail', value: (c) => c.email },
      { header: 'Bookings', value: (c) => c.bookings_count, type: 'number' },
      { header: 'Total', value: (c) => c.total_amount, type: 'money', total: true },
      { header: 'Paid', value: (c) => c.paid_amount, type: 'money', total: true },
      { header: 'Due', value: (c) => c.due_amount, type: 'money', total: true },
      { header: 'Client since', value: (c) => c.created_at, type: 'datetime' },
    ],
  },
};

export async function clientRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Booking clients with their bookings and dues', list: clientList });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Add a client',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createClient(tx, ctx, request.body))),
  });

  route(app, e.lookup, {
    module: MODULE,
    tags,
    summary: 'The client who holds a mobile number, if any (the desk form\'s "Existing client" hint)',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const c = await findClientByMobile(tx, ctx, request.query.mobile);
        return { client: c ? { id: c.id, name: c.name, mobile_no: c.mobile, email: c.email } : null };
      }),
  });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A client',
    handler: async (request) => inTenant(request, (tx, ctx) => loadClient(tx, ctx, request.params.id)),
  });

  for (const endpoint of [e.update, e.partialUpdate])
    route(app, endpoint, {
      module: MODULE,
      tags,
      summary: 'Update a client',
      handler: async (request) => inTenant(request, (tx, ctx) => updateClient(tx, ctx, { ...request.body, id: request.params.id })),
    });

  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Delete a client without bookings',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteClient(tx, ctx, { id: request.params.id }));
      return reply.status(204).send(null);
    },
  });
}

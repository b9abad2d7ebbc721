import { clientInputSchema, clientSchema, fromPaise, idParamsSchema, listQuerySchema, paginatedSchema, toPaise, z } from '@arena/contracts';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, record } from '../../platform/audit.js';
import { partialWithoutDefaults } from '../../platform/crud.js';
import { withTenant, type Tx } from '../../platform/db/client.js';
import { conflict, fieldError, notFound, uniqueViolation } from '../../platform/errors.js';
import { orderingClause, paginate, searchCondition } from '../../platform/pagination.js';
import { booking, bookingClient } from '../../db/schema/index.js';
import { MODULE } from './booking.service.js';

const tags = ['booking'];
type ClientInput = z.infer<typeof clientInputSchema>;

/** Totals of each client's bookings that are not cancelled. */
function totals(tx: Tx, organisationId: number) {
  return tx
    .select({
      clientId: booking.clientId,
      bookings: count().as('bookings'),
      amount: sql<string>`coalesce(sum(${booking.bookingAmount}), 0)::text`.as('amount'),
      paid: sql<string>`coalesce(sum(${booking.paidAmount}), 0)::text`.as('paid'),
    })
    .from(booking)
    .where(and(eq(booking.organisationId, organisationId), sql`${booking.status} <> 'cancelled'`))
    .groupBy(booking.clientId)
    .as('totals');
}

function clientJson(c: typeof bookingClient.$inferSelect, t: { bookings: number | null; amount: string | null; paid: string | null }) {
  const amount = toPaise(Number(t.amount ?? 0).toFixed(2)) ?? 0;
  const paid = toPaise(Number(t.paid ?? 0).toFixed(2)) ?? 0;
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    mobile: c.mobile,
    notes: c.notes,
    bookings_count: Number(t.bookings ?? 0),
    total_amount: fromPaise(amount),
    paid_amount: fromPaise(paid),
    due_amount: fromPaise(Math.max(0, amount - paid)),
    created_at: c.createdAt.toISOString(),
  };
}

async function loadClient(tx: Tx, organisationId: number, id: number) {
  const t = totals(tx, organisationId);
  const [row] = await tx
    .select({ c: bookingClient, bookings: t.bookings, amount: t.amount, paid: t.paid })
    .from(bookingClient)
    .leftJoin(t, eq(t.clientId, bookingClient.id))
    .where(and(eq(bookingClient.organisationId, organisationId), eq(bookingClient.id, id)));
  if (!row) throw notFound();
  return clientJson(row.c, row);
}

const uniqueMobile = (err: unknown): never => {
  if (uniqueViolation(err) === 'booking_client_org_mobile_key')
    throw fieldError('mobile', 'A client with this phone number already exists.');
  throw err;
};

export async function clientRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;
  const org = (request: FastifyRequest) => request.organisation!.id;
  const listQuery = listQuerySchema.extend({ has_due: z.stringbool().optional() });

  r.get('/api/booking/client/', {
    config,
    schema: {
      tags,
      summary: 'Booking clients with their bookings and dues',
      querystring: listQuery,
      response: { 200: paginatedSchema(clientSchema) },
    },
    handler: async (request) => {
      const q = request.query;
      return withTenant(app.db, org(request), (tx) => {
        const t = totals(tx, org(request));
        const due = sql`coalesce(${t.amount}::numeric, 0) - coalesce(${t.paid}::numeric, 0)`;
        const where = and(
          eq(bookingClient.organisationId, org(request)),
          searchCondition(q.search, [bookingClient.name, bookingClient.mobile, bookingClient.email]),
          q.has_due === undefined ? undefined : q.has_due ? sql`${due} > 0` : sql`${due} <= 0`,
        ) as SQL;
        const order = orderingClause(q.ordering, { name: bookingClient.name, created_at: bookingClient.createdAt, id: bookingClient.id }, [
          asc(bookingClient.name),
          asc(bookingClient.id),
        ]);
        const base = () =>
          tx
            .select({ c: bookingClient, bookings: t.bookings, amount: t.amount, paid: t.paid })
            .from(bookingClient)
            .leftJoin(t, eq(t.clientId, bookingClient.id))
            .where(where);
        return paginate(request, q, {
          count: async () =>
            (await tx.select({ n: count() }).from(bookingClient).leftJoin(t, eq(t.clientId, bookingClient.id)).where(where))[0].n,
          rows: async (limit, offset) =>
            (
              await base()
                .orderBy(...order)
                .limit(limit)
                .offset(offset)
            ).map((x) => clientJson(x.c, x)),
        });
      });
    },
  });

  r.post('/api/booking/client/', {
    config,
    schema: { tags, summary: 'Add a client', body: clientInputSchema, response: { 201: clientSchema } },
    handler: async (request, reply) => {
      const out = await withTenant(app.db, org(request), async (tx) => {
        const [c] = await tx
          .insert(bookingClient)
          .values({ ...request.body, organisationId: org(request) })
          .returning();
        await record(tx, actorOf(request), { module: MODULE, resource: 'client', objectId: c.id, action: 'create', after: request.body });
        return loadClient(tx, org(request), c.id);
      }).catch(uniqueMobile);
      return reply.status(201).send(out);
    },
  });

  r.get('/api/booking/client/:id/', {
    config,
    schema: { tags, summary: 'A client', params: idParamsSchema, response: { 200: clientSchema } },
    handler: async (request) => withTenant(app.db, org(request), (tx) => loadClient(tx, org(request), request.params.id)),
  });

  for (const method of ['put', 'patch'] as const) {
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
        withTenant(app.db, org(request), async (tx) => {
          const before = await loadClient(tx, org(request), request.params.id);
          const body = request.body as Partial<ClientInput>;
          const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
          await tx
            .update(bookingClient)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(bookingClient.organisationId, org(request)), eq(bookingClient.id, request.params.id)));
          const after = await loadClient(tx, org(request), request.params.id);
          await record(tx, actorOf(request), { module: MODULE, resource: 'client', objectId: before.id, action: 'update', before, after });
          return after;
        }).catch(uniqueMobile),
    });
  }

  r.delete('/api/booking/client/:id/', {
    config,
    schema: { tags, summary: 'Delete a client without bookings', params: idParamsSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await withTenant(app.db, org(request), async (tx) => {
        const before = await loadClient(tx, org(request), request.params.id);
        const [used] = await tx
          .select({ id: booking.id })
          .from(booking)
          .where(and(eq(booking.organisationId, org(request)), eq(booking.clientId, before.id)))
          .orderBy(desc(booking.id))
          .limit(1);
        if (used) throw conflict('This client has bookings and cannot be deleted.');
        await tx.delete(bookingClient).where(and(eq(bookingClient.organisationId, org(request)), eq(bookingClient.id, before.id)));
        await record(tx, actorOf(request), { module: MODULE, resource: 'client', objectId: before.id, action: 'delete', before });
      });
      return reply.status(204).send(null);
    },
  });
}

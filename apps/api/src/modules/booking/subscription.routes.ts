import { idParamsSchema, isoDateSchema, listQuerySchema, paginatedSchema, subscriptionInputSchema, z } from '@arena/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit.js';
import { withTenant } from '../../platform/db/client.js';
import { paginate } from '../../platform/pagination.js';
import { bookingSubscription } from '../../db/schema/index.js';
import { MODULE } from './booking.service.js';
import { invalidateSlotsOnWrite } from './availability-cache.js';
import { cancelSubscription, createSubscription, subscriptionJson } from './subscription.service.js';

const tags = ['booking'];
const subscriptionSchema = z.object({
  id: z.number(),
  client: z.number(),
  client_name: z.string(),
  facility: z.number(),
  facility_name: z.string(),
  time_slot_ids: z.array(z.number()),
  weekdays: z.array(z.number()),
  start_date: z.string(),
  end_date: z.string(),
  status: z.enum(['active', 'cancelled']),
  cancelled_from: z.string().nullable(),
  notes: z.string(),
  created_at: z.string(),
});

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  invalidateSlotsOnWrite(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  r.get('/api/booking/subscription/', {
    config,
    schema: {
      tags,
      summary: 'Booking subscriptions',
      querystring: listQuerySchema.extend({ status: z.enum(['active', 'cancelled']).optional() }),
      response: { 200: paginatedSchema(subscriptionSchema) },
    },
    handler: async (request) => {
      const org = request.organisation!.id;
      const where = and(
        eq(bookingSubscription.organisationId, org),
        request.query.status ? eq(bookingSubscription.status, request.query.status) : undefined,
      );
      return withTenant(app.db, org, (tx) =>
        paginate(request, request.query, {
          count: async () => (await tx.select({ n: count() }).from(bookingSubscription).where(where))[0].n,
          rows: async (limit, offset) =>
            subscriptionJson(
              tx,
              org,
              (
                await tx
                  .select({ id: bookingSubscription.id })
                  .from(bookingSubscription)
                  .where(where)
                  .orderBy(desc(bookingSubscription.id))
                  .limit(limit)
                  .offset(offset)
              ).map((x) => x.id),
            ),
        }),
      );
    },
  });

  r.post('/api/booking/subscription/', {
    config,
    schema: {
      tags,
      summary: 'Create a recurring booking; dates that clash are reported, never double-booked',
      body: subscriptionInputSchema,
      response: {
        201: z.object({
          subscription: subscriptionSchema,
          created: z.array(z.object({ date: z.string(), booking_id: z.number(), code: z.string() })),
          clashes: z.array(z.object({ date: z.string(), time_slot_ids: z.array(z.number()), reason: z.string() })),
        }),
      },
    },
    handler: async (request, reply) => {
      const org = request.organisation!;
      const out = await withTenant(app.db, org.id, async (tx) => {
        const result = await createSubscription(tx, org.id, actorOf(request), org.timeZone, request.body);
        const [subscription] = await subscriptionJson(tx, org.id, [result.id]);
        return { subscription, created: result.created, clashes: result.clashes };
      });
      return reply.status(201).send(out);
    },
  });

  r.post('/api/booking/subscription/:id/cancel/', {
    config,
    schema: {
      tags,
      summary: 'Cancel a subscription from a date on (its bookings from then are cancelled)',
      params: idParamsSchema,
      body: z.object({ from_date: isoDateSchema }),
      response: { 200: subscriptionSchema },
    },
    handler: async (request) => {
      const org = request.organisation!;
      return withTenant(app.db, org.id, async (tx) => {
        await cancelSubscription(tx, org.id, actorOf(request), org.timeZone, request.params.id, request.body.from_date);
        return (await subscriptionJson(tx, org.id, [request.params.id]))[0];
      });
    },
  });
}

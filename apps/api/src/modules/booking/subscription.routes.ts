import { bookingSubscriptionEndpoints as e, SUBSCRIPTION_STATUSES, z, type Subscription } from '@arena/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listRoute, type ListDefinition } from '../../platform/list.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { bookingClient, bookingSubscription } from './schema.js';
import { MODULE } from './constants.js';
import {
  cancelSubscription,
  createSubscription,
  fromSubscriptions,
  loadSubscription,
  previewSubscription,
  subscriptionFacilityName,
  subscriptionFields,
  subscriptionsJson,
  type SubscriptionRow,
} from './subscription.service.js';

const tags = ['booking'];
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const subscriptionList: ListDefinition<SubscriptionRow, Subscription> = {
  from: fromSubscriptions,
  fields: subscriptionFields,
  where: (ctx) => eq(bookingSubscription.organisationId, ctx.organisationId),
  search: [bookingClient.name, bookingClient.mobile, subscriptionFacilityName],
  filters: {
    status: {
      schema: z.enum(SUBSCRIPTION_STATUSES),
      where: (v: Subscription['status']) => eq(bookingSubscription.status, v),
      label: 'Status',
    },
  },
  ordering: {
    created_at: bookingSubscription.createdAt,
    start_date: bookingSubscription.startDate,
    end_date: bookingSubscription.endDate,
    client_name: bookingClient.name,
    facility_name: subscriptionFacilityName,
    status: bookingSubscription.status,
  },
  defaultOrdering: [desc(bookingSubscription.id)],
  tiebreak: bookingSubscription.id,
  map: (tx, ctx, rows) => subscriptionsJson(tx, ctx, rows),
  export: {
    filename: 'booking-subscriptions',
    title: 'Booking subscriptions',
    columns: [
      { header: 'Client', value: (s) => s.client_name },
      { header: 'Facility', value: (s) => s.facility_name },
      { header: 'Weekdays', value: (s) => s.weekdays.map((d) => WEEKDAYS[d - 1]).join(', ') },
      { header: 'Slots', value: (s) => s.slot_times.join(', ') },
      { header: 'Next date', value: (s) => s.next_date, type: 'date' },
      { header: 'From', value: (s) => s.start_date, type: 'date' },
      { header: 'To', value: (s) => s.end_date, type: 'date' },
      { header: 'Status', value: (s) => s.status },
      { header: 'Cancelled from', value: (s) => s.cancelled_from, type: 'date' },
      { header: 'Created', value: (s) => s.created_at, type: 'datetime' },
    ],
  },
};

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Booking subscriptions', list: subscriptionList });

  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Create a recurring booking; dates that clash are reported, never double-booked',
    handler: async (request, reply) => {
      const out = await inTenant(request, async (tx, ctx) => {
        const result = await createSubscription(tx, ctx, request.body);
        return {
          subscription: await loadSubscription(tx, ctx, result.id),
          created: result.created,
          clashes: result.clashes,
          skipped: result.skipped,
          payment: result.payment,
        };
      });
      return reply.status(201).send(out);
    },
  });

  route(app, e.preview, {
    module: MODULE,
    tags,
    summary: 'Preview a recurring booking: each date free or clashing, its price, a proposal for a clash, and the total; writes nothing',
    handler: async (request) => inTenant(request, (tx, ctx) => previewSubscription(tx, ctx, request.body)),
  });

  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A booking subscription',
    handler: async (request) => inTenant(request, (tx, ctx) => loadSubscription(tx, ctx, request.params.id)),
  });

  route(app, e.cancel, {
    module: MODULE,
    tags,
    summary: 'Cancel a subscription from a date on (its bookings from then are cancelled)',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        await cancelSubscription(tx, ctx, { id: request.params.id, ...request.body });
        return loadSubscription(tx, ctx, request.params.id);
      }),
  });
}

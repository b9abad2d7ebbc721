/** Stays (`booking/`) and their desk actions, each one transaction; the answer is the stay as it is after. */
import { bookingEndpoints as e } from '@arena/contracts/accommodation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../platform/db/client.js';
import { listRoute } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE, tags } from './constants.js';
import { stayDetail, stayList } from './stay.queries.js';
import { cancelStay, changeRoom, checkIn, checkOut, checkOutQuote, createStay, payStay, updateStay } from './stay.service.js';

/** A desk action on the stay of the request's `id`, in one transaction; the answer is the stay as it is after. */
const stayAction =
  <Req extends FastifyRequest & { params: { id: number } }>(act: (tx: Tx, ctx: Ctx, request: Req) => Promise<unknown>) =>
  (request: Req) =>
    inTenant(request, async (tx, ctx) => {
      await act(tx, ctx, request);
      return stayDetail(tx, ctx, request.params.id);
    });

export async function stayRoutes(app: FastifyInstance): Promise<void> {
  listRoute(app, e.list, { module: MODULE, tags, summary: 'Stays, newest check-in first', list: stayList });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Reserve a bed for dates (the database refuses an overlap on the bed: 400 on `bed`)',
    handler: async (request, reply) => {
      const out = await inTenant(request, async (tx, ctx) => stayDetail(tx, ctx, (await createStay(tx, ctx, request.body)).id));
      return reply.status(201).send(out);
    },
  });
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'A stay with its invoices',
    handler: (request) => inTenant(request, (tx, ctx) => stayDetail(tx, ctx, request.params.id)),
  });
  route(app, e.partialUpdate, {
    module: MODULE,
    tags,
    summary: "A reserved stay's dates, bed, rate or deposit; any stay's notes",
    handler: stayAction((tx, ctx, request) => updateStay(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.checkIn, {
    module: MODULE,
    tags,
    summary: 'Check a reserved stay in (the deposit is taken; a monthly stay’s month is billed)',
    handler: stayAction((tx, ctx, request) => checkIn(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.checkOutQuote, {
    module: MODULE,
    tags,
    summary: 'What checking out on a day would bill (writes nothing)',
    handler: (request) => inTenant(request, (tx, ctx) => checkOutQuote(tx, ctx, request.params.id, request.query.date ?? ctx.now.today)),
  });
  route(app, e.checkOut, {
    module: MODULE,
    tags,
    summary: 'Check out today (early: the bill counts the nights stayed); the deposit refunded or adjusted',
    handler: stayAction((tx, ctx, request) => checkOut(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.changeRoom, {
    module: MODULE,
    tags,
    summary: 'Move to another bed: the stay ends today and a new one starts today',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const { oldId, newId } = await changeRoom(tx, ctx, request.params.id, request.body);
        return { old: await stayDetail(tx, ctx, oldId), new: await stayDetail(tx, ctx, newId) };
      }),
  });
  route(app, e.cancel, {
    module: MODULE,
    tags,
    summary: 'Cancel a reserved stay (its bed is free again)',
    handler: stayAction((tx, ctx, request) => cancelStay(tx, ctx, request.params.id, request.body.reason)),
  });
  route(app, e.pay, {
    module: MODULE,
    tags,
    summary: "A payment against a stay's due (its invoices, oldest first)",
    handler: stayAction((tx, ctx, request) => payStay(tx, ctx, request.params.id, request.body)),
  });
}

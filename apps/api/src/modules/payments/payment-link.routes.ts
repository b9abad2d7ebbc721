import { paymentLinkEndpoints as e } from '@arena/contracts/payments';
import type { FastifyInstance } from 'fastify';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE } from './constants.js';
import {
  cancelPaymentLink,
  createPaymentLink,
  getPaymentLink,
  listPaymentLinks,
  payPaymentLink,
  showPaymentLink,
} from './payment-link.service.js';

const tags = ['administrator'];

/**
 * Payment links for dues (issue 23 §1): the desk's side (`…/administrator/payment-link/`) and the
 * payer's (`…/public/payment-link/:token/`, no login, on the organisation's own host only — on any
 * other host the token is unknown: 404).
 */
export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.list, {
    module: MODULE,
    tags,
    summary: 'Payment links (newest first, at most 200): of a sale with sale_type and sale_id',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const results = await listPaymentLinks(tx, ctx, request.query);
        return { count: results.length, results };
      }),
  });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: "A payment link for a sale's due; the answer's url (shown once) is the page to send",
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => createPaymentLink(tx, ctx, request.body))),
  });
  route(app, e.detail, {
    module: MODULE,
    tags,
    summary: 'One payment link',
    handler: (request) => inTenant(request, (tx, ctx) => getPaymentLink(tx, ctx, request.params.id)),
  });
  route(app, e.cancel, {
    module: MODULE,
    tags,
    summary: 'Cancel an open payment link',
    handler: (request) => inTenant(request, (tx, ctx) => cancelPaymentLink(tx, ctx, request.params.id)),
  });
  route(app, e.show, {
    config: { auth: 'none' },
    security: [],
    tags: ['payments'],
    summary: "A payment link's page: who is paid, what is owed now, its state",
    handler: (request) => inTenant(request, (tx, ctx) => showPaymentLink(tx, ctx, request.params.token)),
  });
  route(app, e.pay, {
    config: { auth: 'none' },
    security: [],
    tags: ['payments'],
    summary: 'Pay a payment link: a payment order for the due now; the browser goes to checkout_url',
    handler: (request) => inTenant(request, (tx, ctx) => payPaymentLink(tx, ctx, request.params.token)),
  });
}

import { paymentLinkEndpoints as e } from '@arena/contracts/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queueMail } from '../../platform/mail-queue.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { levelAtLeast, type ModuleName } from '@arena/contracts';
import { registeredModules } from '../../platform/module.js';
import { MODULE } from './constants.js';
import {
  cancelPaymentLink,
  createPaymentLink,
  getPaymentLink,
  listPaymentLinks,
  paymentLinkMail,
  payPaymentLink,
  showPaymentLink,
  type SaleTypes,
} from './payment-link.service.js';

const tags = ['administrator'];

/**
 * Sending a link is desk work on a sale: the Administrator's, or the sale's module's (a member's
 * due for Membership, a booking's for Booking) — checked again on the sale itself when a link is made.
 */
const desk = (): { anyModule: ModuleName[] } => ({
  anyModule: [...new Set<ModuleName>([MODULE, ...registeredModules().flatMap((m) => (m.saleSources ?? []).map((s) => s.module))])],
});

/** The kinds of sale whose links the user sees: all for the Administrator's module, else those of their modules. */
async function typesOf(app: FastifyInstance, request: FastifyRequest): Promise<SaleTypes> {
  const modules = await app.allowedModulesOf(request);
  if (modules.includes(MODULE)) return null;
  return registeredModules()
    .flatMap((m) => m.saleSources ?? [])
    .filter((s) => modules.includes(s.module))
    .map((s) => s.type);
}

/**
 * Payment links for dues (issue 23 §1): the desk's side (`…/administrator/payment-link/`) and the
 * payer's (`…/public/payment-link/:token/`, no login, on the organisation's own host only — on any
 * other host the token is unknown: 404).
 */
export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.list, {
    config: desk(),
    tags,
    summary: 'Payment links (newest first, at most 200): of a sale with sale_type and sale_id',
    handler: async (request) => {
      const types = await typesOf(app, request);
      return inTenant(request, async (tx, ctx) => {
        const results = await listPaymentLinks(tx, ctx, request.query, types);
        return { count: results.length, results };
      });
    },
  });
  route(app, e.create, {
    config: desk(),
    tags,
    summary: "A payment link for a sale's due; the answer's url (shown once) is the page to send",
    description:
      "The user needs the Administrator's module or the sale's own (Membership for a member's due, Booking for a booking's), at the operate level.",
    handler: async (request, reply) => {
      const levels = await app.moduleLevelsOf(request);
      const may = (m: ModuleName) => {
        const level = levels[m];
        return level !== undefined && levelAtLeast(level, 'operate');
      };
      return reply.status(201).send(await inTenant(request, (tx, ctx) => createPaymentLink(tx, ctx, request.body, may)));
    },
  });
  route(app, e.detail, {
    config: desk(),
    tags,
    summary: 'One payment link',
    handler: async (request) => {
      const types = await typesOf(app, request);
      return inTenant(request, (tx, ctx) => getPaymentLink(tx, ctx, request.params.id, types));
    },
  });
  route(app, e.cancel, {
    config: desk(),
    tags,
    summary: 'Cancel an open payment link',
    handler: async (request) => {
      const types = await typesOf(app, request);
      return inTenant(request, (tx, ctx) => cancelPaymentLink(tx, ctx, request.params.id, types));
    },
  });
  route(app, e.email, {
    config: desk(),
    tags,
    summary: 'E-mail an open payment link to its payer (the token from the url the link was made with)',
    handler: async (request) => {
      const types = await typesOf(app, request);
      const mail = await inTenant(request, (tx, ctx) => paymentLinkMail(tx, ctx, request.params.id, request.body, types));
      await queueMail(app, mail);
      return { detail: `Payment link sent to ${mail.to}.` };
    },
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

import { initiatePayment as initiateEndpoint, subscriptionEndpoints as e } from '@arena/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { settleInvalidations } from '../../platform/db/client.js';
import { organisation } from '../../platform/db/schema.js';
import { badRequest, permissionDenied } from '../../platform/errors.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { creditUsageByMonth, creditBalance } from '../messaging/index.js';
import { MODULE } from './constants.js';
import { subscriptionInvoicePdf } from './invoice.js';
import * as s from './subscription.service.js';

const tags = ['subscription'];
const write = { module: MODULE, level: 'manage' as const };

const payerOf = (request: FastifyRequest): s.Payer => {
  const user = request.auth!.user;
  return { name: `${user.firstName} ${user.lastName}`.trim() || user.email, email: user.email };
};

export async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  // Spec 2.3/7.1: `/payments` on the provider's host. The key names the user; the user names the organisation that pays.
  route(app, initiateEndpoint, {
    config: { tenant: false },
    tags,
    summary: "Pay the provider on the organisation's account (the Payments page); answers the checkout's URL",
    handler: async (request) => {
      const user = request.auth!.user;
      if (!user.organisationId) throw badRequest('Register your organisation before making a payment.');
      if (!request.organisation) {
        const [org] = await app.db.select().from(organisation).where(eq(organisation.id, user.organisationId));
        if (!org || !org.isActive) throw badRequest('Your organisation is not active.');
        request.organisation = org;
      } else if (request.organisation.id !== user.organisationId) throw permissionDenied();
      if (!(await app.allowedModulesOf(request)).includes(MODULE)) throw permissionDenied(`You do not have access to ${MODULE}.`);
      const started = await inTenant(request, (tx, ctx) => s.initiatePayment(tx, ctx, request.body, payerOf(request)));
      return { payment_url: started.payment_url ?? undefined };
    },
  });

  route(app, e.plans, {
    module: MODULE,
    tags,
    summary: "The provider's plans, the current one marked",
    handler: async (request) => ({ results: await inTenant(request, (tx, ctx) => s.plans(tx, ctx)) }),
  });
  route(app, e.addons, {
    module: MODULE,
    tags,
    summary: "The provider's add-ons",
    handler: async (request) => ({ results: await inTenant(request, (tx) => s.addons(tx)) }),
  });
  route(app, e.billing, {
    module: MODULE,
    tags,
    summary: 'The billing page: plan, modules, limits and usage, due date, renewal amount',
    handler: async (request) => inTenant(request, (tx, ctx) => s.billing(tx, ctx)),
  });
  route(app, e.changePlan, {
    config: write,
    tags,
    summary: 'Change the plan: an upgrade now (pro rata, paid on the checkout), a downgrade at the next renewal',
    handler: async (request) => {
      const answer = await inTenant(request, (tx, ctx) => s.changePlan(tx, ctx, request.body, payerOf(request)));
      await settleInvalidations(app.db);
      return answer;
    },
  });
  route(app, e.renew, {
    config: write,
    tags,
    summary: 'Renew for a period: answers the checkout URL (the due date moves when the payment arrives)',
    handler: async (request) => {
      const answer = await inTenant(request, (tx, ctx) => s.renew(tx, ctx, request.body, payerOf(request)));
      await settleInvalidations(app.db);
      return answer;
    },
  });
  route(app, e.transactions, {
    module: MODULE,
    tags,
    summary: 'Every payment to the provider, latest first',
    handler: async (request) =>
      inTenant(request, (tx, ctx) => s.transactions(tx, ctx, request.query.page ?? 1, request.query.page_size ?? 25)),
  });
  route(app, e.invoice, {
    module: MODULE,
    tags,
    summary: "A payment's invoice from the provider (PDF)",
    handler: async (request, reply) => {
      const { t, org } = await inTenant(request, async (tx, ctx) => ({
        t: s.transactionJson(await s.transactionById(tx, ctx, request.params.id)),
        org: ctx.organisation,
      }));
      const pdf = await subscriptionInvoicePdf(t, {
        provider: app.config.PROVIDER_NAME,
        organisation: {
          name: org.displayName,
          accountNumber: org.accountNumber,
          legalName: org.legalName,
          gstin: org.gstin,
          address: org.address,
          email: org.email,
        },
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${t.number}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });
  route(app, e.subscriptionAddons, {
    module: MODULE,
    tags,
    summary: "The organisation's add-ons",
    handler: async (request) => ({ results: await inTenant(request, (tx, ctx) => s.subscriptionAddons(tx, ctx)) }),
  });
  route(app, e.buyAddon, {
    config: write,
    tags,
    summary: 'Buy an add-on (its first month now, then with each renewal): answers the checkout URL',
    handler: async (request) => inTenant(request, (tx, ctx) => s.buyAddon(tx, ctx, request.body, payerOf(request))),
  });
  route(app, e.cancelAddon, {
    config: write,
    tags,
    summary: 'Cancel an add-on (no longer billed from the next renewal)',
    handler: async (request) => inTenant(request, (tx, ctx) => s.cancelAddon(tx, ctx, request.params.id)),
  });
  route(app, e.smsUsage, {
    module: MODULE,
    tags,
    summary: 'The SMS plan: credits left, the monthly allowance, usage by month',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const b = await s.billing(tx, ctx);
        const pack = await s.smsUsagePack(tx);
        return {
          balance: await creditBalance(tx, ctx),
          per_month: b.sms_credits.per_month,
          pack_size: pack.size,
          pack_price: pack.price,
          months: await creditUsageByMonth(tx, ctx, 12),
        };
      }),
  });
  route(app, e.purchaseMessages, {
    config: write,
    tags,
    summary: 'Buy SMS credits from the provider: answers the checkout URL (the credits are added when the payment arrives)',
    handler: async (request, reply) =>
      reply.status(201).send(await inTenant(request, (tx, ctx) => s.purchaseMessages(tx, ctx, request.body, payerOf(request)))),
  });
}

import { paymentGatewayEndpoints as e } from '@arena/contracts/payments';
import type { FastifyInstance } from 'fastify';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE } from './constants.js';
import { createGateway, deleteGateway, getGateway, listGateways, updateGateway } from './gateway-settings.service.js';

const tags = ['administrator'];

/** Administrator › Payment Gateway: the organisation's gateways (secrets write-only). */
export async function gatewaySettingsRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.list, {
    module: MODULE,
    tags,
    summary: "The organisation's payment gateways (secrets masked)",
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const results = await listGateways(tx, ctx);
        return { count: results.length, results };
      }),
  });
  route(app, e.create, {
    module: MODULE,
    tags,
    summary: 'Add a payment gateway (the sandbox makes its own keys); activating it deactivates the others',
    handler: async (request, reply) => reply.status(201).send(await inTenant(request, (tx, ctx) => createGateway(tx, ctx, request.body))),
  });
  route(app, e.detail, {
    module: MODULE,
    tags,
    summary: 'One payment gateway (secrets masked)',
    handler: (request) => inTenant(request, (tx, ctx) => getGateway(tx, ctx, request.params.id)),
  });
  route(app, e.update, {
    module: MODULE,
    tags,
    summary: 'Change a payment gateway; a secret left out keeps the stored one',
    handler: (request) => inTenant(request, (tx, ctx) => updateGateway(tx, ctx, request.params.id, request.body)),
  });
  route(app, e.remove, {
    module: MODULE,
    tags,
    summary: 'Remove a payment gateway',
    handler: async (request, reply) => {
      await inTenant(request, (tx, ctx) => deleteGateway(tx, ctx, request.params.id));
      return reply.status(204).send();
    },
  });
}

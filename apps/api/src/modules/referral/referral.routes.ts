import { referralEndpoints as e } from '@arena/contracts/referral';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { organisationOf, referralOverview } from './referral.service.js';

const tags = ['referral'];

export async function referralRoutes(app: FastifyInstance): Promise<void> {
  // The owner's page, on the provider host (`/refer-and-earn`) as on the organisation's own.
  route(app, e.overview, {
    config: { tenant: false, ownerOnly: true },
    tags,
    summary: "The signed-in owner's referral code, link and the organisations registered through it",
    handler: async (request) => {
      const organisationId = request.auth!.user.organisationId;
      const org = organisationId ? await organisationOf(app.db, organisationId) : null;
      if (!org) throw notFound('You have no organisation yet.');
      return referralOverview(app.db, app.config, org);
    },
  });
}

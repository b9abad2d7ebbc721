import { administratorLogs } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { centreRoutes } from './centre.routes.js';
import { addDefaultPaymentModes } from './organisation.service.js';
import { contactRoutes } from './contact.routes.js';
import { organisationRoutes } from './organisation.routes.js';
import { paymentModeRoutes } from './payment-mode.routes.js';
import { MODULE } from './constants.js';
import { seedAdministrator } from './seed.js';
import { sportRoutes } from './sport.routes.js';

export const administratorModule: ModuleManifest = {
  name: 'administrator',
  permission: MODULE,
  routes: async (app: FastifyInstance) => {
    await organisationRoutes(app);
    await contactRoutes(app);
    await centreRoutes(app);
    await sportRoutes(app);
    await paymentModeRoutes(app);
    auditLogRoute(app, administratorLogs, null);
  },
  seed: seedAdministrator,
  // Every organisation starts with the usual ways of being paid.
  onOrganisationCreated: (tx, ctx) => addDefaultPaymentModes(tx, ctx.organisationId),
};

import type { ModuleManifest } from '../../platform/module.js';
import { paymentMode } from '../administrator/index.js';
import { checkoutRoutes } from './checkout.routes.js';
import { EXPIRE_TASK, MODULE } from './constants.js';
import { createGateway } from './gateway-settings.service.js';
import { gatewaySettingsRoutes } from './gateway-settings.routes.js';
import { expireOrders, ONLINE_PAYMENT_MODE } from './order.service.js';

/**
 * Online payments (issue 23): the organisation's gateway settings, payment orders, the hosted
 * checkout and the gateways' callbacks. Other modules take money online by declaring a
 * `paymentPurposes` entry and calling `createPaymentOrder` of `./index.ts`.
 */
export const paymentsModule: ModuleManifest = {
  name: 'payments',
  permission: MODULE,
  routes: async (app) => {
    await gatewaySettingsRoutes(app);
    await checkoutRoutes(app);
  },
  // Every organisation can take payments online from the start: the built-in sandbox (test mode),
  // and the payment mode online receipts are recorded under.
  onOrganisationCreated: async (tx, ctx) => {
    await tx.insert(paymentMode).values({ organisationId: ctx.organisationId, name: ONLINE_PAYMENT_MODE }).onConflictDoNothing();
    await createGateway(tx, ctx, { provider: 'sandbox', mode: 'test', is_active: true, key_id: '' });
  },
  tasks: [
    {
      name: EXPIRE_TASK,
      run: async (_payload, task) => {
        const n = await expireOrders(task.db, task.config);
        if (n) task.log.info({ expired: n }, 'payment orders expired');
      },
    },
  ],
  // Every minute: unpaid orders past their time (a portal hold's 10 minutes) release what they held.
  schedules: [{ task: EXPIRE_TASK, cron: '* * * * *' }],
};

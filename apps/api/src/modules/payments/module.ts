import type { ModuleManifest } from '../../platform/module.js';
import { paymentMode } from '../administrator/index.js';
import { checkoutRoutes } from './checkout.routes.js';
import { EXPIRE_TASK, MODULE } from './constants.js';
import { createGateway } from './gateway-settings.service.js';
import { gatewaySettingsRoutes } from './gateway-settings.routes.js';
import { paymentLinkEndpoints } from '@arena/contracts/payments';
import { paymentLinkRoutes } from './payment-link.routes.js';
import { DUE_PURPOSE, onDuePaid } from './payment-link.service.js';
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
    await paymentLinkRoutes(app);
  },
  // Sending a payment link is desk work, like collecting a payment.
  levels: { operate: [paymentLinkEndpoints.create, paymentLinkEndpoints.cancel, paymentLinkEndpoints.email] },
  // A member's or client's due paid through a payment link: recorded on the sale (at most its due).
  paymentPurposes: [{ name: DUE_PURPOSE, payee: 'organisation', onPaid: onDuePaid }],
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

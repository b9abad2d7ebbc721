import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { invalidateSlotsOnWrite } from './availability-cache.js';
import { bookingRoutes } from './booking.routes.js';
import { clientRoutes } from './client.routes.js';
import { registerSaleSource } from '../invoice/index.js';
import { MODULE } from './constants.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { facilityRoutes } from './facility.routes.js';
import { portalRoutes } from './portal.routes.js';
import { bookingReportRoutes } from './reports.routes.js';
import { bookingSearchers } from './search.js';
import { seedBooking } from './seed.js';
import { subscriptionRoutes } from './subscription.routes.js';
import { transactionRoutes } from './transaction.routes.js';

export const bookingModule: ModuleManifest = {
  name: 'booking',
  routes: async (app: FastifyInstance) => {
    // Every write of this module drops the organisation's cached portal slots.
    invalidateSlotsOnWrite(app);
    await facilityRoutes(app);
    await portalRoutes(app);
    await bookingRoutes(app);
    await transactionRoutes(app);
    await clientRoutes(app);
    await subscriptionRoutes(app);
    await dashboardRoutes(app);
    await bookingReportRoutes(app);
    auditLogRoute(app, '/api/booking/logs/', MODULE);
  },
  seed: seedBooking,
  searchers: bookingSearchers,
};

// Bookings are sales: the ledger keeps their paid amount in step with its receipts and refunds.
registerSaleSource('booking', {
  module: MODULE,
  noun: 'booking',
  table: 'booking',
  total: 'booking_amount',
  paid: 'paid_amount',
  label: 'code',
  party: 'name',
  centre: 'centre_id',
  open: "status <> 'cancelled'",
});

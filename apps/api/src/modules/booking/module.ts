import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { invalidateSlotsOnWrite } from './availability-cache.js';
import { bookingRoutes } from './booking.routes.js';
import { boardRoutes } from './board.routes.js';
import { clientRoutes } from './client.routes.js';
import { registerSaleSource } from '../money/index.js';
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
    await boardRoutes(app);
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
  // What may be paid: the amount, plus the credit kept when slots were cancelled (so it can be refunded).
  total: '(booking_amount + credit_amount)',
  paid: 'paid_amount',
  label: 'code',
  party: 'name',
  centre: 'centre_id',
  open: "status <> 'cancelled'",
  // Credit: what is paid beyond what the booking uses (all of it once cancelled); the check `booking_amounts_valid` holds it.
  follow: (paidAfter) => sql`credit_amount = greatest(0, ${paidAfter} - case when status = 'cancelled' then 0 else booking_amount end)`,
});

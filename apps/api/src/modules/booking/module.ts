import { boardEndpoints, bookingClientEndpoints, bookingEndpoints, bookingLogs, bookingSubscriptionEndpoints } from '@arena/contracts';
import { sql } from 'drizzle-orm';
import { booking } from './schema.js';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest } from '../../platform/module.js';
import { invalidateSlotsOnWrite } from './availability-cache.js';
import { bookingRoutes } from './booking.routes.js';
import { boardRoutes } from './board.routes.js';
import { clientRoutes } from './client.routes.js';
import { MODULE } from './constants.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { facilityRoutes } from './facility.routes.js';
import { portalRoutes } from './portal.routes.js';
import { bindConfirmationMail, bookingPaymentPurpose } from './portal-hold.service.js';
import { bookingReportRoutes } from './reports.routes.js';
import { bookingSearchers } from './search.js';
import { bookingMessaging } from './messaging.js';
import { seedBooking } from './seed.js';
import { subscriptionRoutes } from './subscription.routes.js';
import { transactionRoutes } from './transaction.routes.js';

export const bookingModule: ModuleManifest = {
  name: 'booking',
  permission: MODULE,
  // Desk work: booking, paying, cancelling, moving, checking out, clients. Facilities, slots and prices, deletes and refunds need manage.
  levels: {
    view: [bookingSubscriptionEndpoints.preview],
    operate: [
      bookingEndpoints.create,
      bookingEndpoints.update,
      bookingEndpoints.cancel,
      bookingEndpoints.complete,
      bookingEndpoints.noShow,
      bookingEndpoints.cancelSlots,
      bookingEndpoints.move,
      bookingEndpoints.pay,
      boardEndpoints.deskBookings,
      bookingClientEndpoints.create,
      bookingClientEndpoints.update,
      bookingClientEndpoints.partialUpdate,
      bookingSubscriptionEndpoints.create,
      bookingSubscriptionEndpoints.cancel,
    ],
  },
  routes: async (app: FastifyInstance) => {
    // Every write of this module drops the organisation's cached portal slots.
    invalidateSlotsOnWrite(app);
    bindConfirmationMail(app);
    await facilityRoutes(app);
    await portalRoutes(app);
    await bookingRoutes(app);
    await boardRoutes(app);
    await transactionRoutes(app);
    await clientRoutes(app);
    await subscriptionRoutes(app);
    await dashboardRoutes(app);
    await bookingReportRoutes(app);
    auditLogRoute(app, bookingLogs, MODULE);
  },
  seed: seedBooking,
  // A portal hold paid online (issue 23): confirmed when paid, released when the payment fails or expires.
  paymentPurposes: [bookingPaymentPurpose],
  searchers: bookingSearchers,
  ...bookingMessaging,
  defaultCategories: [{ name: 'Bookings', type: 'income', moduleIncome: true }],
  // Bookings are sales: the ledger keeps their paid amount in step with its receipts and refunds.
  saleSources: [
    {
      type: 'booking',
      noun: 'booking',
      link: (b) => `/booking/booking?search=${encodeURIComponent(b.label)}`,
      module: MODULE,
      table: booking,
      // What may be paid: the amount, plus the credit kept when slots were cancelled (so it can be refunded).
      total: sql`(${booking.bookingAmount} + ${booking.creditAmount})`,
      paid: booking.paidAmount,
      label: booking.code,
      party: booking.name,
      soldBy: booking.soldBy,
      centre: booking.centreId,
      // A portal hold (awaiting its online payment) is not a sale anyone owes on yet.
      open: sql`${booking.status} not in ('cancelled', 'awaiting_payment')`,
      // Credit: what is paid beyond what the booking uses (all of it once cancelled); the check `booking_amounts_valid` holds it.
      follow: [
        {
          column: booking.creditAmount,
          value: (paidAfter) =>
            sql`greatest(0, ${paidAfter} - case when ${booking.status} = 'cancelled' then 0 else ${booking.bookingAmount} end)`,
        },
      ],
    },
  ],
};

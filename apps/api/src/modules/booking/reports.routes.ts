import type { FastifyInstance } from 'fastify';
import { showName } from '../../platform/list.js';
import { reportRoutes } from '../../platform/report.js';
import { centre } from '../administrator/index.js';
import { MODULE } from './constants.js';
import { bookingsReport } from './reports/bookings.js';
import { clientReliabilityReport } from './reports/client-reliability.js';
import { collectionsReport, sportsCollectionsReport } from './reports/collections.js';
import { occupancyReport } from './reports/occupancy.js';

/**
 * Booking › Reports (SQL in `reports/`). The window is the reports' one rule: the last 30 days by
 * default; at most 5 years, and 92 days for occupancy and the clients' no-shows.
 */
export async function bookingReportRoutes(app: FastifyInstance): Promise<void> {
  const report = reportRoutes(app, { module: MODULE, tags: ['booking'], centreName: showName(centre) });
  report('/api/booking/reports/booking/', bookingsReport);
  report('/api/booking/reports/booking/transaction/', collectionsReport);
  report('/api/booking/reports/booking/sports-transaction/', sportsCollectionsReport);
  report('/api/booking/reports/occupancy/', occupancyReport);
  report('/api/booking/reports/client-reliability/', clientReliabilityReport);
}

import { bookingReportEndpoints as e } from '@arena/contracts';
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
  report(e.bookings, bookingsReport);
  report(e.collections, collectionsReport);
  report(e.sportsCollections, sportsCollectionsReport);
  report(e.occupancy, occupancyReport);
  report(e.clientReliability, clientReliabilityReport);
}

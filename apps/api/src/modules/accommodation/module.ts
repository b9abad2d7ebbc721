import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bookingEndpoints, clientEndpoints } from '@arena/contracts/accommodation';
import type { ModuleManifest } from '../../platform/module.js';
import { CHARGE_SOURCE, DEDUCTION_CATEGORY, DEPOSIT_CATEGORY, MODULE, RENT_CATEGORY } from './constants.js';
import { deskRoutes } from './desk.routes.js';
import { rentTask, RENT_TASK } from './jobs.js';
import { lookupRoutes } from './lookups.routes.js';
import { accommodationMessaging } from './messaging.js';
import { charge } from './schema.js';
import { seedAccommodation } from './seed.js';
import { stayRoutes } from './stay.routes.js';

export const accommodationModule: ModuleManifest = {
  name: 'accommodation',
  permission: MODULE,
  // Desk work: reserving, checking in and out, moving beds, taking payments, saving a resident.
  levels: {
    operate: [
      bookingEndpoints.create,
      bookingEndpoints.partialUpdate,
      bookingEndpoints.checkIn,
      bookingEndpoints.checkOut,
      bookingEndpoints.changeRoom,
      bookingEndpoints.cancel,
      bookingEndpoints.pay,
      clientEndpoints.create,
      clientEndpoints.update,
      clientEndpoints.partialUpdate,
    ],
  },
  routes: async (app: FastifyInstance) => {
    await lookupRoutes(app);
    await stayRoutes(app);
    await deskRoutes(app);
  },
  seed: seedAccommodation,
  ...accommodationMessaging,
  tasks: [rentTask],
  // Hourly: a new month's rent is billed within the hour of each organisation's midnight; a run finding it billed writes nothing.
  schedules: [{ task: RENT_TASK, cron: '13 * * * *' }],
  defaultCategories: [
    { name: RENT_CATEGORY, type: 'income', moduleIncome: true },
    { name: DEPOSIT_CATEGORY, type: 'liability' },
    { name: DEDUCTION_CATEGORY, type: 'income' },
  ],
  saleSources: [
    {
      type: CHARGE_SOURCE,
      noun: 'stay bill',
      module: MODULE,
      table: charge,
      total: sql`(${charge.total} - ${charge.credited})`,
      paid: charge.paid,
      label: charge.label,
      party: charge.party,
      centre: charge.centreId,
      open: sql`true`,
      link: (s) => `/accommodation-management/booking?search=${encodeURIComponent(s.label)}`,
    },
  ],
};

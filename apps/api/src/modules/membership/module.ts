import {
  batchEndpoints,
  memberAttendanceEndpoints,
  memberEndpoints,
  memberPerformanceEndpoints,
  memberServiceEndpoints,
  membershipEndpoints,
  membershipLogs,
  membershipPaymentEndpoints,
} from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { auditLogRoute } from '../../platform/audit-log.routes.js';
import type { ModuleManifest, SaleSourceDefinition } from '../../platform/module.js';
import { sql } from 'drizzle-orm';
import { attendanceRoutes } from './attendance.routes.js';
import { batchRoutes } from './batch.routes.js';
import { MODULE } from './constants.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { freezeReasonRoutes } from './freeze-reason.routes.js';
import { memberRoutes } from './member.routes.js';
import { membershipRoutes } from './membership.routes.js';
import { paymentHistoryRoutes } from './payment-history.routes.js';
import { membershipSettingsRoutes } from './settings.routes.js';
import { performanceRoutes } from './performance.routes.js';
import { planRoutes } from './plan.routes.js';
import { membershipReportRoutes } from './reports.routes.js';
import { membershipMessaging } from './messaging.js';
import { membershipSearchers } from './search.js';
import { seedMembership } from './seed.js';
import { statusTask, STATUS_TASK } from './status.js';
import { expiringTask, EXPIRING_TASK } from './expiring.js';
import { memberService, membership } from './schema.js';

/** A membership or a member service as a sale: the ledger keeps its paid amount in step. */
const saleOf = (table: typeof membership | typeof memberService): Omit<SaleSourceDefinition, 'type' | 'noun'> => ({
  module: MODULE,
  table,
  total: table.total,
  paid: table.paid,
  label: table.label,
  party: table.party,
  centre: table.centreId,
  open: sql`${table.cancelledAt} is null`,
});

export const membershipModule: ModuleManifest = {
  name: 'membership',
  permission: MODULE,
  // Desk work: members, selling and renewing, payments, freezes, check-ins, batches' seats and roll
  // calls, recorded performance. Plans, services, batches, settings, cancellations (refunds) and deletes need manage.
  levels: {
    operate: [
      memberEndpoints.create,
      memberEndpoints.update,
      memberEndpoints.partialUpdate,
      membershipEndpoints.create,
      membershipEndpoints.renew,
      membershipEndpoints.freeze,
      membershipEndpoints.updateFreeze,
      membershipEndpoints.unfreeze,
      memberServiceEndpoints.create,
      membershipPaymentEndpoints.create,
      batchEndpoints.join,
      batchEndpoints.leave,
      batchEndpoints.waitlistJoin,
      batchEndpoints.waitlistRemove,
      batchEndpoints.waitlistConfirm,
      batchEndpoints.waitlistDecline,
      batchEndpoints.rollCallMark,
      memberAttendanceEndpoints.checkIn,
      memberAttendanceEndpoints.checkOut,
      memberAttendanceEndpoints.checkOutPost,
      memberPerformanceEndpoints.create,
      memberPerformanceEndpoints.update,
      memberPerformanceEndpoints.partialUpdate,
    ],
  },
  routes: async (app: FastifyInstance) => {
    await planRoutes(app);
    await memberRoutes(app);
    await membershipRoutes(app);
    await app.register(freezeReasonRoutes);
    await paymentHistoryRoutes(app);
    await membershipSettingsRoutes(app);
    await batchRoutes(app);
    await attendanceRoutes(app);
    await performanceRoutes(app);
    await dashboardRoutes(app);
    await membershipReportRoutes(app);
    auditLogRoute(app, membershipLogs, MODULE);
  },
  seed: seedMembership,
  searchers: membershipSearchers,
  ...membershipMessaging,
  tasks: [statusTask, expiringTask],
  // Hourly: each organisation whose own date has moved on since its last run gets its statuses moved;
  // and the memberships ending on its today raise their notification (once: a dedupe key per membership and day).
  schedules: [
    { task: STATUS_TASK, cron: '7 * * * *' },
    { task: EXPIRING_TASK, cron: '27 * * * *' },
  ],
  defaultCategories: [{ name: 'Memberships', type: 'income', moduleIncome: true }],
  // Memberships and member services are sales: the ledger keeps their paid amount in step.
  saleSources: [
    { type: 'membership', noun: 'membership', ...saleOf(membership), soldBy: membership.soldBy },
    { type: 'member_service', noun: 'member service', ...saleOf(memberService) },
  ],
};

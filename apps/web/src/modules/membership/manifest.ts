import { defineModule, lazyScreen, lazyTile, menuBuilder } from '../../lib/web-module';

const MODULE = 'Membership Management';
/** The member screens (list, Add Member, a member's pages). */
const members = () => import('./members/index');
/** The desk and set-up screens (dashboard, attendance, batches, plans, services, performance, money, logs, reports). */
const desk = () => import('./desk/index');
const tiles = () => import('./desk/dashboard-tiles');

const screens = {
  'membership-dashboard': lazyScreen(desk, (m) => m.MembershipDashboardPage),
  'membership-add-member': lazyScreen(members, (m) => m.AddMemberPage),
  'membership-members': lazyScreen(members, (m) => m.MembersPage),
  'membership-member': lazyScreen(members, (m) => m.MemberPage),
  'membership-attendance': lazyScreen(desk, (m) => m.AttendancePage),
  'membership-batches': lazyScreen(desk, (m) => m.BatchPage),
  'membership-roll-call': lazyScreen(desk, (m) => m.RollCallPage),
  'membership-plans': lazyScreen(desk, (m) => m.PlanPage),
  'membership-freeze-reasons': lazyScreen(desk, (m) => m.FreezeReasonPage),
  'membership-services': lazyScreen(desk, (m) => m.ServicesPage),
  'membership-performance-assign': lazyScreen(desk, (m) => m.AssignPerformancePage),
  'membership-performance-categories': lazyScreen(desk, (m) => m.PerformanceCategoryPage),
  'membership-performance-items': lazyScreen(desk, (m) => m.PerformanceItemPage),
  'membership-training': lazyScreen(desk, (m) => m.TrainingPage),
  'membership-transactions': lazyScreen(desk, (m) => m.MembershipTransactionsPage),
  'membership-logs': lazyScreen(desk, (m) => m.MembershipLogsPage),
  'membership-reports': lazyScreen(desk, (m) => m.MembershipReportsPage),
  'membership-member-requests': lazyScreen(desk, (m) => m.MemberRequestsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/** Membership Management: members on plans, renewals and freezes, dues, batches, services, attendance and performance. */
export const membershipModule = defineModule({
  name: 'membership',
  screens,
  menu: [
    { order: 30, node: entry('All Members', 'members', { module: MODULE, screen: 'membership-members' }) },
    {
      order: 40,
      node: entry('Membership', 'membership', { module: MODULE }, [
        tabs('Dashboard', '', [
          entry('Dashboard', '', { screen: 'membership-dashboard' }),
          entry('Add Member', 'add-member', { screen: 'membership-add-member' }),
        ]),
        entry('Members', 'members', { screen: 'membership-members' }, [
          // One screen draws the member's header and its sub-pages as tabs.
          entry('Member', ':userId', { hidden: true, hideChildren: true }, [
            entry('Membership', '', { screen: 'membership-member' }),
            entry('Payment History', 'payment-history', { screen: 'membership-member' }),
            entry('Attendance', 'attendence', { screen: 'membership-member' }),
            entry('Service', 'service', { screen: 'membership-member' }),
            entry('Workout', 'workout', { screen: 'membership-member' }),
            entry('Performance', 'perfomence', { screen: 'membership-member' }),
            entry('Diet', 'diet', { screen: 'membership-member' }),
            entry('Logs', 'logs', { screen: 'membership-member' }),
          ]),
        ]),
        entry('Attendance', 'attendance', { screen: 'membership-attendance' }),
        entry('Member Requests', 'member-requests', { screen: 'membership-member-requests' }),
        entry('Batch', 'batch', { screen: 'membership-batches' }, [
          // A session's roll call, opened from a batch.
          entry('Roll Call', ':batchId/roll-call', { hidden: true, screen: 'membership-roll-call' }),
        ]),
        entry('Plan', 'plan', { screen: 'membership-plans' }, [
          // Reached from the Plan page and the freeze form; not a menu entry of its own.
          entry('Freeze Reasons', 'freeze-reasons', { hidden: true, screen: 'membership-freeze-reasons' }),
        ]),
        entry('Services', 'services', { screen: 'membership-services' }),
        tabs('Performance', 'performance', [
          entry('Assign Performance', '', { screen: 'membership-performance-assign' }),
          entry('Category', 'category', { screen: 'membership-performance-categories' }),
          entry('Item', 'item', { screen: 'membership-performance-items' }),
        ]),
        entry('Training', 'training', { screen: 'membership-training' }),
        entry('Transaction', 'transaction', { screen: 'membership-transactions' }),
        entry('Logs', 'logs', { screen: 'membership-logs' }),
      ]),
    },
    {
      order: 10,
      under: 'reports',
      node: entry('Membership', 'membership', {
        module: MODULE,
        screen: 'membership-reports',
        note: 'Status month wise, sports wise, active batch wise, active plan, service, month wise dues, month wise collection, sports wise collection.',
      }),
    },
  ],
  tiles: [
    {
      id: 'membership-today',
      title: 'Members today',
      module: MODULE,
      to: '/membership',
      linkLabel: 'Open membership',
      span: 1,
      order: 15,
      component: lazyTile(tiles, (m) => m.MembersTodayTile),
    },
  ],
  search: [{ kind: 'member', label: 'Members', module: MODULE }],
});

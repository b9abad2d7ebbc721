import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Diet Management';
const load = () => import('./index');
const messaging = () => import('../messaging/public');

const screens = {
  'diet-dashboard': lazyScreen(load, (m) => m.DietDashboardPage),
  'diet-assign': lazyScreen(load, (m) => m.AssignDietPage),
  'diet-assignments': lazyScreen(load, (m) => m.AssignmentsPage),
  'diet-member-diet': lazyScreen(load, (m) => m.MemberDietPage),
  'diet-plans': lazyScreen(load, (m) => m.DietPlansPage),
  'diet-plan-new': lazyScreen(load, (m) => m.PlanBuilderPage),
  'diet-plan': lazyScreen(load, (m) => m.PlanBuilderPage),
  'diet-categories': lazyScreen(load, (m) => m.DietCategoryPage),
  'diet-foods': lazyScreen(load, (m) => m.DietFoodsPage),
  'diet-message-template': lazyScreen(messaging, (m) => m.DietTemplatesPage),
  'diet-logs': lazyScreen(load, (m) => m.DietLogsPage),
  'diet-reports': lazyScreen(load, (m) => m.DietReportsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Diet Management (spec 2.6, issue 25): the dashboard, Assign Diet (a plan to a batch, a membership
 * plan's members or chosen members; the assignments and each member's own copy), Diet Plan (the
 * builder with live totals, categories, foods), Message Template (the messaging engine's screen of
 * module `diet`), logs, and Reports › Diet.
 */
export const dietModule = defineModule({
  name: 'diet',
  screens,
  menu: [
    {
      order: 100,
      node: entry(
        'Diet Management',
        'diet-management',
        {
          module: MODULE,
          note: 'Diet plans with meals and quantities, assigned to members for a period, and message templates.',
        },
        [
          entry('Dashboard', '', { screen: 'diet-dashboard' }),
          tabs('Assign Diet', 'assign-diet', [
            entry('Assign Diet', '', { screen: 'diet-assign' }),
            entry('Assignments', 'assignments', { screen: 'diet-assignments' }),
            entry('Member’s diet', ':dietId', { hidden: true, screen: 'diet-member-diet' }),
          ]),
          tabs('Diet Plan', 'diet-plan', [
            entry('Diet Plan', '', { screen: 'diet-plans' }),
            entry('Category', 'category', { screen: 'diet-categories' }),
            entry('Foods', 'foods', { screen: 'diet-foods' }),
            entry('New Diet Plan', 'new', { hidden: true, screen: 'diet-plan-new' }),
            entry('Plan', ':planId', { hidden: true, screen: 'diet-plan' }),
          ]),
          entry('Message Template', 'message-template', { screen: 'diet-message-template' }),
          entry('Logs', 'logs', { screen: 'diet-logs' }),
        ],
      ),
    },
    {
      order: 50,
      under: 'reports',
      node: entry('Diet', 'diet', { module: MODULE, screen: 'diet-reports', note: 'Members per plan, active and ended, by trainer.' }),
    },
  ],
});

import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'Training/Workouts';
const load = () => import('./index');
const messaging = () => import('../messaging/public');

const screens = {
  'training-dashboard': lazyScreen(load, (m) => m.TrainingDashboardPage),
  'training-assign': lazyScreen(load, (m) => m.AssignPage),
  'training-assigned': lazyScreen(load, (m) => m.AssignedPage),
  'training-copy': lazyScreen(load, (m) => m.CopyEditorPage),
  'training-plans': lazyScreen(load, (m) => m.PlansPage),
  'training-plan-new': lazyScreen(load, (m) => m.NewPlanPage),
  'training-plan-edit': lazyScreen(load, (m) => m.EditPlanPage),
  'training-categories': lazyScreen(load, (m) => m.CategoriesPage),
  'training-exercises': lazyScreen(load, (m) => m.ExercisesPage),
  'training-message-template': lazyScreen(messaging, (m) => m.TrainingTemplatesPage),
  'training-logs': lazyScreen(load, (m) => m.TrainingLogsPage),
  'training-reports': lazyScreen(load, (m) => m.TrainingReportsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * Training/Workouts (spec 2.6, issue 25): the dashboard, assigning plans to members (and their own
 * copies), the plans with the workout builder, categories and exercises, the logs, and Reports ›
 * Training/Workout. Message Template is the messaging engine's screen of module `training`.
 */
export const trainingWorkoutModule = defineModule({
  name: 'training-workout',
  screens,
  menu: [
    {
      order: 110,
      node: entry(
        'Training/Workout',
        'training-workout',
        { module: MODULE, note: 'Workout plans by day with exercises, sets and reps, assigned to members for a period.' },
        [
          entry('Dashboard', '', { screen: 'training-dashboard' }),
          tabs('Assign Training/Workout', 'assign-training-workout', [
            entry('Assign', '', { screen: 'training-assign' }),
            entry('Assigned Plans', 'assigned', { screen: 'training-assigned' }, [
              entry('Member Plan', ':copyId', { hidden: true, screen: 'training-copy' }),
            ]),
          ]),
          tabs('Training/Workout Plan', 'training-workout-plan', [
            entry('Plans', '', { screen: 'training-plans' }),
            entry('Categories', 'category', { screen: 'training-categories' }),
            entry('Exercises', 'exercise', { screen: 'training-exercises' }),
            entry('New Plan', 'new', { hidden: true, screen: 'training-plan-new' }),
            entry('Plan', ':planId', { hidden: true, screen: 'training-plan-edit' }),
          ]),
          entry('Message Template', 'message-template', { screen: 'training-message-template' }),
          entry('Logs', 'logs', { screen: 'training-logs' }),
        ],
      ),
    },
    {
      order: 60,
      under: 'reports',
      node: entry('Training/Workout', 'training-workout', {
        module: MODULE,
        screen: 'training-reports',
        note: 'Members per plan, active and ended, by who assigned them.',
      }),
    },
  ],
});

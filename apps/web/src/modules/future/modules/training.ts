import { entry } from '../../../lib/web-module';
import { report } from '../entries';
import type { FutureMenu } from '../entries';

/** Training/Workout (and its report): not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
  {
    order: 110,
    node: entry(
      'Training/Workout',
      'training-workout',
      { module: 'Training/Workouts', note: 'Workout plans by day with exercises, sets and reps, assigned to members for a period.' },
      [
        entry('Dashboard', ''),
        entry('Assign Training/Workout', 'assign-training-workout'),
        entry('Training/Workout Plan', 'training-workout-plan'),
        entry('Message Template', 'message-template'),
        entry('Logs', 'logs'),
      ],
    ),
  },
  report(60, 'Training/Workout', 'training-workout'),
];

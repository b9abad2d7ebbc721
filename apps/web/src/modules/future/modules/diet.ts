import { entry } from '../../../lib/web-module';
import { report } from '../entries';
import type { FutureMenu } from '../entries';

/** Diet Management (and its report): not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
  {
    order: 100,
    node: entry(
      'Diet Management',
      'diet-management',
      {
        module: 'Diet Management',
        note: 'Diet plans with meals and quantities, assigned to members for a period, and message templates.',
      },
      [
        entry('Dashboard', ''),
        entry('Assign Diet', 'assign-diet'),
        entry('Diet Plan', 'diet-plan'),
        entry('Message Template', 'message-template'),
        entry('Logs', 'logs'),
      ],
    ),
  },
  report(50, 'Diet', 'diet'),
];

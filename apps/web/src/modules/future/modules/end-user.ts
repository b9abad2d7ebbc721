import { entry, tabs } from '../../../lib/web-module';
import { report } from '../entries';
import type { FutureMenu } from '../entries';

/** End User Login (and its report): not built yet. The module that builds it deletes this file. */
export const menu: FutureMenu = [
  {
    order: 140,
    node: entry(
      'End User Login',
      'end-user-login',
      {
        module: 'End User Login',
        note: "Members' own logins (active or blocked), announcements and feeds, and what the member portal shows.",
      },
      [
        entry('Dashboard', ''),
        tabs('User Login', 'user-login', [entry('Active Users', ''), entry('Blocked', 'blocked')]),
        tabs('Announcements/Feeds', 'announcements-feeds', [entry('Active', ''), entry('Published', 'published')]),
        entry('Settings', 'settings'),
        entry('Logs', 'logs'),
      ],
    ),
  },
  report(90, 'End User', 'end-user', 'Active, blocked, active vs blocked.'),
];

import { defineModule, lazyScreen, menuBuilder } from '../../lib/web-module';

const MODULE = 'End User Login';
const load = () => import('./admin');

const screens = {
  'end-user-dashboard': lazyScreen(load, (m) => m.EndUserDashboardPage),
  'end-user-users': lazyScreen(load, (m) => m.EndUsersPage),
  'end-user-feeds': lazyScreen(load, (m) => m.FeedsPage),
  'end-user-settings': lazyScreen(load, (m) => m.EndUserSettingsPage),
  'end-user-logs': lazyScreen(load, (m) => m.EndUserLogsPage),
  'end-user-reports': lazyScreen(load, (m) => m.EndUserReportsPage),
};
const { entry, tabs } = menuBuilder<keyof typeof screens>();

/**
 * End User Login (spec 2.6, issue 27), the staff's side: the dashboard, the members' app accounts
 * (active and blocked), announcements and feeds (active and published), the settings, the logs,
 * and Reports › End User. (The member app's own pages are in `me/`.)
 */
export const endUserModule = defineModule({
  name: 'end-user',
  screens,
  // The members' own app on the organisation's host (me.html → src/me-main.tsx → ./me/): a bundle of its own.
  publicPages: [{ path: '/me', html: 'me.html', title: 'Member App', manifest: 'me.webmanifest' }],
  menu: [
    {
      order: 140,
      node: entry(
        'End User Login',
        'end-user-login',
        {
          module: MODULE,
          note: "Members' own logins (active or blocked), announcements and feeds, and what the member portal shows.",
        },
        [
          entry('Dashboard', '', { screen: 'end-user-dashboard' }),
          tabs('User Login', 'user-login', [
            entry('Active Users', '', { screen: 'end-user-users' }),
            entry('Blocked', 'blocked', { screen: 'end-user-users' }),
          ]),
          tabs('Announcements/Feeds', 'announcements-feeds', [
            entry('Active', '', { screen: 'end-user-feeds' }),
            entry('Published', 'published', { screen: 'end-user-feeds' }),
          ]),
          entry('Settings', 'settings', { screen: 'end-user-settings' }),
          entry('Logs', 'logs', { screen: 'end-user-logs' }),
        ],
      ),
    },
    {
      order: 90,
      under: 'reports',
      node: entry('End User', 'end-user', { module: MODULE, screen: 'end-user-reports', note: 'Active, blocked, active vs blocked.' }),
    },
  ],
});

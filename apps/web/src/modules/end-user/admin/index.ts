/** End User Login's staff screens (lazy-loaded by the manifest). */
export { EndUserDashboardPage } from './DashboardPage';
export { EndUsersPage } from './UsersPage';
export { FeedsPage } from './FeedsPage';
export { EndUserSettingsPage } from './SettingsPage';
export { EndUserLogsPage } from './LogsPage';
export { EndUserReportsPage } from './ReportsPage';

export { NotificationListPage } from './NotificationListPage';
export { NotificationSettingsPage } from './NotificationSettingsPage';

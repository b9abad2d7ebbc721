/** What the app shell uses of the administrator module: the top bar's Notifications dropdown and its pieces. */
export { CountBadge, InboxRow, NotificationsMenu } from './notifications/NotificationsMenu';

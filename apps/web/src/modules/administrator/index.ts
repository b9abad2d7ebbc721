export { ProfilePage } from './ProfilePage';
export { CentreListPage } from './CentreListPage';
export { SportListPage } from './SportListPage';
export { PaymentModeListPage } from './PaymentModeListPage';
export { NotificationListPage, NotificationSettingsPage } from './notifications';

export { BookingDashboardPage } from './BookingDashboardPage';
export { BookingPage } from './BookingPage';
export { ClientsBulkPage, ClientsPage, ClientsTablePage } from './ClientsPage';
export { SubscriptionsPage } from './SubscriptionsPage';
export { TransactionsPage } from './TransactionsPage';
export { FacilityListPage } from './FacilityListPage';
export { FacilityFormPage } from './FacilityFormPage';
export { BookingLogsPage } from './BookingLogsPage';
export { BookingReportsPage } from './BookingReportsPage';

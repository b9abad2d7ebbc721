/** Accommodation Management's screens (lazy-loaded by the manifest). */
export { OccupancyBoardPage } from './BoardPage';
export { AccommodationDashboardPage } from './DashboardPage';
export { AccommodationLedgerPage } from './LedgerPage';
export { AccommodationLogsPage } from './LogsPage';
export { RoomsPage, RoomTypesPage } from './LookupPages';
export { ResidentsPage } from './ResidentsPage';
export { AccommodationSettingsPage } from './SettingsPage';
export { StayPage } from './StayPage';
export { StaysPage } from './StaysPage';

export { AddStaffPage } from './AddStaffPage';
export { StaffAttendancePage } from './AttendancePage';
export { PayrollPage } from './PayrollPage';
export { StaffReportsPage } from './reports/StaffReportsPage';
export { CreateStaffCategoryPage, StaffCategoryPage } from './StaffCategoryPage';
export { StaffDashboardPage } from './StaffDashboardPage';
export { StaffListPage } from './StaffListPage';
export { StaffPage } from './StaffPage';
export { StaffLogsPage, StaffTransactionsPage } from './TransactionsPage';

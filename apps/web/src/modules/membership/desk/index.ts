/** The desk and set-up screens of Membership Management (the manifest loads them lazily). */
export { MembershipDashboardPage } from './DashboardPage';
export { AttendancePage } from './AttendancePage';
export { BatchPage } from './BatchPage';
export { RollCallPage } from './RollCallPage';
export { PlanPage } from './PlanPage';
export { FreezeReasonPage } from './FreezeReasonPage';
export { ServicesPage } from './ServicesPage';
export { AssignPerformancePage } from './AssignPerformancePage';
export { PerformanceCategoryPage, PerformanceItemPage } from './PerformancePages';
export { TrainingPage } from './TrainingPage';
export { MembershipTransactionsPage } from './TransactionsPage';
export { MembershipLogsPage } from './LogsPage';
export { MembershipReportsPage } from './ReportsPage';
export { MemberRequestsPage } from './MemberRequestsPage';

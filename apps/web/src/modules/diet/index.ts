/** Diet Management's screens (lazy-loaded by the manifest). */
export { AssignDietPage } from './AssignPage';
export { AssignmentsPage } from './AssignmentsPage';
export { DietDashboardPage } from './DashboardPage';
export { DietFoodsPage } from './FoodsPage';
export { DietLogsPage } from './LogsPage';
export { MemberDietPage } from './MemberDietPage';
export { PlanBuilderPage } from './PlanBuilderPage';
export { DietCategoryPage, DietPlansPage } from './PlansPage';
export { DietReportsPage } from './ReportsPage';

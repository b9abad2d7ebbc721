/** Training/Workouts' screens (lazy-loaded by the manifest). */
export { AssignedPage } from './AssignedPage';
export { AssignPage } from './AssignPage';
export { CategoriesPage } from './CategoriesPage';
export { CopyEditorPage } from './CopyEditorPage';
export { TrainingDashboardPage } from './DashboardPage';
export { ExercisesPage } from './ExercisesPage';
export { TrainingLogsPage } from './LogsPage';
export { EditPlanPage, NewPlanPage } from './PlanBuilderPage';
export { PlansPage } from './PlansPage';
export { TrainingReportsPage } from './TrainingReportsPage';

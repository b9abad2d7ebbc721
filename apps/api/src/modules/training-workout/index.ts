/** What other code may use of Training/Workouts: the global exercise library's idempotent seed. */
export { ensureExerciseLibrary } from './library.js';
/** End User Login's read of a member's workout plans (issue 27). */
export { memberWorkouts, type MemberAppWorkout } from './member-app.js';

/** What other code may use of Training/Workouts: the global exercise library's idempotent seed. */
export { ensureExerciseLibrary } from './library.js';

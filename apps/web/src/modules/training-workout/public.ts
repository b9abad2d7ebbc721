/** What other web modules may use of Training/Workouts: the member page's Workout tab. */
export { MemberWorkoutTab } from './MemberWorkoutTab';

/** `@arena/contracts/training-workout`: Training/Workouts — exercises, plans, members' copies, workout logs. */
export * from './training.js';
export * from './endpoints.js';

/** The web's import of this module's endpoints (`@arena/contracts/training-workout/routes`). */
export * from './endpoints.js';

import type { ModuleManifest } from '../../platform/module.js';
import { assignEndpoints, assignManyEndpoint, memberPlanEndpoints } from '@arena/contracts/training-workout';
import { MODULE } from './constants.js';
import { ensureExerciseLibrary } from './library.js';
import { trainingAudiences } from './messaging.js';
import { trainingRoutes } from './routes.js';
import { addDefaultCategories, seedTraining } from './seed.js';

/**
 * Training/Workouts (issue 25): the exercise library (global, read-only, written on boot), plans,
 * members' own copies, the workout log. Trainers at `operate` assign plans, edit a member's copy and
 * log sessions; plans, categories, exercises and templates need `manage`.
 */
export const trainingWorkoutModule: ModuleManifest = {
  name: 'training-workout',
  permission: MODULE,
  levels: {
    operate: [
      assignEndpoints.create,
      assignEndpoints.update,
      assignManyEndpoint,
      memberPlanEndpoints.partialUpdate,
      memberPlanEndpoints.reorder,
      memberPlanEndpoints.log,
      memberPlanEndpoints.send,
    ],
  },
  routes: trainingRoutes,
  globalData: ensureExerciseLibrary,
  messageAudiences: trainingAudiences,
  seed: seedTraining,
  onOrganisationCreated: addDefaultCategories,
};

/**
 * The web's import of this module's endpoints (`@arena/contracts/store/routes`): the same endpoint
 * objects, which the web build replaces with their method and path alone, so a page that only
 * calls the API loads no zod.
 */
export * from './endpoints.js';

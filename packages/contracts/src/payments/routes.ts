/**
 * The web's import of this module's endpoints (`@arena/contracts/<module>/routes`): the same
 * endpoint objects, which the web build replaces with their method and path alone (the Vite plugin
 * `contractRoutes` in apps/web/vite.config.ts), so a page that only calls the API loads no zod.
 */
export * from './endpoints.js';
export * from './links.js';

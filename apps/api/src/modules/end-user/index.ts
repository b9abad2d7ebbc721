/** End User Login's public file: what other modules may use. */
export { endUserModule } from './module.js';

/** Asset Management's public file: what other modules may use. */
export { assetModule } from './module.js';

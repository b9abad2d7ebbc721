/** The web's import of the subscription endpoints (`@arena/contracts/subscription/routes`). */
export { subscriptionEndpoints } from './index.js';

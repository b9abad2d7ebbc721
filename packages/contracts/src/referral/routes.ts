/** The web's import of the referral endpoints (`@arena/contracts/referral/routes`). */
export { referralEndpoints } from './index.js';

/** End User Login's public file: what other modules may use. */
export { endUserModule } from './module.js';
/** The desk's QR check-in (membership) reads the member app's signed check-in code. */
export { isCheckInCode, readCheckInCode } from './check-in-token.js';

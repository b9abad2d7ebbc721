/** What other modules may use of Administrator Management: its tables and published services. */
export { centre, paymentMode, sport } from './schema.js';

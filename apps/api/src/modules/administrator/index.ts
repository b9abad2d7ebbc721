/** What other modules may use of Administrator Management: its tables and published services. */
export { centre, paymentMode, sport } from './schema.js';
/** A centre's seal for its documents: the stored path (in the caller's transaction), then the bytes. */
export { readSeal, sealPathOf } from './centre-seal.js';

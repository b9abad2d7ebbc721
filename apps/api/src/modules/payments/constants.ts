import type { ModuleName } from '@arena/contracts';

/** Payment gateway settings and payment links are the Administrator's. */
export const MODULE: ModuleName = 'Administrator Management';
export const EXPIRE_TASK = 'payments.expire';

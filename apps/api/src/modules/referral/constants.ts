import type { ModuleName } from '@arena/contracts';

/** Refer and earn is the owner's, beside Administrator › Subscription: its audit rows go to the Administrator's logs. */
export const MODULE: ModuleName = 'Administrator Management';

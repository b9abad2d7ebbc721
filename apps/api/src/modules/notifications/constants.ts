import type { ModuleName } from '@arena/contracts/kit';

/** The settings are the administrator's; the user's own list has no module guard. */
export const SETTINGS_MODULE: ModuleName = 'Administrator Management';
export const DELIVER_TASK = 'notifications.deliver';

import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

/** Demo data: filled in below. */
export async function seedMessaging(_tx: Tx, _ctx: Ctx): Promise<void> {}

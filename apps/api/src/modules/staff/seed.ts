import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { staffCategory } from './schema.js';

const DEMO_CATEGORIES = [
  { name: 'Trainer', description: 'Floor and personal trainers.', paidLeaveDays: 2 },
  { name: 'Coach', description: 'Sport coaches of the academy batches.', paidLeaveDays: 2 },
  { name: 'Receptionist', description: 'Front desk: members, bookings and payments.', paidLeaveDays: 1 },
  { name: 'Manager', description: 'Runs a centre.', paidLeaveDays: 2 },
  { name: 'Housekeeping', description: 'Cleaning and upkeep.', paidLeaveDays: 1 },
];

/** The demo organisations' staff categories (once: a second seed run adds nothing). */
export async function seedStaff(tx: Tx, ctx: Ctx): Promise<void> {
  await tx
    .insert(staffCategory)
    .values(DEMO_CATEGORIES.map((c) => ({ ...c, organisationId: ctx.organisationId })))
    .onConflictDoNothing();
}

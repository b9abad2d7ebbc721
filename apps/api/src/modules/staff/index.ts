/** What other modules may use of Staff Management: checks and names of staff, and the tenant-safe reference to a staff member. */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantRef, type TenantColumns } from '../../platform/db/columns.js';
import { staff } from './schema.js';

export { checkActiveStaff, staffContactOfUser, staffContacts, staffNames, staffUserIds } from './staff.service.js';
/** The demo's Coach staff, for the demo batches (the membership seed's last step). */
export { demoCoaches, demoDeskStaff } from './seed.js';

/**
 * The composite foreign key `(organisation_id, column) → staff (organisation_id, id)` for another
 * module's table (a member's trainer, a batch's coach): the database refuses another
 * organisation's staff. A staff member still named there cannot be deleted (409: mark them inactive).
 */
export const referencesStaff = (t: TenantColumns, column: AnyPgColumn) => tenantRef(t, column, () => staff);

/** Booking clients as recipients, for CRM Management's contact groups (issue 22): listed ones, or every client with a phone or e-mail. */
import { sql } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';

export interface ClientContact {
  id: number;
  name: string;
  phone: string;
  email: string;
}

/** The clients named by `ids` (null: every client with a phone or an e-mail), by name, at most `limit`. */
export async function clientContacts(tx: Tx, ctx: Ctx, ids: number[] | null, limit: number): Promise<ClientContact[]> {
  if (ids && !ids.length) return [];
  const which = ids ? sql`and c.id = any(${idArray(ids)})` : sql`and (c.mobile <> '' or c.email <> '')`;
  const rows = await queryRows<{ id: string; name: string; mobile: string; email: string }>(
    tx,
    sql`select c.id, c.name, c.mobile, c.email from booking_client c where c.organisation_id = ${ctx.organisationId} ${which}
        order by lower(c.name), c.id limit ${limit}`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, phone: r.mobile, email: r.email }));
}

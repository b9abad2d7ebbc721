/**
 * The one check of the references a request body names. Each id must be a row of the
 * organisation (row-level security hides the others, so another tenant's id is simply "not
 * there"); otherwise the answer is DRF's field error `{"centre": ["Invalid pk \"12\" - object
 * does not exist."]}` and nothing is written. The composite foreign keys refuse the same thing
 * in the database (platform/db/columns.ts); this check gives the client the clear message first.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './db/client.js';
import { badRequest, invalidPk, type FieldErrors } from './errors.js';

export type TenantTable = PgTable & { id: AnyPgColumn; organisationId: AnyPgColumn };

export interface Reference {
  table: TenantTable;
  /** the id sent, or several ids (a list field); null/undefined are not checked */
  id: number | number[] | null | undefined;
  /** a further condition the row must meet, e.g. `eq(paymentMode.isActive, true)` */
  where?: SQL;
}

/** Throws one 400 with a field error per reference that does not exist in the organisation. */
export async function checkReferences(tx: Tx, organisationId: number, refs: Record<string, Reference>): Promise<void> {
  const errors: FieldErrors = {};
  await Promise.all(
    Object.entries(refs).map(async ([field, ref]) => {
      const ids = ref.id == null ? [] : Array.isArray(ref.id) ? [...new Set(ref.id)] : [ref.id];
      if (!ids.length) return;
      const found = await tx
        .select({ id: ref.table.id })
        .from(ref.table as PgTable)
        .where(and(eq(ref.table.organisationId, organisationId), inArray(ref.table.id, ids), ref.where));
      const known = new Set(found.map((r) => r.id as number));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) errors[field] = missing.map(invalidPk);
    }),
  );
  if (Object.keys(errors).length) throw badRequest(errors);
}

/**
 * The columns and keys every tenant table is made of. A table of a module is declared with
 * `tenantTable()`, and each reference to another tenant table with `tenantRef()`:
 *
 * ```ts
 * export const facility = tenantTable('facility', {
 *   centreId: ref('centre_id').notNull(),
 *   name: text('name').notNull(),
 *   ...timestamps(),
 * }, (t) => [tenantRef(t, t.centreId, () => centre)]);
 * ```
 *
 * A plain foreign key covers one column, and PostgreSQL checks it without row-level security:
 * a row could point at another organisation's centre. `tenantRef` makes the key composite,
 * `(organisation_id, centre_id) → centre (organisation_id, id)`, so the database itself refuses
 * a reference across tenants. `test/tenant-references.int.test.ts` fails for any foreign key
 * between tenant tables that forgets it.
 */
import { getTableName } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  numeric,
  pgTable,
  timestamp,
  unique,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
  type UpdateDeleteAction,
} from 'drizzle-orm/pg-core';
import { organisation } from './schema.js';

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const organisationId = () =>
  bigint('organisation_id', { mode: 'number' })
    .notNull()
    .references(() => organisation.id);

/** A reference column (an id of another table); pair it with `tenantRef` in the table's keys. */
export const ref = (name: string) => bigint(name, { mode: 'number' });

/** Money: numeric(12,2), a decimal string in TypeScript and JSON. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface TenantColumns {
  id: AnyPgColumn;
  organisationId: AnyPgColumn;
}

/**
 * A table of one organisation: `id`, `organisation_id`, the given columns, and the unique key
 * `(organisation_id, id)` that composite references point at. Row-level security is added to it
 * automatically after migrations (platform/db/security.ts).
 */
export function tenantTable<TName extends string, TColumns extends Record<string, PgColumnBuilderBase>>(
  name: TName,
  columns: TColumns,
  extra?: (t: Record<keyof TColumns | 'id' | 'organisationId', AnyPgColumn>) => PgTableExtraConfigValue[],
) {
  return pgTable(name, { id: id(), organisationId: organisationId(), ...columns }, (t) => {
    const cols = t as unknown as Record<keyof TColumns | 'id' | 'organisationId', AnyPgColumn>;
    return [unique(`${name}_org_id_key`).on(cols.organisationId, cols.id), ...(extra?.(cols) ?? [])];
  });
}

/**
 * A reference from a tenant table to another: the composite foreign key
 * `(organisation_id, column) → target (organisation_id, id)`. A null column is not checked
 * (MATCH SIMPLE), so optional references work as usual.
 */
export function tenantRef(
  t: TenantColumns,
  column: AnyPgColumn,
  target: () => TenantColumns,
  options: { onDelete?: UpdateDeleteAction } = {},
) {
  const table = getTableName(column.table);
  const key = foreignKey({
    name: `${table}_${column.name}_fkey`,
    columns: [t.organisationId, column],
    foreignColumns: [target().organisationId, target().id],
  });
  return options.onDelete ? key.onDelete(options.onDelete) : key;
}

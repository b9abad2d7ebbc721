/**
 * The kinds of sale the money module keeps in step: each selling module declares them in its
 * manifest (`saleSources`, typed Drizzle columns of its own table), and the money module reads
 * them from the registered manifests.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { registeredModules, type ModuleManifest, type SaleSourceDefinition } from '../../platform/module.js';

let cache: { of: readonly ModuleManifest[]; sources: Map<string, SaleSourceDefinition> } | null = null;

function sources(): Map<string, SaleSourceDefinition> {
  const modules = registeredModules();
  if (cache?.of !== modules) cache = { of: modules, sources: new Map(modules.flatMap((m) => m.saleSources ?? []).map((s) => [s.type, s])) };
  return cache.sources;
}

export const hasSaleSource = (type: string): boolean => sources().has(type);

/** Every declared kind of sale, in the manifests' order. */
export const allSaleSources = (): SaleSourceDefinition[] => [...sources().values()];

export function saleSource(type: string): SaleSourceDefinition {
  const source = sources().get(type);
  if (!source) throw new Error(`No sale source "${type}" is declared by any module's manifest.`);
  return source;
}

/** A column as the target of a SET (unqualified). */
export const target = (column: AnyPgColumn): SQL => sql`${sql.identifier(column.name)}`;

/** The SET assignments of the columns that follow a source's paid amount, with a leading comma (or nothing). */
export function followSet(source: SaleSourceDefinition, paidAfter: SQL): SQL {
  if (!source.follow?.length) return sql``;
  return sql`, ${sql.join(
    source.follow.map((f) => sql`${target(f.column)} = ${f.value(paidAfter)}`),
    sql`, `,
  )}`;
}

import { documentNumber, financialYear } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from './db/client.js';

/**
 * The next number of a per-organisation counter (`booking:2026` → 1, 2, 3 …). The row lock
 * serialises concurrent callers and the increment rolls back with a failed transaction, so
 * codes are gapless and unique.
 */
export async function nextNumber(tx: Tx, organisationId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ last_value: string }>(
    tx,
    sql`insert into document_sequence (organisation_id, name, last_value) values (${organisationId}, ${name}, 1)
        on conflict (organisation_id, name) do update set last_value = document_sequence.last_value + 1
        returning last_value`,
  );
  return Number(row.last_value);
}

/** Takes `count` consecutive numbers of a counter at once (bulk imports, the demo seed); returns the first. */
export async function reserveNumbers(tx: Tx, organisationId: number, name: string, count: number): Promise<number> {
  const [row] = await queryRows<{ last_value: string }>(
    tx,
    sql`insert into document_sequence (organisation_id, name, last_value) values (${organisationId}, ${name}, ${count})
        on conflict (organisation_id, name) do update set last_value = document_sequence.last_value + ${count}
        returning last_value`,
  );
  return Number(row.last_value) - count + 1;
}

/** Creates counters at 0 (their first number is 1); existing ones stay as they are. */
export async function startCounters(tx: Tx, organisationId: number, names: readonly string[]): Promise<void> {
  await tx.execute(
    sql`insert into document_sequence (organisation_id, name, last_value)
        select ${organisationId}::bigint, n, 0 from unnest(${sql`${`{${names.join(',')}}`}::text[]`}) as n
        on conflict do nothing`,
  );
}

/** The GST document series: tax invoices and credit notes, numbered apart. */
export const DOCUMENT_SERIES = { invoice: 'INV', credit_note: 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

/**
 * The series of a registration: the organisation's own GSTIN (or none) numbers `INV`/`CN`; a
 * centre registered apart (its own GSTIN, in another state) numbers its own series, `IN33`/`CN33`
 * by its state code — a registration's invoices are consecutive on their own (rule 46(b)), and
 * the number stays within 16 characters (`IN33/26-27/00017`).
 */
export function seriesPrefix(kind: DocumentKind, sellerGstin: string, orgGstin: string): string {
  if (!sellerGstin || sellerGstin === orgGstin) return DOCUMENT_SERIES[kind];
  return `${kind === 'invoice' ? 'IN' : 'CN'}${sellerGstin.slice(0, 2)}`;
}

/** The credit-note series that goes with an invoice's number (`INV/…` → `CN`, `IN33/…` → `CN33`). */
export function creditSeriesOf(invoiceNumber: string): string {
  const prefix = invoiceNumber.split('/')[0];
  return prefix === DOCUMENT_SERIES.invoice || !/^IN\d{2}$/.test(prefix) ? DOCUMENT_SERIES.credit_note : `CN${prefix.slice(2)}`;
}

/**
 * The next number of an organisation's GST document series for the financial year of `isoDate`:
 * `INV/26-27/00017`. Consecutive and gapless per organisation, series and year (a rolled-back
 * sale gives its number back); take it as the last statement of the transaction, so the series
 * row stays locked only until the commit.
 */
export async function nextDocumentNumber(
  tx: Tx,
  organisationId: number,
  kind: DocumentKind,
  isoDate: string,
  prefix: string = DOCUMENT_SERIES[kind],
): Promise<string> {
  const { label } = financialYear(isoDate);
  return documentNumber(prefix, label, await nextNumber(tx, organisationId, `${prefix}:${label}`));
}

/**
 * CTEs that take numbers of several counters at once, inside a larger statement: `name_up` raises
 * each counter by its count (creating it at that count), and `name (name, last_value, taken)` is
 * what was taken — the numbers `last_value − taken + 1 … last_value`. `holds` is a condition of
 * the statement (false: no number is taken).
 */
export function sequenceTake(
  name: string,
  organisationId: number,
  takes: readonly { name: string; count: number }[],
  holds: SQL = sql`true`,
): SQL {
  const up = sql.identifier(`${name}_up`);
  const values = sql`(select * from jsonb_to_recordset(${JSON.stringify(takes)}::jsonb) as t (name text, count bigint))`;
  return sql`${up} as (
      insert into document_sequence (organisation_id, name, last_value)
      select ${organisationId}::bigint, t.name, t.count from ${values} t where ${holds}
      on conflict (organisation_id, name) do update set last_value = document_sequence.last_value + excluded.last_value
      returning name, last_value),
    ${sql.identifier(name)} as (select u.name, u.last_value, t.count as taken from ${up} u join ${values} t on t.name = u.name)`;
}

/**
 * The SQL of a GST document number (`INV/26-27/00017`) from a financial year's label and a number:
 * the same text as `documentNumber` in contracts, for numbers taken inside a statement.
 */
export function documentNumberSql(fyLabel: SQL, n: SQL, prefix: string | SQL): SQL {
  return sql`(${typeof prefix === 'string' ? `${prefix}/` : sql`${prefix} || '/'`} || ${fyLabel} || '/' || lpad((${n})::text, greatest(5, length((${n})::text)), '0'))`;
}

import { documentNumber, financialYear } from '@arena/contracts';
import { sql } from 'drizzle-orm';
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

/** The GST document series: tax invoices and credit notes, numbered apart. */
export const DOCUMENT_SERIES = { invoice: 'INV', credit_note: 'CN' } as const;
export type DocumentKind = keyof typeof DOCUMENT_SERIES;

/**
 * The next number of an organisation's GST document series for the financial year of `isoDate`:
 * `INV/26-27/00017`. Consecutive and gapless per organisation, series and year (a rolled-back
 * sale gives its number back); take it as the last statement of the transaction, so the series
 * row stays locked only until the commit.
 */
export async function nextDocumentNumber(tx: Tx, organisationId: number, kind: DocumentKind, isoDate: string): Promise<string> {
  const { label } = financialYear(isoDate);
  const prefix = DOCUMENT_SERIES[kind];
  return documentNumber(prefix, label, await nextNumber(tx, organisationId, `${prefix}:${label}`));
}

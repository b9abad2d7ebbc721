/**
 * What the membership reports share (see packages/contracts/src/membership-reports.ts for the vocabulary):
 * - a membership or member service is *sold* in the month of its `start_date`;
 * - *running* = status active, expiring or frozen (member services have no freezes);
 * - *lapsed* = ended before today, not cancelled, not renewed (no live membership renews it);
 * - money collected = the module's ledger rows: receipts − refunds, each reversal taking back its
 *   original (money's `ledgerTotals`), on the movement's date and centre.
 * Every query is scoped by the organisation (besides row-level security) and aggregates in SQL.
 */
import { fromPaise, signedPaise } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportColumn } from '../../../platform/export.js';
import type { Ctx } from '../../../platform/request-context.js';
import type { Tx } from '../../../platform/db/client.js';
import { ledgerTotals, type LedgerGroup } from '../../money/index.js';
import { MODULE } from '../constants.js';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar 2026`. */
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** `YYYY-MM` of a date column. */
export const monthKey = (column: SQL) => sql`to_char(${column}, 'YYYY-MM')`;

/** Membership `m` has not been renewed: no live (not cancelled) membership names it as `renewed_from`. */
export const NOT_RENEWED = sql`not exists (select 1 from membership n where n.organisation_id = m.organisation_id
  and n.renewed_from_id = m.id and n.cancelled_at is null)`;

/** The date (organisation's zone) of a timestamp column. */
export const localDate = (ctx: Ctx, column: SQL) => sql`(${column} at time zone ${ctx.timeZone})::date`;

export const paise = (v: string) => signedPaise(v) ?? 0;
export const sum = (values: string[]) => fromPaise(values.reduce((s, v) => s + paise(v), 0));
export const add = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

export type CollectionSums = { receipts: string; refunds: string; net: string; count: number };
export const totalSums = (rows: CollectionSums[]): CollectionSums => ({
  receipts: sum(rows.map((r) => r.receipts)),
  refunds: sum(rows.map((r) => r.refunds)),
  net: sum(rows.map((r) => r.net)),
  count: add(rows, 'count'),
});

/**
 * The module's collections (receipts, refunds, net, movements) in a window, grouped as asked —
 * money's `ledgerTotals` over the module's income movements, on the movement's date and centre.
 */
export async function collections(tx: Tx, ctx: Ctx, f: { from: string; to: string; centre?: number }, groupBy: LedgerGroup[]) {
  const rows = await ledgerTotals(tx, ctx, { module: MODULE, type: 'income', ...f, groupBy, fill: false });
  return rows.map((r) => ({ ...r, net: r.income }));
}
export const collectionColumns = <T extends CollectionSums>(): ExportColumn<T>[] => [
  { header: 'Receipts', value: (x) => x.receipts, type: 'money' },
  { header: 'Refunds', value: (x) => x.refunds, type: 'money' },
  { header: 'Net', value: (x) => x.net, type: 'money' },
  { header: 'Movements', value: (x) => x.count, type: 'number' },
];

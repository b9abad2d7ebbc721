/**
 * The money movements of one kind of sale (a booking's receipts, refunds and reversals) as a list
 * a selling module serves on its own URL: the ledger joined to the sale's row through the
 * columns its manifest declares, so the module never names the ledger.
 */
import { idSchema, isoDateSchema, LEDGER_KINDS, z, type LedgerKind } from '@arena/contracts';
import { and, desc, eq, getTableColumns, gte, lte, type AnyColumn } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { showName, type ListDefinition } from '../../platform/list.js';
import { displayDate } from '../../platform/time.js';
import { centre, paymentMode } from '../administrator/index.js';
import { ledgerEntry } from './schema.js';
import { saleSource } from './sources.js';

/** One movement of a sale, as the list's `map` gets it. */
export interface SaleMovement {
  id: number;
  sourceId: number;
  /** The sale's label (a booking's code) and party (its client's name), as they stand. */
  label: string;
  party: string;
  kind: LedgerKind;
  direction: 'in' | 'out';
  amount: string;
  paymentModeId: number | null;
  paymentModeName: string;
  reference: string;
  date: string;
  createdAt: Date;
}

interface Row {
  p: typeof ledgerEntry.$inferSelect;
  label: string;
  party: string;
  mode: string | null;
}

/**
 * A list definition (for `listRoute`) of the movements of sales of `type`. Filters: `date_after`,
 * `date_before`, `payment_mode`, `centre`, `kind` and one named `sourceKey` (the sale's id);
 * orderings `paid_on`, `amount`, `created_at`, `payment_mode_name` and the two named keys.
 */
export function saleMovementList<Out>(
  type: string,
  options: {
    sourceKey: string;
    labelKey: string;
    partyKey: string;
    sourceLabel: string;
    map: (rows: SaleMovement[]) => Out[];
    export: ListDefinition<Row, Out>['export'];
  },
): ListDefinition<Row, Out> {
  const src = saleSource(type);
  const { id, organisationId } = getTableColumns(src.table) as unknown as { id: AnyPgColumn; organisationId: AnyPgColumn };
  return {
    from: (tx, fields) =>
      tx
        .select(fields)
        .from(ledgerEntry)
        .innerJoin(src.table, and(eq(organisationId, ledgerEntry.organisationId), eq(id, ledgerEntry.sourceId)))
        .leftJoin(paymentMode, eq(paymentMode.id, ledgerEntry.paymentModeId))
        .$dynamic(),
    fields: { p: ledgerEntry, label: src.label, party: src.party, mode: paymentMode.name },
    where: (ctx) => and(eq(ledgerEntry.organisationId, ctx.organisationId), eq(ledgerEntry.sourceType, type))!,
    search: [src.label, src.party, ledgerEntry.reference],
    filters: {
      date_after: { schema: isoDateSchema, where: (v: string) => gte(ledgerEntry.date, v), label: 'From', show: displayDate },
      date_before: { schema: isoDateSchema, where: (v: string) => lte(ledgerEntry.date, v), label: 'To', show: displayDate },
      payment_mode: {
        schema: idSchema,
        where: (v: number) => eq(ledgerEntry.paymentModeId, v),
        label: 'Payment mode',
        show: showName(paymentMode),
      },
      centre: { schema: idSchema, where: (v: number) => eq(src.centre, v), label: 'Center', show: showName(centre) },
      [options.sourceKey]: { schema: idSchema, where: (v: number) => eq(ledgerEntry.sourceId, v), label: options.sourceLabel },
      kind: { schema: z.enum(LEDGER_KINDS), where: (v: LedgerKind) => eq(ledgerEntry.kind, v), label: 'Kind' },
    },
    ordering: {
      paid_on: ledgerEntry.date,
      amount: ledgerEntry.amount,
      [options.labelKey]: src.label as AnyColumn,
      [options.partyKey]: src.party as AnyColumn,
      payment_mode_name: paymentMode.name,
      created_at: ledgerEntry.createdAt,
    },
    defaultOrdering: [desc(ledgerEntry.id)],
    tiebreak: ledgerEntry.id,
    map: (_tx, _ctx, rows) =>
      options.map(
        rows.map((x) => ({
          id: x.p.id,
          sourceId: x.p.sourceId!,
          label: x.label,
          party: x.party,
          kind: x.p.kind,
          direction: x.p.direction,
          amount: x.p.amount,
          paymentModeId: x.p.paymentModeId,
          paymentModeName: x.mode ?? '',
          reference: x.p.reference,
          date: x.p.date,
          createdAt: x.p.createdAt,
        })),
      ),
    export: options.export,
  };
}

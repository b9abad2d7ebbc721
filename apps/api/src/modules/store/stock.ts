/**
 * The one way stock changes: `moveStock` writes the movement rows and adds them to their batches'
 * quantities in one statement. The batch's CHECK (quantity ≥ 0) is the last guard: a movement that
 * would take a batch below nothing fails the whole statement (and the caller's transaction), so no
 * movement of a refused sale is ever kept. Callers lock the batches they read first
 * (`lockBatches`), so parallel sales see each other's takings and refuse with a clear message
 * rather than hit the CHECK.
 */
import type { MovementKind } from '@arena/contracts/store';
import { sql } from 'drizzle-orm';
import { idArray, queryRows, type Tx } from '../../platform/db/client.js';
import { ApiError, badRequest } from '../../platform/errors.js';
import type { Ctx } from '../../platform/request-context.js';

export interface StockMove {
  batchId: number;
  subProductId: number;
  centreId: number;
  kind: MovementKind;
  /** Signed: + in, − out. */
  quantity: number;
  reason?: string;
  reference?: string;
  saleId?: number | null;
  purchaseId?: number | null;
  date?: string;
}

/** The code and name of a CHECK violation, if the error is one. */
function checkViolation(err: unknown): string | undefined {
  let e = err as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (e.code === '23514') return e.constraint ?? e.constraint_name ?? '';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** The database's refusal of a stock below zero, as a client error. */
export function onNegativeStock(field = 'quantity'): (err: unknown) => never {
  return (err) => {
    if (err instanceof ApiError) throw err;
    if (checkViolation(err) === 'store_batch_quantity')
      throw badRequest({ [field]: ['Not enough stock: another sale took these units first.'] });
    throw err;
  };
}

/** Writes the movements and adds them to their batches, in one statement. */
export async function moveStock(tx: Tx, ctx: Ctx, moves: readonly StockMove[], field = 'quantity'): Promise<void> {
  if (!moves.length) return;
  const rows = moves.map((m) => ({
    batch_id: m.batchId,
    sub_product_id: m.subProductId,
    centre_id: m.centreId,
    kind: m.kind,
    quantity: m.quantity,
    reason: m.reason ?? '',
    reference: m.reference ?? '',
    sale_id: m.saleId ?? null,
    purchase_id: m.purchaseId ?? null,
    date: m.date ?? ctx.now.today,
  }));
  const org = ctx.organisationId;
  await queryRows(
    tx,
    sql`with m as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as m (batch_id bigint, sub_product_id bigint, centre_id bigint,
            kind text, quantity int, reason text, reference text, sale_id bigint, purchase_id bigint, date date)),
        upd as (
          update store_batch b set quantity = b.quantity + s.q, updated_at = now()
          from (select batch_id, sum(quantity)::int as q from m group by batch_id) s
          where b.organisation_id = ${org}::bigint and b.id = s.batch_id
          returning b.id),
        ins as (
          insert into store_movement (organisation_id, batch_id, sub_product_id, centre_id, kind, quantity, reason, reference, sale_id,
                                      purchase_id, date, created_by)
          select ${org}::bigint, m.batch_id, m.sub_product_id, m.centre_id, m.kind, m.quantity, m.reason, m.reference, m.sale_id,
                 m.purchase_id, m.date, ${ctx.actor.actorId}::bigint
          from m
          returning id)
        select (select count(*) from upd)::int as batches, (select count(*) from ins)::int as movements`,
  ).catch(onNegativeStock(field));
}

export interface LockedBatch {
  id: number;
  subProductId: number;
  centreId: number;
  batchNo: string;
  expiryDate: string | null;
  receivedOn: string;
  quantity: number;
  cost: string;
}

/**
 * The batches of the variants at a centre that hold stock, locked for this transaction, in FEFO
 * order: the earliest expiry first (no expiry last), then the oldest received. Expired ones are
 * included (flagged by the caller against today), so a refusal can say why. `lock: false` reads
 * them without locking (a quote).
 */
export async function lockFefo(tx: Tx, ctx: Ctx, centreId: number, subProductIds: readonly number[], lock = true): Promise<LockedBatch[]> {
  if (!subProductIds.length) return [];
  const rows = await queryRows<{
    id: string | number;
    sub_product_id: string | number;
    centre_id: string | number;
    batch_no: string;
    expiry_date: string | null;
    received_on: string;
    quantity: number;
    cost: string;
  }>(
    tx,
    sql`select id, sub_product_id, centre_id, batch_no, expiry_date::text, received_on::text, quantity, cost::text
        from store_batch
        where organisation_id = ${ctx.organisationId} and centre_id = ${centreId}
          and sub_product_id = any(${idArray(subProductIds)}) and quantity > 0
        order by sub_product_id, expiry_date asc nulls last, received_on, id
        ${lock ? sql`for update` : sql``}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    subProductId: Number(r.sub_product_id),
    centreId: Number(r.centre_id),
    batchNo: r.batch_no,
    expiryDate: r.expiry_date,
    receivedOn: r.received_on,
    quantity: Number(r.quantity),
    cost: r.cost,
  }));
}

/** A batch of the organisation, locked; null when there is none. */
export async function lockBatch(tx: Tx, ctx: Ctx, id: number): Promise<LockedBatch | null> {
  const rows = await queryRows<{
    id: string | number;
    sub_product_id: string | number;
    centre_id: string | number;
    batch_no: string;
    expiry_date: string | null;
    received_on: string;
    quantity: number;
    cost: string;
  }>(
    tx,
    sql`select id, sub_product_id, centre_id, batch_no, expiry_date::text, received_on::text, quantity, cost::text
        from store_batch where organisation_id = ${ctx.organisationId} and id = ${id} for update`,
  );
  const r = rows[0];
  return r
    ? {
        id: Number(r.id),
        subProductId: Number(r.sub_product_id),
        centreId: Number(r.centre_id),
        batchNo: r.batch_no,
        expiryDate: r.expiry_date,
        receivedOn: r.received_on,
        quantity: Number(r.quantity),
        cost: r.cost,
      }
    : null;
}

/** A batch is sold through its expiry date and expired from the next day (SQL: `expiry_date < today`). */
export const isExpired = (expiryDate: string | null, today: string): boolean => expiryDate !== null && expiryDate < today;

export interface Pick {
  batch: LockedBatch;
  quantity: number;
}

/**
 * FEFO picking (pure): takes `quantity` from `batches` (already in FEFO order) skipping any expired
 * on `today` (a batch is sellable through its expiry date, expired from the day after: `isExpired`).
 * Answers the picks, or the units short and whether expired stock was all there was.
 */
export function pickFefo(
  batches: readonly LockedBatch[],
  quantity: number,
  today: string,
): { picks: Pick[]; short: number; sellable: number; expired: number } {
  const sellableBatches = batches.filter((b) => b.quantity > 0 && !isExpired(b.expiryDate, today));
  const expired = batches.filter((b) => b.quantity > 0 && isExpired(b.expiryDate, today)).reduce((n, b) => n + b.quantity, 0);
  const sellable = sellableBatches.reduce((n, b) => n + b.quantity, 0);
  const picks: Pick[] = [];
  let left = quantity;
  for (const b of sellableBatches) {
    if (left <= 0) break;
    const take = Math.min(left, b.quantity);
    picks.push({ batch: b, quantity: take });
    left -= take;
  }
  return { picks, short: Math.max(0, left), sellable, expired };
}

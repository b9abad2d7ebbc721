/**
 * The stock figures of a variant or a product (units on hand, sellable today, value at cost, the
 * next expiry), read in the list's own query: a subquery beside each row gathers the batches that
 * hold stock (on the FEFO index) as a small JSON array, and the output sums them for the centre
 * the request asked for (`centre` in the query) or for every centre. One query per page.
 */
import { fromPaise, paise } from '@arena/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ctxOf, type Ctx } from '../../platform/request-context.js';

/** A batch with stock: [centre, units, unit cost, expiry]. */
type BatchCell = [number | string, number, string | number, string | null];

/** The batches with stock of the outer row, as JSON: `outer` names the table and `key` the column of store_batch matched to its id. */
export function batchesJson(outer: 'store_sub_product' | 'store_product'): SQL<BatchCell[] | string> {
  const match =
    outer === 'store_sub_product'
      ? sql.raw(`b.sub_product_id = store_sub_product.id`)
      : sql.raw(
          `b.sub_product_id in (select v.id from store_sub_product v where v.organisation_id = store_product.organisation_id and v.product_id = store_product.id)`,
        );
  return sql<
    BatchCell[] | string
  >`(select coalesce(jsonb_agg(jsonb_build_array(b.centre_id, b.quantity, b.cost, b.expiry_date)), '[]'::jsonb)
    from store_batch b where b.organisation_id = ${sql.raw(outer)}.organisation_id and ${match} and b.quantity > 0)`;
}

export interface StockFigures {
  stock: number;
  sellable: number;
  value: string;
  next_expiry: string | null;
}

/** The figures of the batches (of one centre, or all), with "expired" judged against `today`. */
export function stockFigures(cells: BatchCell[] | string | null, centreId: number | null, today: string): StockFigures {
  const list: BatchCell[] = typeof cells === 'string' ? (JSON.parse(cells) as BatchCell[]) : (cells ?? []);
  let stock = 0;
  let sellable = 0;
  let value = 0;
  let next: string | null = null;
  for (const [centre, quantity, cost, expiry] of list) {
    if (centreId !== null && Number(centre) !== centreId) continue;
    const q = Number(quantity);
    stock += q;
    if (expiry === null || expiry >= today) sellable += q;
    value += q * paise(String(cost));
    if (expiry !== null && (next === null || expiry < next)) next = expiry;
  }
  return { stock, sellable, value: fromPaise(value), next_expiry: next };
}

const centres = new WeakMap<Ctx, number>();

/** The centre the request's stock figures are for (its `centre` query), or null for every centre. */
export const figuresCentre = (ctx: Ctx): number | null => centres.get(ctx) ?? null;

/** Reads `centre` from the query of the scope's GET routes (retrieve too, whose contract has no query) before they run. */
export function readFiguresCentre(scope: FastifyInstance): void {
  scope.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.method !== 'GET') return;
    const raw = (request.query as Record<string, unknown> | undefined)?.centre;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value !== undefined && value !== null && /^[1-9]\d{0,15}$/.test(String(value)) && request.organisation)
      centres.set(ctxOf(request), Number(value));
  });
}

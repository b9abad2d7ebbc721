/** Store fixtures of the catalogue tests (the lead's POS fixtures are in store-support.ts). */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../src/platform/db/client.js';
import type { Ctx } from '../src/platform/request-context.js';

let n = 0;

export async function makeStoreCategory(tx: Tx, ctx: Ctx, name = `Category ${++n}`): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into store_category (organisation_id, name) values (${ctx.organisationId}, ${name}) returning id`,
  );
  return Number(r.id);
}

export async function makeStoreBrand(tx: Tx, ctx: Ctx, name = `Brand ${++n}`): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into store_brand (organisation_id, name) values (${ctx.organisationId}, ${name}) returning id`,
  );
  return Number(r.id);
}

export async function makeStoreSubCategory(tx: Tx, ctx: Ctx, category: number, name = `Sub ${++n}`): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into store_sub_category (organisation_id, category_id, name) values (${ctx.organisationId}, ${category}, ${name}) returning id`,
  );
  return Number(r.id);
}

export async function makeStoreProduct(tx: Tx, ctx: Ctx, category: number, name = `Product ${++n}`): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into store_product (organisation_id, name, category_id, hsn, gst_rates)
        values (${ctx.organisationId}, ${name}, ${category}, '2106', ${JSON.stringify([{ rate: 18, from: '2017-07-01' }])}::jsonb) returning id`,
  );
  return Number(r.id);
}

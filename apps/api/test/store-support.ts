/** Store fixtures of the POS tests: a category, a product with variants (rows as the catalogue writes them), stock through a bill. */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/platform/db/client.js';
import { inOrg, makeCentre, type TestOrganisation } from './factories.js';
import { call, type TestContext } from './helpers.js';

let n = 0;

/** A centre, a category, a supplier, and the organisation's Cash and UPI modes. */
export async function storeBasics(t: TestContext, org: TestOrganisation) {
  return inOrg(t, org, async (tx, ctx) => {
    // A registered seller: its sales carry GST (an unregistered one issues bills of supply).
    await queryRows(
      tx,
      sql`update organisation set gstin = '29AAHCD1234K1ZL', state = 'Karnataka', legal_name = 'Store Club Pvt Ltd' where id = ${org.id}`,
    );
    const centre = await makeCentre(tx, ctx, { state: 'Karnataka' });
    const [cat] = await queryRows<{ id: number }>(
      tx,
      sql`insert into store_category (organisation_id, name) values (${org.id}, ${`Supplements ${++n}`}) returning id`,
    );
    const [sup] = await queryRows<{ id: number }>(
      tx,
      sql`insert into store_supplier (organisation_id, name, payment_terms_days) values (${org.id}, ${`Muscle Traders ${++n}`}, 15) returning id`,
    );
    const modes = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from payment_mode where organisation_id = ${org.id}`,
    );
    const mode = (name: string) => Number(modes.find((m) => m.name.toLowerCase() === name.toLowerCase())!.id);
    return { centre: centre.id, category: Number(cat.id), supplier: Number(sup.id), cash: mode('Cash'), upi: mode('UPI') };
  });
}

/** A product (GST `rate`, tracking expiry when asked) with one variant of `price` (MRP `mrp`); the variant's id. */
export async function makeVariant(
  t: TestContext,
  org: TestOrganisation,
  category: number,
  options: { price?: string; mrp?: string; rate?: number; tracksExpiry?: boolean; barcode?: string } = {},
): Promise<number> {
  return inOrg(t, org, async (tx) => {
    const [p] = await queryRows<{ id: number }>(
      tx,
      sql`insert into store_product (organisation_id, name, category_id, hsn, gst_rates, tracks_expiry, reorder_level)
          values (${org.id}, ${`Whey Protein ${++n}`}, ${category}, '2106', ${JSON.stringify([{ rate: options.rate ?? 18, from: '2017-07-01' }])}::jsonb,
                  ${options.tracksExpiry ?? true}, 5) returning id`,
    );
    const [v] = await queryRows<{ id: number }>(
      tx,
      sql`insert into store_sub_product (organisation_id, product_id, name, barcode, mrp, price, cost)
          values (${org.id}, ${p.id}, 'Chocolate 1 kg', ${options.barcode ?? ''}, ${options.mrp ?? '2500'}, ${options.price ?? '2360'}, '1500') returning id`,
    );
    return Number(v.id);
  });
}

/** Posts a supplier's bill through the API; its JSON. */
export async function buy(
  t: TestContext,
  org: TestOrganisation,
  token: string,
  basics: { supplier: number; centre: number; cash: number },
  lines: { sub_product: number; quantity: number; expiry_date?: string | null; batch_no?: string; cost?: string; gst_rate?: number }[],
  extra: Record<string, unknown> = {},
) {
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/store/purchase/',
    host: org.host,
    token,
    payload: {
      supplier: basics.supplier,
      centre: basics.centre,
      bill_no: `B-${++n}`,
      bill_date: org.ctx.now.today,
      lines: lines.map((l) => ({ batch_no: `L${n}`, cost: '1500', gst_rate: 18, expiry_date: null, ...l })),
      ...extra,
    },
  });
  if (res.statusCode !== 201) throw new Error(`purchase: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A batch's quantity and the sum of its movements (they must agree). */
export async function batchBooks(t: TestContext, org: TestOrganisation, batch: number) {
  return inOrg(t, org, async (tx) => {
    const [r] = await queryRows<{ quantity: number; moved: number }>(
      tx,
      sql`select b.quantity, (select coalesce(sum(m.quantity), 0)::int from store_movement m where m.organisation_id = b.organisation_id and m.batch_id = b.id) as moved
          from store_batch b where b.id = ${batch}`,
    );
    return { quantity: Number(r.quantity), moved: Number(r.moved) };
  });
}

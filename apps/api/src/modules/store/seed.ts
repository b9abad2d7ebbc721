/**
 * The store's demo data: forty products of five categories from brands sold in India, with
 * variants by flavour and size (sold by the piece: a tub, a can, a pair); three suppliers and their bills (the batches, with expiries); and
 * three months of counter sales to walk-ins and members, each through the checkout (FEFO, GST
 * invoice, receipts) on its own day. Two batches are near expiry, one has expired unsold, and two
 * variants are below their reorder level.
 */
import { fromPaise, paise } from '@arena/contracts/kit';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDays } from '../../platform/time.js';
import { centre, paymentMode } from '../administrator/index.js';
import { memberAudience } from '../membership/index.js';
import { createPurchase } from './purchase.service.js';
import { checkout } from './sale.service.js';
import { brand, category, customer, product, subCategory, subProduct, supplier } from './schema.js';

type Unit = 'piece' | 'kg' | 'g' | 'l' | 'ml';
interface DemoProduct {
  name: string;
  brand: string;
  sub: string;
  hsn: string;
  rate: number;
  unit: Unit;
  expiry: boolean;
  reorder: number;
  /** [variant, MRP, price] */
  variants: [string, number, number][];
}

const CATEGORIES: Record<string, { description: string; subs: string[]; products: DemoProduct[] }> = {
  Protein: {
    description: 'Whey, isolate and plant protein',
    subs: ['Whey', 'Isolate', 'Plant protein'],
    products: [
      p('Biozyme Performance Whey', 'MuscleBlaze', 'Whey', '2106', 18, 'piece', true, 6, [
        ['Rich Chocolate, 1 kg', 3299, 2999],
        ['Rich Chocolate, 2 kg', 5999, 5499],
        ['Café Mocha, 1 kg', 3299, 2999],
      ]),
      p('Gold Standard 100% Whey', 'Optimum Nutrition', 'Whey', '2106', 18, 'piece', true, 4, [
        ['Double Rich Chocolate, 907 g', 3999, 3799],
        ['Double Rich Chocolate, 2 kg', 7599, 7199],
        ['Vanilla Ice Cream, 907 g', 3999, 3799],
      ]),
      p('Impact Whey Protein', 'Myprotein', 'Whey', '2106', 18, 'piece', true, 4, [
        ['Chocolate Smooth, 1 kg', 3549, 3199],
        ['Salted Caramel, 1 kg', 3549, 3199],
      ]),
      p('Raw Whey Protein', 'AS-IT-IS', 'Whey', '2106', 18, 'piece', true, 4, [['Unflavoured, 1 kg', 2299, 1999]]),
      p('Whey Protein 100%', 'Avvatar', 'Whey', '2106', 18, 'piece', true, 4, [
        ['Malai Kulfi, 1 kg', 2999, 2799],
        ['Belgian Chocolate, 1 kg', 2999, 2799],
      ]),
      p('ISO-100 Hydrolyzed', 'Dymatize', 'Isolate', '2106', 18, 'piece', true, 2, [['Gourmet Chocolate, 1.4 kg', 9499, 8999]]),
      p('Iso Zero Isolate', 'MuscleBlaze', 'Isolate', '2106', 18, 'piece', true, 2, [['Cookies & Cream, 1 kg', 3999, 3699]]),
      p('Plant Protein', 'OZiva', 'Plant protein', '2106', 18, 'piece', true, 2, [['Chocolate, 500 g', 1699, 1499]]),
      p('Whey Protein Concentrate', 'Nakpro', 'Whey', '2106', 18, 'piece', true, 3, [['Kesar Badam, 1 kg', 2599, 1899]]),
      p('Mass Gainer XXL', 'MuscleBlaze', 'Whey', '2106', 18, 'piece', true, 2, [['Chocolate, 3 kg', 3299, 2899]]),
    ],
  },
  'Creatine & Pre-workout': {
    description: 'Creatine, pre-workout and amino acids',
    subs: ['Creatine', 'Pre-workout', 'Amino acids'],
    products: [
      p('Creatine Monohydrate', 'MuscleBlaze', 'Creatine', '2106', 18, 'piece', true, 5, [
        ['Unflavoured, 250 g', 999, 849],
        ['Unflavoured, 100 g', 499, 449],
      ]),
      p('Micronized Creatine Powder', 'Optimum Nutrition', 'Creatine', '2106', 18, 'piece', true, 3, [['Unflavoured, 250 g', 1799, 1699]]),
      p('Creatine Monohydrate', 'AS-IT-IS', 'Creatine', '2106', 18, 'piece', true, 3, [['Unflavoured, 250 g', 899, 749]]),
      p('C4 Original Pre-workout', 'Cellucor', 'Pre-workout', '2106', 18, 'piece', true, 2, [['Fruit Punch, 195 g', 2999, 2699]]),
      p('Pre Workout 200', 'MuscleBlaze', 'Pre-workout', '2106', 18, 'piece', true, 2, [['Green Apple, 100 g', 1099, 949]]),
      p('BCAA Pro', 'MuscleBlaze', 'Amino acids', '2106', 18, 'piece', true, 3, [['Watermelon, 250 g', 1399, 1199]]),
      p('Amino Energy', 'Optimum Nutrition', 'Amino acids', '2106', 18, 'piece', true, 2, [['Blue Raspberry, 270 g', 2499, 2299]]),
      p('Fish Oil Omega 3', 'MuscleBlaze', 'Amino acids', '2106', 18, 'piece', true, 4, [['60 softgels', 799, 649]]),
    ],
  },
  'Shakers & Bottles': {
    description: 'Shakers, sippers and steel bottles',
    subs: ['Shakers', 'Bottles'],
    products: [
      p('Classic Shaker', 'MuscleBlaze', 'Shakers', '3924', 18, 'piece', false, 10, [
        ['Black, 700 ml', 399, 299],
        ['Red, 700 ml', 399, 299],
      ]),
      p('Blender Bottle Classic', 'BlenderBottle', 'Shakers', '3924', 18, 'piece', false, 4, [['Black, 820 ml', 1299, 1099]]),
      p('Spider Shaker', 'Boldfit', 'Shakers', '3924', 18, 'piece', false, 6, [['Blue, 500 ml', 349, 249]]),
      p('Gallon Water Bottle', 'Boldfit', 'Bottles', '3924', 18, 'piece', false, 4, [['Black, 2.2 l', 699, 499]]),
      p('Steel Sipper', 'Milton', 'Bottles', '7323', 5, 'piece', false, 4, [
        ['Silver, 750 ml', 599, 549],
        ['Silver, 1 l', 749, 699],
      ]),
      p('Insulated Bottle', 'Cello', 'Bottles', '9617', 18, 'piece', false, 3, [['Blue, 1 l', 899, 799]]),
      p('Protein Funnel', 'Boldfit', 'Shakers', '3924', 18, 'piece', false, 3, [['Black', 199, 149]]),
      p('Pill Box', 'Boldfit', 'Shakers', '3924', 18, 'piece', false, 3, [['7 days', 249, 199]]),
    ],
  },
  'Gloves & Accessories': {
    description: 'Gloves, belts, straps and wraps',
    subs: ['Gloves', 'Belts & straps', 'Wraps & bands'],
    products: [
      p('Gym Gloves', 'Boldfit', 'Gloves', '4203', 18, 'piece', false, 5, [
        ['Black, M', 599, 399],
        ['Black, L', 599, 399],
      ]),
      p('Training Gloves', 'Nivia', 'Gloves', '4203', 18, 'piece', false, 4, [
        ['Black, M', 749, 649],
        ['Black, L', 749, 649],
      ]),
      p('Weight Lifting Gloves', 'Strauss', 'Gloves', '4203', 18, 'piece', false, 4, [['Grey, Free size', 499, 399]]),
      p('Lifting Belt', 'Kobo', 'Belts & straps', '4203', 18, 'piece', false, 2, [['Black, L', 1999, 1699]]),
      p('Lifting Straps', 'Boldfit', 'Belts & straps', '6307', 5, 'piece', false, 3, [['Black, pair', 399, 299]]),
      p('Wrist Wraps', 'Strauss', 'Wraps & bands', '6307', 5, 'piece', false, 3, [['Black, pair', 449, 349]]),
      p('Resistance Band Set', 'Boldfit', 'Wraps & bands', '9506', 5, 'piece', false, 3, [['5 bands', 999, 699]]),
      p('Skipping Rope', 'Cosco', 'Wraps & bands', '9506', 5, 'piece', false, 4, [['Adjustable', 349, 299]]),
    ],
  },
  'Energy Drinks & Hydration': {
    description: 'Energy drinks, electrolytes and protein bars',
    subs: ['Energy drinks', 'Electrolytes', 'Bars'],
    products: [
      p('Red Bull Energy Drink', 'Red Bull', 'Energy drinks', '2202', 40, 'piece', true, 24, [
        ['250 ml can', 125, 125],
        ['350 ml can', 175, 175],
      ]),
      p('Monster Energy', 'Monster', 'Energy drinks', '2202', 40, 'piece', true, 24, [['Original, 350 ml can', 125, 125]]),
      p('Sting Energy Drink', 'Sting', 'Energy drinks', '2202', 40, 'piece', true, 24, [['Berry Blast, 250 ml', 20, 20]]),
      p('Gatorade Sports Drink', 'Gatorade', 'Electrolytes', '2202', 40, 'piece', true, 24, [
        ['Orange, 500 ml', 50, 50],
        ['Blue Bolt, 500 ml', 50, 50],
      ]),
      p('Reload Electrolytes', 'Fast&Up', 'Electrolytes', '2106', 18, 'piece', true, 10, [
        ['Orange, 20 tablets', 450, 399],
        ['Lemon, 20 tablets', 450, 399],
      ]),
      p('Protein Bar', 'RiteBite Max Protein', 'Bars', '1806', 5, 'piece', true, 20, [['Choco Almond, 67 g', 100, 100]]),
    ],
  },
};

function p(
  name: string,
  brandName: string,
  sub: string,
  hsn: string,
  rate: number,
  unit: Unit,
  expiry: boolean,
  reorder: number,
  variants: [string, number, number][],
): DemoProduct {
  return { name, brand: brandName, sub, hsn, rate, unit, expiry, reorder, variants };
}

const SUPPLIERS = [
  {
    name: 'Bright Lifestyle Pvt Ltd',
    contactPerson: 'Nikhil Arora',
    phone: '9810012345',
    email: 'orders@brightlifestyle.example.com',
    gstin: '29AAHCD1234K1ZL',
    state: 'Karnataka',
    paymentTermsDays: 30,
  },
  {
    name: 'FitGear Distributors',
    contactPerson: 'Meena Pillai',
    phone: '9845067890',
    email: 'sales@fitgear.example.com',
    gstin: '',
    state: 'Karnataka',
    paymentTermsDays: 15,
  },
  {
    name: 'Coolbev Traders',
    contactPerson: 'Arjun Shetty',
    phone: '9900112233',
    email: 'arjun@coolbev.example.com',
    gstin: '',
    state: 'Karnataka',
    paymentTermsDays: 7,
  },
];

const WALK_INS = [
  { name: 'Karthik S', phone: '9876501234' },
  { name: 'Priya Nair', phone: '9876502345' },
  { name: 'Rahul Verma', phone: '9876503456' },
  { name: 'Sneha Iyer', phone: '9876504567' },
];

/** `n` of a deterministic sequence 0…1 (no Math.random: the demo is the same every time). */
const rnd = (n: number) => {
  const x = Math.sin(n * 9301 + 49297) * 233280;
  return x - Math.floor(x);
};

export async function seedStore(tx: Tx, ctx: Ctx): Promise<DemoHistory> {
  // The demo club runs the store; the other demo organisations start it empty (as bookings and members do).
  if (ctx.organisation.subdomain !== 'demo') return { steps: [] };
  const org = ctx.organisationId;
  const [firstCentre] = await tx
    .select({ id: centre.id })
    .from(centre)
    .where(and(eq(centre.organisationId, org), eq(centre.isActive, true)))
    .orderBy(centre.id)
    .limit(1);
  if (!firstCentre) return { steps: [] };
  const centreId = firstCentre.id;
  const modes = await tx
    .select({ id: paymentMode.id, name: paymentMode.name })
    .from(paymentMode)
    .where(eq(paymentMode.organisationId, org));
  const mode = (name: string) => modes.find((m) => m.name.toLowerCase() === name.toLowerCase())?.id ?? modes[0].id;

  // ---- the catalogue ----
  const brandNames = [...new Set(Object.values(CATEGORIES).flatMap((c) => c.products.map((x) => x.brand)))];
  const brands = await tx
    .insert(brand)
    .values(brandNames.map((name) => ({ organisationId: org, name })))
    .returning({ id: brand.id, name: brand.name });
  const brandId = new Map(brands.map((b) => [b.name, b.id]));
  const variants: {
    id: number;
    price: number;
    rate: number;
    expiry: boolean;
    product: string;
    reorder: number;
    category: string;
    n: number;
  }[] = [];
  let barcode = 0;
  for (const [catName, cat] of Object.entries(CATEGORIES)) {
    const [c] = await tx
      .insert(category)
      .values({ organisationId: org, name: catName, description: cat.description })
      .returning({ id: category.id });
    const subs = await tx
      .insert(subCategory)
      .values(cat.subs.map((name) => ({ organisationId: org, categoryId: c.id, name })))
      .returning({ id: subCategory.id, name: subCategory.name });
    for (const x of cat.products) {
      const [prod] = await tx
        .insert(product)
        .values({
          organisationId: org,
          // "Optimum Nutrition Gold Standard 100% Whey"; a name that starts with its brand ("Red Bull Energy Drink") as it is.
          name: x.name.startsWith(x.brand) ? x.name : `${x.brand} ${x.name}`,
          brandId: brandId.get(x.brand)!,
          categoryId: c.id,
          subCategoryId: subs.find((s) => s.name === x.sub)!.id,
          hsn: x.hsn,
          gstRates: [{ rate: x.rate, from: '2025-09-22' }],
          unit: x.unit,
          reorderLevel: x.reorder,
          tracksExpiry: x.expiry,
        })
        .returning({ id: product.id });
      const rows = await tx
        .insert(subProduct)
        .values(
          x.variants.map(([name, mrp, price]) => ({
            organisationId: org,
            productId: prod.id,
            name,
            sku: `${x.brand
              .replace(/[^A-Za-z]/g, '')
              .slice(0, 3)
              .toUpperCase()}-${String(++barcode).padStart(4, '0')}`,
            barcode: ean13(`890100${String(barcode).padStart(6, '0')}`),
            mrp: mrp.toFixed(2),
            price: price.toFixed(2),
            cost: (price * 0.62).toFixed(2),
          })),
        )
        .returning({ id: subProduct.id, price: subProduct.price });
      for (const r of rows)
        variants.push({
          id: r.id,
          price: paise(r.price),
          rate: x.rate,
          expiry: x.expiry,
          product: x.name,
          reorder: x.reorder,
          category: catName,
          n: variants.length,
        });
    }
  }
  const suppliers = await tx
    .insert(supplier)
    .values(SUPPLIERS.map((s) => ({ organisationId: org, ...s })))
    .returning({ id: supplier.id, name: supplier.name });
  const supplierOf = (v: (typeof variants)[number]) =>
    v.category === 'Energy Drinks & Hydration'
      ? suppliers[2].id
      : v.category === 'Protein' || v.category.startsWith('Creatine')
        ? suppliers[0].id
        : suppliers[1].id;
  await tx.insert(customer).values(WALK_INS.map((w) => ({ organisationId: org, ...w })));

  // The special cases: two below reorder level (never restocked), two near expiry and one expired (never sold).
  const belowReorder = [variants.find((v) => v.product === 'Classic Shaker')!, variants.find((v) => v.product === 'Gym Gloves')!];
  const nearExpiry = [variants.find((v) => v.product === 'Protein Bar')!, variants.find((v) => v.product === 'Sting Energy Drink')!];
  const expired = variants.find((v) => v.product === 'Plant Protein')!;
  const unsold = new Set([expired.id, ...nearExpiry.map((v) => v.id), ...belowReorder.map((v) => v.id)]);

  const at = (date: string): Ctx => ({ ...ctx, now: { ...ctx.now, today: date } });
  const cost = (v: (typeof variants)[number]) => fromPaise(Math.round((v.price * 0.62 * 100) / (100 + v.rate)));
  const steps: DemoHistory['steps'] = [];
  let bill = 100;

  // ---- the bills: an opening stock 100 days ago, a restock 45 days ago ----
  const opening = addDays(ctx.now.today, -100);
  const restock = addDays(ctx.now.today, -45);
  const billsOf = (
    date: string,
    pick: (v: (typeof variants)[number]) => number,
    expiryDays: (v: (typeof variants)[number]) => number,
    paid: boolean,
  ) =>
    suppliers
      .map((s) => ({ s, lines: variants.filter((v) => supplierOf(v) === s.id && pick(v) > 0) }))
      .filter((b) => b.lines.length)
      .map(({ s, lines }) => async () => {
        await createPurchase(tx, at(date), {
          supplier: s.id,
          centre: centreId,
          bill_no: `INV-${++bill}`,
          bill_date: date,
          lines: lines.map((v) => ({
            sub_product: v.id,
            batch_no: v.expiry ? `B${date.replace(/-/g, '').slice(2)}${v.n}` : '',
            expiry_date: v.expiry ? addDays(ctx.now.today, expiryDays(v)) : null,
            quantity: pick(v),
            cost: cost(v),
            gst_rate: v.rate,
          })),
          payment: paid ? 'paid' : 'payable',
          payment_mode: paid ? mode('Bank transfer') : null,
          reference: '',
          notes: '',
        });
      });
  const openingQty = (v: (typeof variants)[number]) =>
    belowReorder.includes(v) ? v.reorder - 3 : nearExpiry.includes(v) ? 0 : v === expired ? 6 : v.price < 50_000 ? 40 : 20;
  for (const run of billsOf(opening, openingQty, (v) => (v === expired ? -5 : 240 + (v.n % 5) * 30), true))
    steps.push({ date: opening, run });
  const restockQty = (v: (typeof variants)[number]) =>
    belowReorder.includes(v) || v === expired ? 0 : nearExpiry.includes(v) ? 30 : v.price < 50_000 ? 24 : 6;
  for (const run of billsOf(restock, restockQty, (v) => (nearExpiry.includes(v) ? 12 + (v.n % 2) * 9 : 300), false))
    steps.push({ date: restock, run });

  // ---- three months of sales ----
  let members: { id: number; name: string; phone: string }[] | null = null;
  const sellable = variants.filter((v) => !unsold.has(v.id));
  for (let day = -90; day <= -1; day++) {
    const date = addDays(ctx.now.today, day);
    const count = 1 + Math.floor(rnd(day) * 3);
    steps.push({
      date,
      run: async () => {
        if (members === null) {
          const found = await memberAudience(tx, ctx, { audience: 'active_members' }, 4);
          members = [];
          for (const m of found) {
            const [c] = await tx
              .insert(customer)
              .values({ organisationId: org, name: m.name, phone: m.phone, email: m.email, memberId: m.id })
              .onConflictDoNothing()
              .returning({ id: customer.id });
            if (c) members.push({ id: c.id, name: m.name, phone: m.phone });
          }
        }
        for (let k = 0; k < count; k++) {
          const seed = day * 7 + k;
          const lines = [
            ...new Set(
              [0, 1, 2].slice(0, 1 + Math.floor(rnd(seed + 1) * 2.4)).map((i) => sellable[Math.floor(rnd(seed * 3 + i) * sellable.length)]),
            ),
          ].map((v) => ({ sub_product: v.id, quantity: v.price < 20_000 ? 1 + Math.floor(rnd(seed + v.n) * 3) : 1, discount: '0.00' }));
          if (!lines.length) continue;
          const who = rnd(seed + 5);
          const member = members.length && who < 0.35 ? members[Math.floor(rnd(seed + 6) * members.length)] : null;
          const walkIn = !member && who < 0.7 ? WALK_INS[Math.floor(rnd(seed + 7) * WALK_INS.length)] : null;
          const total = lines.reduce((n, l) => n + variants.find((v) => v.id === l.sub_product)!.price * l.quantity, 0);
          // Most pay at once by cash or UPI; a member now and then pays part and owes the rest.
          const partPaid = member && rnd(seed + 8) < 0.15;
          const amount = partPaid ? Math.floor(total / 200) * 100 : total;
          try {
            // In a savepoint: a cart its day's stock cannot fill leaves nothing behind.
            await tx.transaction((sp) =>
              checkout(sp, at(date), {
                centre: centreId,
                customer: member?.id ?? null,
                customer_name: walkIn?.name ?? '',
                customer_phone: walkIn?.phone ?? '',
                lines,
                payments:
                  amount > 0
                    ? [{ payment_mode: rnd(seed + 9) < 0.5 ? mode('Cash') : mode('UPI'), amount: fromPaise(amount), reference: '' }]
                    : [],
                sold_by: null,
              }),
            );
          } catch {
            // A demo cart asking beyond the stock of its day is simply not sold (as the desk would be told).
          }
        }
      },
    });
  }
  return { steps };
}

/** An EAN-13 of 12 digits and their check digit. */
function ean13(twelve: string): string {
  const sum = [...twelve].reduce((n, d, i) => n + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

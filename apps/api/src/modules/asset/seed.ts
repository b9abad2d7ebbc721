/**
 * The demo's assets: sixty across the centres (treadmills, racks, courts' nets, ACs …) in five
 * categories, four vendors with their service contracts, warranties (a few ending this month), a
 * maintenance history whose costs are on the ledger (category Maintenance), preventive schedules
 * due soon, and two repairs open (those assets under maintenance). Bulk inserts, plus a ledger
 * payment per paid entry.
 */
import { gstinCheckCharacter } from '@arena/contracts/kit';
import { and, eq, sql } from 'drizzle-orm';
import { inIds, type Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { reserveNumbers } from '../../platform/sequence.js';
import { centre, paymentMode } from '../administrator/index.js';
import { payExpense } from '../money/index.js';
import { addDays } from './asset.service.js';
import {
  assetCode,
  CODE_COUNTER,
  EQUIPMENT_CATEGORY,
  MAINTENANCE_CATEGORY,
  MAINTENANCE_SOURCE,
  MODULE,
  PURCHASE_SOURCE,
} from './constants.js';
import { asset, assetCategory, assetMaintenance, assetVendor } from './schema.js';

const gstin = (base: string) => `${base}${gstinCheckCharacter(`${base}0`)}`;

const CATEGORIES = [
  ['Cardio', 'Treadmills, bikes, cross-trainers and rowers'],
  ['Strength', 'Racks, benches, machines and free weights'],
  ['Courts and nets', 'Nets, posts and court equipment'],
  ['Furniture', 'Lockers, benches and reception furniture'],
  ['Electronics', 'Air conditioners, sound, screens and CCTV'],
] as const;

const VENDORS = [
  { name: 'FitGear Solutions', phone: '9845012345', gstin: gstin('29AABCF1234K1Z'), address: 'Peenya Industrial Area, Bengaluru' },
  { name: 'ProSport Courts', phone: '9880098800', gstin: gstin('29AAGCP5678M1Z'), address: 'Hosur Road, Bengaluru' },
  { name: 'CoolAir Services', phone: '9900112233', gstin: gstin('29AAHCC9012N1Z'), address: 'Jayanagar 4th Block, Bengaluru' },
  { name: 'Urban Furnishers', phone: '9731045678', gstin: '', address: 'Koramangala, Bengaluru' },
];

/** [name, category, vendor, make, model, cost, life, count, floor, zone] */
const KINDS: [string, number, number, string, string, number, number, number, string, string][] = [
  ['Treadmill', 0, 0, 'Life Fitness', 'T5 Track Connect', 285000, 7, 8, '1', 'Cardio zone'],
  ['Spin bike', 0, 0, 'Keiser', 'M3i', 145000, 7, 6, '1', 'Spin studio'],
  ['Cross-trainer', 0, 0, 'Precor', 'EFX 635', 210000, 7, 4, '1', 'Cardio zone'],
  ['Rowing machine', 0, 0, 'Concept2', 'RowErg', 98000, 8, 2, '1', 'Cardio zone'],
  ['Power rack', 1, 0, 'Rogue', 'R-3', 165000, 15, 4, '2', 'Free weights'],
  ['Adjustable bench', 1, 0, 'Hammer Strength', 'HS Bench', 42000, 10, 6, '2', 'Free weights'],
  ['Cable crossover', 1, 0, 'Technogym', 'Selection 900', 385000, 12, 2, '2', 'Machines'],
  ['Dumbbell set 2.5–40 kg', 1, 0, 'Cosco', 'Hex rubber', 118000, 10, 2, '2', 'Free weights'],
  ['Badminton net and posts', 2, 1, 'Yonex', 'AC 142', 36000, 5, 6, 'Ground', 'Court hall'],
  ['Cricket practice net', 2, 1, 'SG', 'Nylon 30 ft', 28000, 4, 2, 'Ground', 'Outdoor nets'],
  ['Locker bank (12)', 3, 3, 'Godrej', 'Interio L12', 64000, 10, 4, 'Ground', 'Changing rooms'],
  ['Reception desk', 3, 3, 'Featherlite', 'Halo', 52000, 10, 2, 'Ground', 'Reception'],
  ['Split AC 2 ton', 4, 2, 'Daikin', 'FTKM71', 78000, 8, 10, '', ''],
  ['Sound system', 4, 2, 'Bose', 'S1 Pro', 62000, 6, 2, '1', 'Spin studio'],
];
/** Where the air conditioners hang, one after another. */
const AC_PLACES = [
  ['1', 'Cardio zone'],
  ['1', 'Spin studio'],
  ['2', 'Free weights'],
  ['2', 'Machines'],
  ['Ground', 'Reception'],
] as const;

export async function seedAssets(tx: Tx, ctx: Ctx): Promise<void> {
  // The demo club's equipment; the other demo organisations start the register empty (as the store does).
  if (ctx.organisation.subdomain !== 'demo') return;
  const org = ctx.organisationId;
  const today = ctx.now.today;
  const centres = await tx
    .select({ id: centre.id })
    .from(centre)
    .where(and(eq(centre.organisationId, org), eq(centre.isActive, true)))
    .orderBy(centre.id)
    .limit(2);
  if (!centres.length) return;
  const [mode] = await tx
    .select({ id: paymentMode.id })
    .from(paymentMode)
    .where(and(eq(paymentMode.organisationId, org), eq(paymentMode.isActive, true)))
    .orderBy(paymentMode.id)
    .limit(1);

  const categories = await tx
    .insert(assetCategory)
    .values(CATEGORIES.map(([name, description]) => ({ organisationId: org, name, description })))
    .returning({ id: assetCategory.id });
  const vendors = await tx
    .insert(assetVendor)
    .values(
      VENDORS.map((v, i) => ({
        organisationId: org,
        ...v,
        serviceContractEnd: addDays(today, 90 + i * 120),
      })),
    )
    .returning({ id: assetVendor.id, name: assetVendor.name });

  // Sixty assets, one kind after another, alternating centres; bought over the last four years.
  const rows: (typeof asset.$inferInsert)[] = [];
  let n = 0;
  for (const [name, cat, vendor, make, model, cost, life, count, floor, zone] of KINDS)
    for (let i = 0; i < count; i++, n++) {
      const purchase = addDays(today, -(40 + ((n * 53) % 1400)));
      const warranty = n % 9 === 0 ? addDays(today, 5 + (n % 20)) : addDays(purchase, 365 * (2 + (n % 3)));
      rows.push({
        organisationId: org,
        code: '',
        name: `${name}${count > 1 ? ` ${i + 1}` : ''}`,
        categoryId: categories[cat].id,
        centreId: centres[n % centres.length].id,
        ...(floor || zone ? { floor, zone } : { floor: AC_PLACES[i % AC_PLACES.length][0], zone: AC_PLACES[i % AC_PLACES.length][1] }),
        make,
        model,
        serialNo: `${make.slice(0, 3).toUpperCase()}-${(202100 + n * 37).toString()}`,
        purchaseDate: purchase,
        cost: String(cost),
        vendorId: vendors[vendor].id,
        warrantyUntil: warranty,
        amcUntil: n % 4 === 0 ? addDays(today, 200) : null,
        condition: n % 11 === 0 ? 'fair' : n % 17 === 0 ? 'poor' : 'good',
        usefulLifeYears: life,
        depreciationMethod: n % 3 === 0 ? 'written_down_value' : 'straight_line',
        salvageValue: String(Math.round(cost * 0.05)),
      });
    }
  const first = await reserveNumbers(tx, org, CODE_COUNTER, rows.length);
  rows.forEach((r, i) => (r.code = assetCode(first + i)));
  const assets = await tx.insert(asset).values(rows).returning({
    id: asset.id,
    code: asset.code,
    name: asset.name,
    centreId: asset.centreId,
    cost: asset.cost,
    purchaseDate: asset.purchaseDate,
    vendorId: asset.vendorId,
  });
  if (!mode) return;
  const vendorName = new Map(vendors.map((v) => [v.id, v.name]));

  // The last four bought are on the books (bought now, within the last few months).
  for (const a of [...assets].sort((x, y) => (x.purchaseDate < y.purchaseDate ? 1 : -1)).slice(0, 4)) {
    const entry = await payExpense(tx, ctx, {
      category: EQUIPMENT_CATEGORY,
      amount: a.cost,
      paymentMode: mode.id,
      date: a.purchaseDate,
      module: MODULE,
      source: { type: PURCHASE_SOURCE, id: a.id, label: a.code ?? '' },
      party: vendorName.get(a.vendorId!) ?? a.name,
      centreId: a.centreId,
      notes: `Purchase of ${a.code} ${a.name}`,
    });
    await tx
      .update(asset)
      .set({ expenseId: entry.id })
      .where(and(eq(asset.organisationId, org), eq(asset.id, a.id)));
  }

  // Maintenance history: quarterly preventive service of the cardio machines and ACs over the last months, paid
  // (three days earlier each, so that the first few next services are a day or two overdue).
  const serviced = assets.filter((_, i) => i < 20 || (i >= 50 && i < 60));
  const done: (typeof assetMaintenance.$inferInsert)[] = [];
  serviced.forEach((a, i) => {
    for (const back of [270, 180, 90]) {
      const date = addDays(today, -(back - (i % 30)) - 3);
      if (date < a.purchaseDate) continue;
      done.push({
        organisationId: org,
        assetId: a.id,
        status: 'done',
        date,
        kind: 'preventive',
        vendorId: a.vendorId,
        cost: String(1200 + (i % 5) * 300),
        notes: 'Quarterly service: belts, lubrication, electricals',
        everyDays: 90,
      });
    }
  });
  const doneRows = done.length
    ? await tx.insert(assetMaintenance).values(done).returning({
        id: assetMaintenance.id,
        assetId: assetMaintenance.assetId,
        date: assetMaintenance.date,
        cost: assetMaintenance.cost,
        vendorId: assetMaintenance.vendorId,
      })
    : [];
  const byId = new Map(assets.map((a) => [a.id, a]));
  for (const m of doneRows) {
    const a = byId.get(m.assetId)!;
    const entry = await payExpense(tx, ctx, {
      category: MAINTENANCE_CATEGORY,
      amount: m.cost,
      paymentMode: mode.id,
      date: m.date,
      module: MODULE,
      source: { type: MAINTENANCE_SOURCE, id: m.id, label: `${a.code} preventive` },
      party: vendorName.get(m.vendorId!) ?? a.name,
      centreId: a.centreId,
      notes: `Preventive maintenance of ${a.code} ${a.name}`,
    });
    await tx
      .update(assetMaintenance)
      .set({ expenseId: entry.id })
      .where(and(eq(assetMaintenance.organisationId, org), eq(assetMaintenance.id, m.id)));
  }
  // The next service of each, scheduled 90 days after its last (a few overdue, some due this week), linked from the last.
  await tx.execute(sql`
    with last as (
      select distinct on (asset_id) id, asset_id, date, vendor_id from asset_maintenance
      where organisation_id = ${org} and status = 'done' order by asset_id, date desc, id desc
    ), ins as (
      insert into asset_maintenance (organisation_id, asset_id, status, date, kind, vendor_id, every_days)
      select ${org}, asset_id, 'scheduled', date + 90, 'preventive', vendor_id, 90 from last
      returning id, asset_id
    )
    update asset_maintenance m set next_id = ins.id from last join ins on ins.asset_id = last.asset_id
    where m.organisation_id = ${org} and m.id = last.id`);

  // Two repairs open: a treadmill and an AC reported faulty, under maintenance.
  const broken = [assets[1], assets[51]].filter(Boolean);
  if (broken.length) {
    await tx.insert(assetMaintenance).values(
      broken.map((a, i) => ({
        organisationId: org,
        assetId: a.id,
        status: 'scheduled' as const,
        date: addDays(today, -i - 1),
        kind: 'repair' as const,
        vendorId: a.vendorId,
        notes: i === 0 ? 'Belt slipping at high speed' : 'Not cooling, compressor noise',
        reportedFault: true,
      })),
    );
    await tx
      .update(asset)
      .set({ status: 'under_maintenance' })
      .where(
        and(
          eq(asset.organisationId, org),
          inIds(
            asset.id,
            broken.map((a) => a.id),
          ),
        ),
      );
  }
}

/**
 * The asset's rules beyond its columns: the code from the counter, the purchase's expense, the
 * status that follows its open repairs, and maintenance (scheduled, done, the next preventive
 * entry, the cost on the ledger, "report a fault").
 */
import type { Asset, Maintenance } from '@arena/contracts/asset';
import { maintenanceDoneInputSchema, maintenanceInputSchema } from '@arena/contracts/asset';
import { paise } from '@arena/contracts/kit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { record } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import { badRequest, fieldError, notFound } from '../../platform/errors.js';
import { checkReferences } from '../../platform/references.js';
import type { Ctx } from '../../platform/request-context.js';
import { nextNumber } from '../../platform/sequence.js';
import { centre } from '../administrator/index.js';
import { payExpense } from '../money/index.js';
import {
  assetCode,
  CODE_COUNTER,
  EQUIPMENT_CATEGORY,
  MAINTENANCE_CATEGORY,
  MAINTENANCE_SOURCE,
  MODULE,
  PURCHASE_SOURCE,
} from './constants.js';
import { asset, assetMaintenance, assetVendor } from './schema.js';

const DAY = 86_400_000;
export const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Takes the next code of the organisation's counter (row-locked, rolls back with the create) and writes it. */
export async function assignCode(tx: Tx, ctx: Ctx, id: number): Promise<string> {
  const code = assetCode(await nextNumber(tx, ctx.organisationId, CODE_COUNTER));
  await tx
    .update(asset)
    .set({ code })
    .where(and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, id)));
  return code;
}

type AssetWrite = {
  input: Partial<{ purchase_date: string; cost: string; bought_now: boolean; payment_mode: number | null }>;
  before?: Asset;
};

/** The rules that need today or the row as it was: no purchase in the future; the books keep a posted cost. */
export async function checkAssetInput(_tx: Tx, ctx: Ctx, { input, before }: AssetWrite): Promise<void> {
  if (input.purchase_date && input.purchase_date > ctx.now.today)
    throw fieldError('purchase_date', 'The purchase date cannot be in the future.');
  if (!before) {
    if (input.bought_now && paise(input.cost ?? '0') > 0 && !input.payment_mode)
      throw fieldError('payment_mode', 'Choose how the purchase was paid.');
    return;
  }
  if (before.expense !== null) {
    if (input.cost !== undefined && paise(input.cost) !== paise(before.cost))
      throw fieldError('cost', 'The purchase is on the books: its cost cannot change.');
    if (input.purchase_date !== undefined && input.purchase_date !== before.purchase_date)
      throw fieldError('purchase_date', 'The purchase is on the books: its date cannot change.');
  }
}

/** An asset bought now: its cost is an expense (category Equipment) on its purchase date. */
export async function postPurchase(
  tx: Tx,
  ctx: Ctx,
  id: number,
  code: string,
  input: { cost?: string; payment_mode?: number | null; purchase_date?: string; name?: string; centre?: number },
): Promise<void> {
  if (paise(input.cost ?? '0') <= 0) return;
  const [row] = await tx
    .select({ name: asset.name, centreId: asset.centreId, vendor: assetVendor.name })
    .from(asset)
    .leftJoin(assetVendor, and(eq(assetVendor.organisationId, asset.organisationId), eq(assetVendor.id, asset.vendorId)))
    .where(and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, id)));
  const entry = await payExpense(tx, ctx, {
    category: EQUIPMENT_CATEGORY,
    amount: input.cost!,
    paymentMode: input.payment_mode!,
    date: input.purchase_date,
    module: MODULE,
    source: { type: PURCHASE_SOURCE, id, label: code },
    party: row.vendor ?? row.name,
    centreId: row.centreId,
    notes: `Purchase of ${code} ${row.name}`,
  }).catch(renameMovementFields);
  await tx
    .update(asset)
    .set({ expenseId: entry.id })
    .where(and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, id)));
}

/** payExpense names a movement's fields: here they are the asset's purchase date and payment mode. */
function renameMovementFields(err: unknown): never {
  const body = (err as { body?: Record<string, unknown> }).body;
  if (body && typeof body === 'object' && 'date' in body) {
    body.purchase_date = body.date;
    delete body.date;
  }
  throw err;
}

/** The asset's status follows its open repairs: under maintenance while one is open, in use again when none is. */
async function followRepairs(tx: Tx, ctx: Ctx, assetId: number): Promise<void> {
  await tx.execute(sql`
    update asset a set status = case when exists (select 1 from asset_maintenance m where m.organisation_id = a.organisation_id and m.asset_id = a.id and m.status = 'scheduled' and m.kind = 'repair')
                                     then 'under_maintenance' else 'in_use' end,
                       updated_at = now()
    where a.organisation_id = ${ctx.organisationId} and a.id = ${assetId} and a.status in ('in_use', 'under_maintenance')`);
}

// ---- maintenance ----
const nextEntry = alias(assetMaintenance, 'next_entry');
export const maintenanceFields = {
  m: assetMaintenance,
  assetCode: asset.code,
  assetName: asset.name,
  centreId: asset.centreId,
  centreName: centre.name,
  floor: asset.floor,
  zone: asset.zone,
  vendorName: assetVendor.name,
  nextDue: nextEntry.date,
};
export type MaintenanceJoin = {
  m: typeof assetMaintenance.$inferSelect;
  assetCode: string | null;
  assetName: string;
  centreId: number;
  centreName: string;
  floor: string;
  zone: string;
  vendorName: string | null;
  nextDue: string | null;
};
export const maintenanceFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof maintenanceFields)
    .from(assetMaintenance)
    .innerJoin(asset, and(eq(asset.organisationId, assetMaintenance.organisationId), eq(asset.id, assetMaintenance.assetId)))
    .innerJoin(centre, and(eq(centre.organisationId, asset.organisationId), eq(centre.id, asset.centreId)))
    .leftJoin(
      assetVendor,
      and(eq(assetVendor.organisationId, assetMaintenance.organisationId), eq(assetVendor.id, assetMaintenance.vendorId)),
    )
    .leftJoin(nextEntry, and(eq(nextEntry.organisationId, assetMaintenance.organisationId), eq(nextEntry.id, assetMaintenance.nextId)))
    .$dynamic();

/** An entry as the API answers it; `today` (the organisation's) says whether a scheduled one is overdue. */
export function maintenanceJson(j: MaintenanceJoin, today: string): Maintenance {
  const m = j.m;
  return {
    id: m.id,
    asset: m.assetId,
    asset_code: j.assetCode ?? '',
    asset_name: j.assetName,
    centre: j.centreId,
    centre_name: j.centreName,
    location: { floor: j.floor, zone: j.zone },
    status: m.status,
    date: m.date,
    kind: m.kind,
    vendor: m.vendorId,
    vendor_name: j.vendorName ?? '',
    cost: m.cost,
    notes: m.notes,
    every_days: m.everyDays,
    next_due: j.nextDue,
    expense: m.expenseId,
    reported_fault: m.reportedFault,
    overdue: m.status === 'scheduled' && m.date < today,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}

export async function loadMaintenance(tx: Tx, ctx: Ctx, id: number): Promise<Maintenance> {
  const [row] = (await maintenanceFrom(tx, maintenanceFields)
    .where(and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.id, id)))
    .limit(1)) as MaintenanceJoin[];
  if (!row) throw notFound();
  return maintenanceJson(row, ctx.now.today);
}

/** An asset's maintenance, latest first: one page. */
export async function maintenanceOf(tx: Tx, ctx: Ctx, assetId: number, page: number, pageSize: number) {
  await lockAsset(tx, ctx, assetId, false);
  const where = and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.assetId, assetId));
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(assetMaintenance)
    .where(where);
  const rows = (await maintenanceFrom(tx, maintenanceFields)
    .where(where)
    .orderBy(desc(assetMaintenance.date), desc(assetMaintenance.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)) as MaintenanceJoin[];
  return { count: n, results: rows.map((r) => maintenanceJson(r, ctx.now.today)) };
}

async function lockAsset(tx: Tx, ctx: Ctx, id: number, forUpdate = true) {
  const q = tx
    .select({
      id: asset.id,
      code: asset.code,
      name: asset.name,
      centreId: asset.centreId,
      status: asset.status,
      purchaseDate: asset.purchaseDate,
    })
    .from(asset)
    .where(and(eq(asset.organisationId, ctx.organisationId), eq(asset.id, id)));
  const [row] = await (forUpdate ? q.for('update') : q);
  if (!row) throw notFound();
  return row;
}

/** A maintenance date: within ten years either side of today; a done entry not in the future. */
function checkDate(ctx: Ctx, date: string, done: boolean): void {
  if (done && date > ctx.now.today) throw fieldError('date', 'Maintenance done cannot be dated in the future.');
  if (date < addDays(ctx.now.today, -3650) || date > addDays(ctx.now.today, 3650))
    throw fieldError('date', 'Enter a date within ten years of today.');
}

/** The cost of a done entry on the ledger (category Maintenance), and the next preventive entry. */
async function completed(
  tx: Tx,
  ctx: Ctx,
  a: { code: string | null; name: string; centreId: number },
  m: typeof assetMaintenance.$inferSelect,
  paymentMode: number | null,
): Promise<void> {
  const set: Partial<typeof assetMaintenance.$inferInsert> = {};
  if (paise(m.cost) > 0) {
    const [vendor] = m.vendorId
      ? await tx
          .select({ name: assetVendor.name })
          .from(assetVendor)
          .where(and(eq(assetVendor.organisationId, ctx.organisationId), eq(assetVendor.id, m.vendorId)))
      : [];
    const entry = await payExpense(tx, ctx, {
      category: MAINTENANCE_CATEGORY,
      amount: m.cost,
      paymentMode,
      date: m.date,
      module: MODULE,
      source: { type: MAINTENANCE_SOURCE, id: m.id, label: `${a.code ?? ''} ${m.kind}`.trim() },
      party: vendor?.name ?? a.name,
      centreId: a.centreId,
      notes: `${m.kind === 'repair' ? 'Repair' : 'Preventive maintenance'} of ${a.code ?? ''} ${a.name}`,
    });
    set.expenseId = entry.id;
  }
  if (m.kind === 'preventive' && m.everyDays) {
    const [next] = await tx
      .insert(assetMaintenance)
      .values({
        organisationId: ctx.organisationId,
        assetId: m.assetId,
        status: 'scheduled',
        date: addDays(m.date, m.everyDays),
        kind: 'preventive',
        vendorId: m.vendorId,
        everyDays: m.everyDays,
      })
      .returning({ id: assetMaintenance.id });
    set.nextId = next.id;
  }
  if (Object.keys(set).length)
    await tx
      .update(assetMaintenance)
      .set(set)
      .where(and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.id, m.id)));
}

const audit = (tx: Tx, ctx: Ctx, out: Maintenance, action: 'create' | 'update' | 'delete', before?: Maintenance) =>
  record(tx, ctx.actor, {
    module: MODULE,
    resource: 'asset_maintenance',
    objectId: out.id,
    label: `${out.asset_code} ${out.kind} ${out.date}`,
    action,
    before,
    after: action === 'delete' ? undefined : out,
  });

export async function createMaintenance(
  tx: Tx,
  ctx: Ctx,
  assetId: number,
  input: z.output<typeof maintenanceInputSchema>,
  options: { reportedFault?: boolean } = {},
): Promise<Maintenance> {
  const a = await lockAsset(tx, ctx, assetId);
  if (a.status === 'disposed') throw badRequest('This asset is disposed of.');
  await checkReferences(tx, ctx.organisationId, { vendor: { table: assetVendor, id: input.vendor } });
  const done = input.status === 'done';
  checkDate(ctx, input.date, done);
  const [m] = await tx
    .insert(assetMaintenance)
    .values({
      organisationId: ctx.organisationId,
      assetId,
      status: input.status,
      date: input.date,
      kind: input.kind,
      vendorId: input.vendor,
      cost: done ? input.cost : '0',
      notes: input.notes,
      everyDays: input.every_days,
      reportedFault: options.reportedFault ?? false,
    })
    .returning();
  if (done) await completed(tx, ctx, a, m, input.payment_mode);
  if (input.kind === 'repair') await followRepairs(tx, ctx, assetId);
  const out = await loadMaintenance(tx, ctx, m.id);
  await audit(tx, ctx, out, 'create');
  return out;
}

/** "Report a fault": a repair scheduled today, and the asset under maintenance. */
export async function reportFault(tx: Tx, ctx: Ctx, assetId: number, notes: string): Promise<Maintenance> {
  const a = await lockAsset(tx, ctx, assetId);
  if (a.status === 'retired' || a.status === 'disposed') throw badRequest('This asset is no longer in use.');
  return createMaintenance(
    tx,
    ctx,
    assetId,
    maintenanceInputSchema.parse({ status: 'scheduled', date: ctx.now.today, kind: 'repair', notes }),
    { reportedFault: true },
  );
}

async function lockEntry(tx: Tx, ctx: Ctx, assetId: number, id: number) {
  const [m] = await tx
    .select()
    .from(assetMaintenance)
    .where(and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.id, id), eq(assetMaintenance.assetId, assetId)))
    .for('update');
  if (!m) throw notFound();
  return m;
}

export async function markDone(
  tx: Tx,
  ctx: Ctx,
  assetId: number,
  id: number,
  input: z.output<typeof maintenanceDoneInputSchema>,
): Promise<Maintenance> {
  const a = await lockAsset(tx, ctx, assetId);
  const current = await lockEntry(tx, ctx, assetId, id);
  if (current.status === 'done') throw badRequest('This maintenance is already done.');
  if (input.vendor) await checkReferences(tx, ctx.organisationId, { vendor: { table: assetVendor, id: input.vendor } });
  checkDate(ctx, input.date, true);
  const before = await loadMaintenance(tx, ctx, id);
  const [m] = await tx
    .update(assetMaintenance)
    .set({
      status: 'done',
      date: input.date,
      cost: input.cost,
      ...(input.vendor !== undefined ? { vendorId: input.vendor } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      updatedAt: ctx.now.instant,
    })
    .where(and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.id, id)))
    .returning();
  await completed(tx, ctx, a, m, input.payment_mode);
  if (m.kind === 'repair') await followRepairs(tx, ctx, assetId);
  const out = await loadMaintenance(tx, ctx, id);
  await audit(tx, ctx, out, 'update', before);
  return out;
}

export async function removeMaintenance(tx: Tx, ctx: Ctx, assetId: number, id: number): Promise<void> {
  await lockAsset(tx, ctx, assetId);
  const current = await lockEntry(tx, ctx, assetId, id);
  if (current.status === 'done') throw badRequest('Maintenance done is history: it cannot be removed.');
  const before = await loadMaintenance(tx, ctx, id);
  await tx.execute(sql`update asset_maintenance set next_id = null where organisation_id = ${ctx.organisationId} and next_id = ${id}`);
  await tx.delete(assetMaintenance).where(and(eq(assetMaintenance.organisationId, ctx.organisationId), eq(assetMaintenance.id, id)));
  if (current.kind === 'repair') await followRepairs(tx, ctx, assetId);
  await audit(tx, ctx, before, 'delete', before);
}

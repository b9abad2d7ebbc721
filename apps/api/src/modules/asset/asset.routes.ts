/**
 * Asset Management › My Assets: the register through the generic CRUD. The code (`AST-0042`) is
 * taken from the organisation's counter in the create's transaction (gapless under parallel
 * creates); an asset bought now posts its cost as an expense (category Equipment); book value
 * and schedule are worked out from the row on the organisation's today.
 */
import {
  ASSET_CONDITIONS,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  assetEndpoints,
  assetFieldErrors,
  assetLocationsEndpoint,
  LOCATIONS_MAX,
  bookValue,
  depreciationSchedule,
  DEPRECIATION_METHOD_LABELS,
  floorText,
  type Asset,
  type AssetCondition,
  type AssetLocation,
  type AssetStatus,
} from '@arena/contracts/asset';
import { idSchema } from '@arena/contracts/kit';
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refuseDeleteInUse, registerCrud } from '../../platform/crud.js';
import { queryRows, type Tx } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import { showName } from '../../platform/list.js';
import { inTenant, type Ctx } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { inputToValues } from '../../platform/serialize.js';
import { centre } from '../administrator/index.js';
import { MODULE, tags } from './constants.js';
import { assignCode, checkAssetInput, postPurchase } from './asset.service.js';
import { asset, assetCategory, assetVendor } from './schema.js';

type AssetRow = typeof asset.$inferSelect;
export type AssetJoin = {
  row: AssetRow;
  categoryName: string;
  centreName: string;
  vendorName: string | null;
  nextMaintenance: string | null;
  openRepairs: number;
};

export const assetFields = {
  row: asset,
  categoryName: assetCategory.name,
  centreName: centre.name,
  vendorName: assetVendor.name,
  nextMaintenance: sql<
    string | null
  >`(select min(m.date)::text from asset_maintenance m where m.organisation_id = asset.organisation_id and m.asset_id = asset.id and m.status = 'scheduled' and m.kind = 'preventive')`,
  openRepairs:
    sql<number>`(select count(*)::int from asset_maintenance m where m.organisation_id = asset.organisation_id and m.asset_id = asset.id and m.status = 'scheduled' and m.kind = 'repair')`.mapWith(
      Number,
    ),
};

export const assetFrom = (tx: Tx, fields: object) =>
  tx
    .select(fields as typeof assetFields)
    .from(asset)
    .innerJoin(assetCategory, and(eq(assetCategory.organisationId, asset.organisationId), eq(assetCategory.id, asset.categoryId)))
    .innerJoin(centre, and(eq(centre.organisationId, asset.organisationId), eq(centre.id, asset.centreId)))
    .leftJoin(assetVendor, and(eq(assetVendor.organisationId, asset.organisationId), eq(assetVendor.id, asset.vendorId)))
    .$dynamic();

const basisOf = (row: AssetRow) => ({
  cost: row.cost,
  salvage: row.salvageValue,
  lifeYears: row.usefulLifeYears,
  method: row.depreciationMethod,
  ratePercent: row.depreciationRate,
  purchaseDate: row.purchaseDate,
});

export function assetJson(j: AssetJoin, ctx: Pick<Ctx, 'now'>): Asset {
  const r = j.row;
  const basis = basisOf(r);
  return {
    id: r.id,
    code: r.code ?? '',
    name: r.name,
    category: r.categoryId,
    category_name: j.categoryName,
    centre: r.centreId,
    centre_name: j.centreName,
    location: { floor: r.floor, zone: r.zone },
    make: r.make,
    model: r.model,
    serial_no: r.serialNo,
    purchase_date: r.purchaseDate,
    cost: r.cost,
    vendor: r.vendorId,
    vendor_name: j.vendorName ?? '',
    invoice_file: r.invoiceFile ? `/api/asset/asset/${r.id}/invoice-file/` : null,
    invoice_file_name: r.invoiceFileName,
    warranty_until: r.warrantyUntil,
    amc_until: r.amcUntil,
    condition: r.condition,
    status: r.status,
    useful_life_years: r.usefulLifeYears,
    depreciation_method: r.depreciationMethod,
    salvage_value: r.salvageValue,
    depreciation_rate: r.depreciationRate === null ? null : Number(r.depreciationRate),
    notes: r.notes,
    picture: r.picture ? `/uploads/${r.picture}` : null,
    expense: r.expenseId,
    book_value: bookValue(basis, ctx.now.today),
    depreciation_schedule: depreciationSchedule(basis),
    next_maintenance: j.nextMaintenance,
    open_repairs: Number(j.openRepairs),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The asset's columns from the input: the write-only `bought_now` and `payment_mode` are the service's. */
function toValues(input: Record<string, unknown>): Record<string, unknown> {
  const { category, centre: centreId, vendor, location, bought_now: _b, payment_mode: _p, ...rest } = input;
  const place = location as AssetLocation | undefined;
  return {
    ...inputToValues(rest),
    ...(place !== undefined ? { floor: place.floor, zone: place.zone } : {}),
    ...(category !== undefined ? { categoryId: category } : {}),
    ...(centreId !== undefined ? { centreId } : {}),
    ...(vendor !== undefined ? { vendorId: vendor } : {}),
  };
}

const warrantyEnding = z.stringbool();
/** A floor or zone to filter by (case-insensitive, as entered). */
const placeSchema = z.string().trim().min(1).max(80);

/** The rules across fields, on the row as it will be written (a PATCH sends only some). */
function checkFields(a: Parameters<typeof assetFieldErrors>[0]): void {
  const errors = assetFieldErrors(a);
  if (Object.keys(errors).length) throw badRequest(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
}

export async function assetRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    refuseDeleteInUse(scope, async (tx, ctx, id) => {
      const [row] = await queryRows<{ n: number; expense: number | null }>(
        tx,
        sql`select a.expense_id as expense, (select count(*)::int from asset_maintenance m where m.organisation_id = a.organisation_id and m.asset_id = a.id) as n
            from asset a where a.organisation_id = ${ctx.organisationId} and a.id = ${id}`,
      );
      return row && (row.expense !== null || Number(row.n) > 0)
        ? 'This asset has a purchase or maintenance on record: mark it retired or disposed instead.'
        : null;
    });
    registerCrud(scope, {
      endpoints: assetEndpoints,
      module: MODULE,
      resource: 'asset',
      table: asset,
      join: { fields: assetFields, from: (tx, fields) => assetFrom(tx, fields) },
      toOutput: (j: AssetJoin, ctx) => assetJson(j, ctx),
      toValues,
      references: { category: assetCategory, centre, vendor: assetVendor },
      label: (a) => a.name,
      search: [asset.code, asset.name, asset.serialNo, asset.make, asset.model, asset.floor, asset.zone],
      ordering: {
        id: asset.id,
        code: asset.id,
        name: asset.name,
        category: assetCategory.name,
        centre: centre.name,
        purchase_date: asset.purchaseDate,
        cost: asset.cost,
        status: asset.status,
        warranty_until: asset.warrantyUntil,
        created_at: asset.createdAt,
      },
      defaultOrdering: [asc(asset.id)],
      filters: {
        category: { schema: idSchema, where: (v: number) => eq(asset.categoryId, v), label: 'Category', show: showName(assetCategory) },
        centre: { schema: idSchema, where: (v: number) => eq(asset.centreId, v), label: 'Center', show: showName(centre) },
        vendor: { schema: idSchema, where: (v: number) => eq(asset.vendorId, v), label: 'Vendor', show: showName(assetVendor) },
        status: {
          schema: z.enum(ASSET_STATUSES),
          where: (v: AssetStatus) => eq(asset.status, v),
          label: 'Status',
          show: (v: AssetStatus) => ASSET_STATUS_LABELS[v],
        },
        floor: { schema: placeSchema, where: (v: string) => sql`lower(${asset.floor}) = lower(${v})`, label: 'Floor', show: floorText },
        zone: { schema: placeSchema, where: (v: string) => sql`lower(${asset.zone}) = lower(${v})`, label: 'Zone' },
        condition: { schema: z.enum(ASSET_CONDITIONS), where: (v: AssetCondition) => eq(asset.condition, v), label: 'Condition' },
        warranty_ending: {
          schema: warrantyEnding,
          where: (v: boolean, ctx: Ctx) =>
            v
              ? and(
                  isNotNull(asset.warrantyUntil),
                  gte(asset.warrantyUntil, ctx.now.today),
                  lte(asset.warrantyUntil, sql`${ctx.now.today}::date + 30`),
                )
              : undefined,
          label: 'Warranty ending in 30 days',
        },
      },
      dropdown: { label: asset.name, where: sql`${asset.status} in ('in_use', 'under_maintenance')` },
      check: (out: Asset) => checkFields(out),
      beforeWrite: async (tx, ctx, change) => {
        const i = change.input;
        const b = change.before;
        checkFields({
          cost: i.cost ?? b?.cost ?? '0',
          salvage_value: i.salvage_value ?? b?.salvage_value ?? '0',
          purchase_date: i.purchase_date ?? b?.purchase_date ?? '1900-01-01',
          warranty_until: i.warranty_until !== undefined ? i.warranty_until : (b?.warranty_until ?? null),
          amc_until: i.amc_until !== undefined ? i.amc_until : (b?.amc_until ?? null),
        });
        await checkAssetInput(tx, ctx, change);
      },
      afterWrite: async (tx, ctx, { id, input, before }) => {
        if (before) return;
        const code = await assignCode(tx, ctx, id);
        if (input.bought_now) await postPurchase(tx, ctx, id, code, input);
      },
      export: {
        filename: 'assets',
        title: 'Assets',
        columns: [
          { header: 'Name', value: (a) => a.name },
          { header: 'Code', value: (a) => a.code },
          { header: 'Category', value: (a) => a.category_name },
          { header: 'Center', value: (a) => a.centre_name },
          { header: 'Floor', value: (a) => a.location.floor },
          { header: 'Zone', value: (a) => a.location.zone },
          { header: 'Make', value: (a) => a.make },
          { header: 'Model', value: (a) => a.model },
          { header: 'Serial no.', value: (a) => a.serial_no },
          { header: 'Purchase date', value: (a) => a.purchase_date, type: 'date' },
          { header: 'Cost', value: (a) => a.cost, type: 'money' },
          { header: 'Book value', value: (a) => a.book_value, type: 'money' },
          { header: 'Depreciation', value: (a) => DEPRECIATION_METHOD_LABELS[a.depreciation_method] },
          { header: 'Vendor', value: (a) => a.vendor_name },
          { header: 'Warranty until', value: (a) => a.warranty_until, type: 'date' },
          { header: 'AMC until', value: (a) => a.amc_until, type: 'date' },
          { header: 'Condition', value: (a) => a.condition },
          { header: 'Status', value: (a) => ASSET_STATUS_LABELS[a.status] },
        ],
      },
    });
  });

  route(app, assetLocationsEndpoint, {
    module: MODULE,
    tags,
    summary: 'The floors and zones the register names (of a centre, or all)',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const [row] = await queryRows<{ floors: string[] | null; zones: string[] | null }>(
          tx,
          sql`select
                (select array_agg(v order by v) from (select distinct floor as v from asset where organisation_id = ${ctx.organisationId} and floor <> '' ${centreOnly(request.query.centre)} order by v limit ${LOCATIONS_MAX}) f) as floors,
                (select array_agg(v order by v) from (select distinct zone as v from asset where organisation_id = ${ctx.organisationId} and zone <> '' ${centreOnly(request.query.centre)} order by v limit ${LOCATIONS_MAX}) z) as zones`,
        );
        return { floors: row?.floors ?? [], zones: row?.zones ?? [] };
      }),
  });
}

const centreOnly = (id: number | undefined) => (id === undefined ? sql`` : sql`and centre_id = ${id}`);

/**
 * Asset Management › Category and Vendor: lookups through the generic CRUD, each with the count of
 * assets filed under it. One that assets name cannot be deleted (409: deactivate it instead).
 */
import { assetCategoryEndpoints, assetVendorEndpoints, type AssetCategory, type AssetVendor } from '@arena/contracts/asset';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countNaming, createdColumn, refuseDeleteWhileNamed, registerCrud, statusColumn } from '../../platform/crud.js';
import { activeFilter } from '../../platform/list.js';
import { inputToValues, rowToJson } from '../../platform/serialize.js';
import { MODULE } from './constants.js';
import { assetCategory, assetVendor } from './schema.js';

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    refuseDeleteWhileNamed(scope, [['asset', 'category_id']], 'Assets are filed under this category: deactivate it instead.');
    registerCrud(scope, {
      endpoints: assetCategoryEndpoints,
      module: MODULE,
      resource: 'asset_category',
      table: assetCategory,
      join: {
        fields: { row: assetCategory, assets: countNaming('asset', 'category_id', 'asset_category') },
        from: (tx, fields) => tx.select(fields).from(assetCategory).$dynamic(),
      },
      toOutput: ({ row, assets }: { row: typeof assetCategory.$inferSelect; assets: number }) =>
        ({ ...rowToJson(row), assets }) as AssetCategory,
      toValues: inputToValues,
      label: (c) => c.name,
      search: [assetCategory.name, assetCategory.description],
      ordering: { id: assetCategory.id, name: assetCategory.name, is_active: assetCategory.isActive, created_at: assetCategory.createdAt },
      defaultOrdering: [asc(assetCategory.name)],
      filters: { is_active: activeFilter(assetCategory.isActive) },
      dropdown: { label: assetCategory.name, where: eq(assetCategory.isActive, true) },
      unique: { asset_category_org_name_key: { field: 'name', message: 'An asset category with this name already exists.' } },
      export: {
        filename: 'asset-categories',
        title: 'Asset categories',
        columns: [
          { header: 'Name', value: (c) => c.name },
          { header: 'Description', value: (c) => c.description },
          { header: 'Assets', value: (c) => c.assets, type: 'number' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });

  await app.register(async (scope) => {
    refuseDeleteWhileNamed(
      scope,
      [
        ['asset', 'vendor_id'],
        ['asset_maintenance', 'vendor_id'],
      ],
      'Assets or maintenance name this vendor: deactivate it instead.',
    );
    registerCrud(scope, {
      endpoints: assetVendorEndpoints,
      module: MODULE,
      resource: 'asset_vendor',
      table: assetVendor,
      join: {
        fields: { row: assetVendor, assets: countNaming('asset', 'vendor_id', 'asset_vendor') },
        from: (tx, fields) => tx.select(fields).from(assetVendor).$dynamic(),
      },
      toOutput: ({ row, assets }: { row: typeof assetVendor.$inferSelect; assets: number }) =>
        ({ ...rowToJson(row), assets }) as AssetVendor,
      toValues: inputToValues,
      label: (v) => v.name,
      search: [assetVendor.name, assetVendor.phone, assetVendor.gstin],
      ordering: {
        id: assetVendor.id,
        name: assetVendor.name,
        service_contract_end: assetVendor.serviceContractEnd,
        is_active: assetVendor.isActive,
        created_at: assetVendor.createdAt,
      },
      defaultOrdering: [asc(assetVendor.name)],
      filters: { is_active: activeFilter(assetVendor.isActive) },
      dropdown: { label: assetVendor.name, where: eq(assetVendor.isActive, true) },
      unique: { asset_vendor_org_name_key: { field: 'name', message: 'A vendor with this name already exists.' } },
      export: {
        filename: 'asset-vendors',
        title: 'Asset vendors',
        columns: [
          { header: 'Name', value: (v) => v.name },
          { header: 'Phone', value: (v) => v.phone },
          { header: 'GSTIN', value: (v) => v.gstin },
          { header: 'Address', value: (v) => v.address },
          { header: 'Service contract end', value: (v) => v.service_contract_end, type: 'date' },
          { header: 'Assets', value: (v) => v.assets, type: 'number' },
          statusColumn,
          createdColumn,
        ],
      },
    });
  });
}

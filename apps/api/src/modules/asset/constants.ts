import type { ModuleName } from '@arena/contracts/kit';

export const MODULE: ModuleName = 'Asset Management';
/** The counter the codes are taken from (`AST-0001` …). */
export const CODE_COUNTER = 'asset';
/** The ledger's source types of this module's expenses. */
export const PURCHASE_SOURCE = 'asset_purchase';
export const MAINTENANCE_SOURCE = 'asset_maintenance';
/** The expense categories (the manifest's defaultCategories). */
export const EQUIPMENT_CATEGORY = 'Equipment';
export const MAINTENANCE_CATEGORY = 'Maintenance';
export const tags = ['asset'];

/** `AST-0042`: four digits at least. */
export const assetCode = (n: number) => `AST-${String(n).padStart(4, '0')}`;

/** `@arena/contracts/asset`: Asset Management — categories, vendors, assets, depreciation, maintenance, labels, dashboard. */
export * from './asset.js';
export * from './depreciation.js';
export * from './endpoints.js';

/**
 * `@arena/contracts/kit`: what every module's contracts and pages share — zod, the common field
 * schemas, money in paise, dates, GST, field errors, the module names and menu, and the endpoint
 * kit. A page imports this and its own module's entry (`@arena/contracts/booking`), never the
 * whole package.
 */
export { z } from '../zod-config.js';
export * from '../common.js';
export * from '../modules.js';
export * from '../menu.js';
export * from '../money.js';
export * from '../gst.js';
export * from '../tax.js';
export * from '../audit.js';
export * from '../date-text.js';
export * from '../field-errors.js';
export * from '../zone-clock.js';
export * from '../endpoint.js';
export * from '../channels.js';
export * from '../member-selection.js';

/**
 * What a sale line is worth once its returns are netted off, in SQL over `store_sale_line l`:
 * the units kept, their tax-inclusive total, their taxable value (the line's GST rate taken out)
 * and their FEFO cost, each pro-rated by the units kept. The dashboard and the reports share them.
 */
import { fromPaise } from '@arena/contracts';
import { sql } from 'drizzle-orm';

/** Units sold and kept. */
export const keptQty = sql.raw(`(l.quantity - l.returned)`);
/** The tax-inclusive total of the units kept. */
export const keptTotal = sql.raw(`round(l.total * (l.quantity - l.returned) / l.quantity, 2)`);
/** The taxable value of the units kept: total × 100 / (100 + rate). */
export const keptTaxable = sql.raw(`round(l.total * (l.quantity - l.returned) / l.quantity * 100 / (100 + l.gst_rate), 2)`);
/** The FEFO cost of the units kept. */
export const keptCost = sql.raw(`round(l.cost * (l.quantity - l.returned) / l.quantity, 2)`);

/** `store_sale_line l` joined to its sale `s`, variant `v` and product `p`. */
export const soldLines = sql.raw(`store_sale_line l
  join store_sale s on s.organisation_id = l.organisation_id and s.id = l.sale_id
  join store_sub_product v on v.organisation_id = l.organisation_id and v.id = l.sub_product_id
  join store_product p on p.organisation_id = v.organisation_id and p.id = v.product_id`);

/** Profit over taxable value, a percentage with one decimal (0 without sales). */
export const marginOf = (profitPaise: number, taxablePaise: number): number =>
  taxablePaise ? Math.round((profitPaise * 1000) / taxablePaise) / 10 : 0;

/** Paise as rupees with a sign (a margin or a profit can be below zero). */
export const signedMoney = (p: number): string => (p < 0 ? `-${fromPaise(-p)}` : fromPaise(p));

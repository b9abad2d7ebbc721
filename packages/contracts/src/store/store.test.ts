import { describe, expect, it } from 'vitest';
import { ean13Valid, MRP_MESSAGE, productInputSchema, subProductInputSchema } from './store.js';

describe('store contracts', () => {
  const variant = { product: 1, name: 'Chocolate 1 kg', mrp: '2500', price: '2360' };
  it('refuses a price above the MRP (an offence in India)', () => {
    expect(subProductInputSchema.safeParse(variant).success).toBe(true);
    const above = subProductInputSchema.safeParse({ ...variant, price: '2500.01' });
    expect(above.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['price', MRP_MESSAGE]]);
    const inProduct = productInputSchema.safeParse({
      name: 'Gold Standard Whey',
      category: 1,
      hsn: '2106',
      gst_rate: 18,
      variants: [{ name: 'Vanilla', mrp: '100', price: '120' }],
    });
    expect(inProduct.error?.issues.map((i) => i.path.join('.'))).toEqual(['variants.0.price']);
  });
  it('checks an EAN-13 check digit and takes any other code as it is', () => {
    expect(ean13Valid('8901234567890')).toBe(true);
    expect(ean13Valid('8901234567897')).toBe(false);
    expect(subProductInputSchema.safeParse({ ...variant, barcode: '8901234567897' }).success).toBe(false);
    expect(subProductInputSchema.safeParse({ ...variant, barcode: 'SHAKER-500' }).success).toBe(true);
  });
  it('takes the GST rates of goods (0, 5, 18, 40) and an HSN of 4 to 8 digits', () => {
    const base = { name: 'Shaker', category: 1, hsn: '3924', gst_rate: 18 };
    expect(productInputSchema.safeParse(base).success).toBe(true);
    expect(productInputSchema.safeParse({ ...base, gst_rate: 40 }).success).toBe(true);
    expect(productInputSchema.safeParse({ ...base, gst_rate: 12 }).success).toBe(false);
    expect(productInputSchema.safeParse({ ...base, hsn: '392' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { buildInvoice, type SaleItem } from './invoice.service.js';
import type { SellerSnapshot } from './schema.js';

const registered: SellerSnapshot = {
  name: 'Smash Arena Sports Pvt Ltd',
  address: 'Bengaluru',
  gstin: '29ABCDE1234F1ZW',
  state: 'Karnataka',
  phone: '',
  email: '',
};
const since = (rate: number) => [{ rate, from: '2017-07-01' }];
const item = (unitPrice: string, rate: number, over: Partial<SaleItem> = {}): SaleItem => ({
  description: `At ${rate} %`,
  sacCode: '999652',
  unitPrice,
  rates: since(rate),
  ...over,
});

describe('buildInvoice', () => {
  it('makes every line exact, so the round-off is 0.00', () => {
    const built = buildInvoice('2026-11-23', registered, 'Karnataka', [
      item('999.00', 18),
      item('1050.00', 5, { quantity: 3, discount: '0.01' }),
      item('0.01', 28),
    ]);
    expect(built.roundOff).toBe('0.00');
    expect(built.total).toBe('4149.00');
    expect(built.lines[0]).toMatchObject({ taxableValue: '846.62', cgst: '76.19', sgst: '76.19', igst: '0.00', total: '999.00' });
    for (const l of built.lines) {
      const parts = [l.taxableValue, l.cgst, l.sgst, l.igst].reduce((s, v) => s + Math.round(Number(v) * 100), 0);
      expect(parts).toBe(Math.round(Number(l.total) * 100));
    }
    expect(built.lines[1].total).toBe('3149.99');
  });

  it('charges IGST across states, still exact', () => {
    const built = buildInvoice('2026-11-23', registered, 'Kerala', [item('999.00', 18)]);
    expect(built.lines[0]).toMatchObject({ taxableValue: '846.61', cgst: '0.00', igst: '152.39', total: '999.00' });
    expect(built.roundOff).toBe('0.00');
  });

  it('is a bill of supply when no line carries tax, even for a registered seller; a mixed sale stays a tax invoice', () => {
    expect(buildInvoice('2026-11-23', registered, 'Karnataka', [item('500.00', 0), item('200.00', 0)]).billOfSupply).toBe(true);
    const mixed = buildInvoice('2026-11-23', registered, 'Karnataka', [item('500.00', 0), item('1050.00', 5)]);
    expect(mixed.billOfSupply).toBe(false);
    expect(mixed.lines[0]).toMatchObject({ gstRate: '0.00', taxableValue: '500.00', cgst: '0.00', total: '500.00' });
    expect(mixed.lines[1]).toMatchObject({ gstRate: '5.00', taxableValue: '1000.00', cgst: '25.00', sgst: '25.00' });
    // A seller without a GSTIN charges no tax, whatever the rates.
    const unregistered = buildInvoice('2026-11-23', { ...registered, gstin: '' }, 'Karnataka', [item('1180.00', 18)]);
    expect(unregistered).toMatchObject({ billOfSupply: true, taxableValue: '1180.00', cgst: '0.00', total: '1180.00' });
    // The rate in force on the day: before a rate's first period there is none (0 %).
    expect(buildInvoice('2016-01-01', registered, 'Karnataka', [item('1180.00', 18)]).billOfSupply).toBe(true);
  });
});

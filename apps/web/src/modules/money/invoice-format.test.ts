import { describe, expect, it } from 'vitest';
import {
  financialYearRange,
  marginText,
  monthLabel,
  monthOptions,
  moduleLabel,
  paiseOf,
  pdfFileName,
  settlementOf,
  statusLabel,
  sumCount,
  sumMoney,
  thisMonthRange,
} from './invoice-format';

describe('pdfFileName', () => {
  it('makes the number a file name: "/" becomes "-"', () => {
    expect(pdfFileName('INV/26-27/00017')).toBe('INV-26-27-00017.pdf');
    expect(pdfFileName('CN/26-27/00002')).toBe('CN-26-27-00002.pdf');
    expect(pdfFileName('BK-0001')).toBe('BK-0001.pdf');
  });
  it('never gives an empty name', () => {
    expect(pdfFileName('  ')).toBe('invoice.pdf');
  });
});

describe('labels', () => {
  it('shortens module names', () => {
    expect(moduleLabel('Booking Management')).toBe('Booking');
    expect(moduleLabel('Training/Workouts')).toBe('Training/Workouts');
  });
  it('names statuses', () => {
    expect(statusLabel('partially_paid')).toBe('Partially paid');
    expect(statusLabel('something_new')).toBe('something_new');
  });
  it('writes months', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('Total')).toBe('Total');
  });
});

describe('sums', () => {
  it('adds money in paise, so decimals never drift', () => {
    const rows = [{ a: '0.10' }, { a: '0.20' }, { a: '-0.40' }, { a: '1500.00' }];
    expect(sumMoney(rows, (r) => r.a)).toBe(1499.9);
    expect(sumMoney([{ a: '0.1' }, { a: '0.2' }], (r) => r.a)).toBe(0.3);
    expect(sumMoney([], (r: { a: string }) => r.a)).toBe(0);
  });
  it('reads signed amounts as paise', () => {
    expect(paiseOf('-12.34')).toBe(-1234);
    expect(paiseOf('not money')).toBe(0);
  });
  it('adds counts', () => {
    expect(sumCount([{ n: 2 }, { n: 3 }], (r) => r.n)).toBe(5);
  });
  it('gives the margin only when there is income', () => {
    expect(marginText('1000.00', '385.00')).toBe('38.5 %');
    expect(marginText('1000.00', '-250.00')).toBe('-25.0 %');
    expect(marginText('0.00', '-250.00')).toBeNull();
  });
});

describe('periods', () => {
  const today = new Date(2026, 10, 23); // 23 Nov 2026
  it('this month runs from the 1st to today', () => {
    expect(thisMonthRange(today)).toEqual({ from: '2026-11-01', to: '2026-11-23' });
  });
  it('the financial year starts on 1 April', () => {
    expect(financialYearRange(today)).toEqual({ from: '2026-04-01', to: '2026-11-23', label: 'FY 2026-27' });
    expect(financialYearRange(new Date(2027, 1, 10))).toEqual({ from: '2026-04-01', to: '2027-02-10', label: 'FY 2026-27' });
    expect(financialYearRange(new Date(2027, 3, 1)).from).toBe('2027-04-01');
  });
  it('offers the months up to this one, newest first', () => {
    const months = monthOptions(today, 3);
    expect(months).toEqual([
      { value: '2026-11', label: 'Nov 2026' },
      { value: '2026-10', label: 'Oct 2026' },
      { value: '2026-09', label: 'Sep 2026' },
    ]);
    expect(monthOptions(new Date(2027, 0, 31), 2).map((m) => m.value)).toEqual(['2027-01', '2026-12']);
  });
});

describe('settlementOf', () => {
  it('balances a cancelled, refunded invoice: credit note and refund bring it to nothing due', () => {
    const s = settlementOf({
      total: '1000.00',
      paid: '0.00',
      credit_notes: [{ total: '1000.00' }],
      payments: [
        { kind: 'Receipt', amount: '1000.00' },
        { kind: 'Refund', amount: '-1000.00' },
      ],
    });
    expect(s).toEqual({ credited: 100000, net: 0, received: 100000, refunded: 100000, reversed: 0, paid: 0, due: 0, excess: 0 });
  });

  it('shows what was paid beyond a credited charge as excess (kept as credit or to refund)', () => {
    const s = settlementOf({
      total: '1200.00',
      paid: '1200.00',
      credit_notes: [{ total: '400.00' }],
      payments: [{ kind: 'Receipt', amount: '1200.00' }],
    });
    expect(s).toMatchObject({ net: 80000, paid: 120000, due: 0, excess: 40000 });
  });

  it('keeps a reversal apart from a refund, and a part payment due', () => {
    const s = settlementOf({
      total: '2000.00',
      paid: '500.00',
      credit_notes: [],
      payments: [
        { kind: 'Receipt', amount: '1000.00' },
        { kind: 'Reversal', amount: '-500.00' },
      ],
    });
    expect(s).toMatchObject({ received: 100000, reversed: 50000, refunded: 0, due: 150000, excess: 0 });
  });
});

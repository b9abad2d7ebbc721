import { describe, expect, it } from 'vitest';
import { discountTooHigh, minAmount, PAYMENT_TOO_HIGH, positive, renewable, saleSummary, typedPaise } from './sale';

describe('saleSummary', () => {
  it('adds the joining fee to a first membership: price − discount + fee = total, and the due is what is not paid now', () => {
    const s = saleSummary({ price: '1500.00', joiningFee: '500.00', discount: '200', paying: '1000' });
    expect(s).toEqual({
      price: '1500.00',
      discount: '200.00',
      joiningFee: '500.00',
      total: '1800.00',
      paying: '1000.00',
      due: '800.00',
      errors: {},
    });
  });

  it('charges no joining fee on a renewal', () => {
    const s = saleSummary({ price: '4000.00', joiningFee: '500.00', firstMembership: false, discount: '', paying: '4000' });
    expect(s.joiningFee).toBe('0.00');
    expect(s.total).toBe('4000.00');
    expect(s.due).toBe('0.00');
  });

  it('reads empty amounts as zero: nothing paid now leaves the whole total due', () => {
    const s = saleSummary({ price: '12000', discount: '', paying: '' });
    expect(s.total).toBe('12000.00');
    expect(s.paying).toBe('0.00');
    expect(s.due).toBe('12000.00');
  });

  it('works in paise, so decimals never drift', () => {
    const s = saleSummary({ price: '0.30', discount: '0.10', joiningFee: '0.20', paying: '0.1' });
    expect(s.total).toBe('0.40');
    expect(s.due).toBe('0.30');
  });

  it('refuses a discount above the price and a payment above the total, and caps them in the summary', () => {
    const s = saleSummary({ price: '1500', discount: '2000', joiningFee: '100', paying: '5000' });
    expect(s.errors).toEqual({ discount: discountTooHigh('1500'), paying: PAYMENT_TOO_HIGH });
    expect(s.errors.discount).toBe('The discount cannot exceed the price (1500.00).');
    expect(s.discount).toBe('1500.00');
    expect(s.total).toBe('100.00');
    expect(s.paying).toBe('100.00');
    expect(s.due).toBe('0.00');
  });

  it('takes a discount equal to the price (a free month) as valid', () => {
    const s = saleSummary({ price: '1500', discount: '1500', paying: '' });
    expect(s.errors).toEqual({});
    expect(s.total).toBe('0.00');
  });
});

describe('amount helpers', () => {
  it('typedPaise: empty is 0, unreadable is null', () => {
    expect(typedPaise('')).toBe(0);
    expect(typedPaise(' 12.5 ')).toBe(1250);
    expect(typedPaise('abc')).toBeNull();
    expect(typedPaise('-5')).toBeNull();
  });
  it('positive and minAmount', () => {
    expect(positive('0.00')).toBe(false);
    expect(positive('0.01')).toBe(true);
    expect(positive(null)).toBe(false);
    expect(minAmount('500.00', '350.50')).toBe('350.50');
  });
});

describe('renewable', () => {
  const m = (id: number, end_date: string, status = 'active', renewed_by: number | null = null) => ({ id, end_date, status, renewed_by });

  it('renews the latest membership that is neither cancelled nor renewed', () => {
    expect(renewable([m(1, '2026-01-31', 'expired', 2), m(2, '2026-02-28'), m(3, '2026-06-30', 'cancelled')])?.id).toBe(2);
  });
  it('renews a lapsed one too, and nothing when every membership is cancelled or there is none', () => {
    expect(renewable([m(1, '2025-12-31', 'expired')])?.id).toBe(1);
    expect(renewable([m(1, '2026-01-31', 'cancelled')])).toBeNull();
    expect(renewable([])).toBeNull();
  });
});

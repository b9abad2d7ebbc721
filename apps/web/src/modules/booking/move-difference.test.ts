import { describe, expect, it } from 'vitest';
import { moveDifference } from './move-difference';

const booking = (booking_amount: string, paid_amount: string, credit_amount = '0.00', discount = '0.00') => ({
  booking_amount,
  paid_amount,
  credit_amount,
  discount,
});

describe('moveDifference', () => {
  it('says what the client pays more on a dearer move', () => {
    expect(moveDifference(booking('1200.00', '1200.00'), 140000)).toMatchObject({ tone: 'more', text: 'Client pays ₹200.00 more' });
  });
  it('says what comes back as credit on a cheaper move of a paid booking, and what falls of an unpaid one', () => {
    expect(moveDifference(booking('1400.00', '1400.00'), 120000).text).toBe('₹200.00 back as credit');
    expect(moveDifference(booking('1400.00', '0.00'), 120000).text).toBe('₹200.00 less to pay');
    expect(moveDifference(booking('1400.00', '1300.00'), 120000).text).toBe('₹100.00 back as credit · ₹100.00 less to pay');
  });
  it('keeps the discount and says when the price is the same', () => {
    expect(moveDifference(booking('1000.00', '0.00', '0.00', '200.00'), 120000)).toMatchObject({ tone: 'same', text: 'Same price' });
  });
});

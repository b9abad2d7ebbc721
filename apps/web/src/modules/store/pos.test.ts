import { describe, expect, it } from 'vitest';
import {
  addPayment,
  addToCart,
  balancePayments,
  cartRequestLines,
  cartUnits,
  defaultMode,
  discountRequest,
  estimateTotal,
  initialPayments,
  nextMode,
  paymentsRequest,
  removeLine,
  removePayment,
  returnable,
  ScanBuffer,
  setQuantity,
  summarisePayments,
  typePaymentAmount,
} from './pos';

const whey = { id: 7, label: 'ON Gold Standard Whey, Chocolate 1 kg', price: '3299.00', barcode: '8901234567894', sku: 'ON-WHEY-CH-1' };
const shaker = { id: 9, label: 'Boldfit Shaker 700 ml', price: '299.00', barcode: '8909876543210', sku: '' };
const modes = [
  { id: 1, name: 'Card' },
  { id: 2, name: 'Cash' },
  { id: 3, name: 'UPI' },
];

describe('the cart', () => {
  it('adds a new product on top and bumps one already there', () => {
    let cart = addToCart([], whey);
    cart = addToCart(cart, shaker);
    expect(cart.map((l) => l.sub_product)).toEqual([9, 7]);
    cart = addToCart(cart, whey);
    expect(cart.map((l) => [l.sub_product, l.quantity])).toEqual([
      [9, 1],
      [7, 2],
    ]);
    expect(cartUnits(cart)).toBe(3);
    expect(estimateTotal(cart)).toBe('6897.00');
    expect(estimateTotal(cart.map((l) => ({ ...l, discount: '97' })))).toBe('6703.00');
  });

  it('keeps a quantity at 1 or more, and removes a line only when asked', () => {
    const cart = addToCart([], whey);
    expect(setQuantity(cart, 7, 0)[0].quantity).toBe(1);
    expect(setQuantity(cart, 7, 4.7)[0].quantity).toBe(4);
    expect(removeLine(cart, 7)).toEqual([]);
  });

  it('sends discounts as the API takes them', () => {
    expect(discountRequest('')).toBe('0.00');
    expect(discountRequest('50')).toBe('50.00');
    expect(discountRequest('12.5')).toBe('12.50');
    expect(discountRequest('abc')).toBe('0.00');
    const cart = addToCart([], whey).map((l) => ({ ...l, discount: '100' }));
    expect(cartRequestLines(cart)).toEqual([{ sub_product: 7, quantity: 1, discount: '100.00' }]);
  });
});

describe('the payment split', () => {
  it('starts with Cash for the whole total, and follows the total while untouched', () => {
    expect(defaultMode(modes)).toBe('2');
    expect(defaultMode([{ id: 5, name: 'Bank transfer' }])).toBe('5');
    expect(defaultMode([])).toBe('');
    const rows = initialPayments(modes, '3598.00');
    expect(rows).toMatchObject([{ payment_mode: '2', amount: '3598.00', auto: true }]);
    expect(balancePayments(rows, '3897.00')[0].amount).toBe('3897.00');
    expect(summarisePayments(rows, '3598.00')).toEqual({ paid: '3598.00', due: '0.00', over: '0.00' });
  });

  it('splits cash and UPI: typing the cash leaves the rest to UPI', () => {
    let rows = initialPayments(modes, '800.00');
    rows = addPayment(rows, modes, '800.00', 2);
    expect(rows.map((r) => [r.payment_mode, r.amount])).toEqual([
      ['2', '800.00'],
      ['3', '0.00'],
    ]);
    rows = typePaymentAmount(rows, 1, '500', '800.00');
    expect(rows.map((r) => [r.payment_mode, r.amount])).toEqual([
      ['2', '500'],
      ['3', '300.00'],
    ]);
    expect(paymentsRequest(rows)).toEqual([
      { payment_mode: 2, amount: '500.00', reference: '' },
      { payment_mode: 3, amount: '300.00', reference: '' },
    ]);
  });

  it('typing the second row first hands the balance back to the first', () => {
    let rows = addPayment(initialPayments(modes, '800.00'), modes, '800.00', 2);
    rows = typePaymentAmount(rows, 2, '300', '800.00');
    expect(rows.map((r) => r.amount)).toEqual(['500.00', '300']);
  });

  it('leaves a due when less is paid, and says what is paid beyond the total', () => {
    const typed = typePaymentAmount(initialPayments(modes, '800.00'), 1, '500', '800.00');
    expect(summarisePayments(typed, '800.00')).toEqual({ paid: '500.00', due: '300.00', over: '0.00' });
    const over = typePaymentAmount(typed, 1, '900', '800.00');
    expect(summarisePayments(over, '800.00')).toEqual({ paid: '900.00', due: '0.00', over: '100.00' });
  });

  it('drops empty rows from the request, and a removed row hands its share back', () => {
    let rows = addPayment(initialPayments(modes, '800.00'), modes, '800.00', 2);
    expect(paymentsRequest(rows)).toHaveLength(1);
    rows = typePaymentAmount(rows, 1, '500', '800.00');
    rows = removePayment(rows, 1, '800.00');
    expect(rows.map((r) => [r.payment_mode, r.amount])).toEqual([['3', '800.00']]);
  });

  it('suggests UPI, then any mode not taken, for a new row', () => {
    const rows = initialPayments(modes, '10.00');
    expect(nextMode(modes, rows)).toBe('3');
    const two = addPayment(rows, modes, '10.00', 2);
    expect(nextMode(modes, two)).toBe('1');
  });
});

describe('a scanner’s keystrokes', () => {
  const type = (buffer: ScanBuffer, text: string, start: number, gap: number) => {
    let t = start;
    let out: string | null = null;
    for (const key of [...text, 'Enter']) {
      out = buffer.key(key, t);
      t += gap;
    }
    return out;
  };

  it('reads a quick burst ended by Enter as a code', () => {
    expect(type(new ScanBuffer(), '8901234567894', 1000, 8)).toBe('8901234567894');
  });

  it('never takes a person’s slow typing for a scan', () => {
    expect(type(new ScanBuffer(), '8901234567894', 1000, 180)).toBeNull();
  });

  it('ignores short bursts, and starts again after a pause', () => {
    const buffer = new ScanBuffer();
    expect(type(buffer, 'ab', 0, 5)).toBeNull();
    buffer.key('x', 10_000);
    buffer.key('y', 10_005);
    expect(type(buffer, 'ON-WHEY', 20_000, 5)).toBe('ON-WHEY');
  });

  it('lets Shift through (capitals) but not other keys', () => {
    const buffer = new ScanBuffer();
    buffer.key('Shift', 0);
    buffer.key('O', 2);
    buffer.key('Shift', 4);
    buffer.key('N', 6);
    buffer.key('1', 8);
    buffer.key('2', 10);
    expect(buffer.key('Enter', 12)).toBe('ON12');
    buffer.key('1', 20);
    buffer.key('2', 22);
    buffer.key('ArrowLeft', 24);
    buffer.key('3', 26);
    buffer.key('4', 28);
    expect(buffer.key('Enter', 30)).toBeNull();
  });
});

describe('returns', () => {
  it('offers what was sold less what came back', () => {
    expect(returnable({ quantity: 3, returned: 1 })).toBe(2);
    expect(returnable({ quantity: 3, returned: 3 })).toBe(0);
  });
});

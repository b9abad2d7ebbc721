import { describe, expect, it } from 'vitest';
import { changeAgainst, changeLineText } from './change';

const line = (current: string, previous: string) => {
  const { emphasis, rest } = changeLineText(current, previous, 'Oct 2026');
  return [emphasis, rest].filter(Boolean).join(' ');
};

describe('changeAgainst', () => {
  it('gives the direction, the whole percent and the amount of the change against a positive base', () => {
    expect(changeAgainst('1200.00', '1000.00')).toEqual({ direction: 'up', percent: 20, amount: '200.00' });
    expect(changeAgainst('750.00', '1000.00')).toEqual({ direction: 'down', percent: 25, amount: '250.00' });
    expect(changeAgainst('1000.00', '1000.00')).toEqual({ direction: 'same', percent: 0, amount: '0.00' });
  });
  it('has no percent against nothing or a negative base, only the amount', () => {
    expect(changeAgainst('500.00', '0.00')).toEqual({ direction: 'up', percent: null, amount: '500.00' });
    expect(changeAgainst('0.00', '0.00')).toEqual({ direction: 'same', percent: null, amount: '0.00' });
    expect(changeAgainst('329170.00', '-62830.00')).toEqual({ direction: 'up', percent: null, amount: '392000.00' });
    expect(changeAgainst('-500.00', '-1000.00')).toEqual({ direction: 'up', percent: null, amount: '500.00' });
  });
});

describe('changeLineText (issue 20 §1: every dashboard change line)', () => {
  it('says a percentage against a positive base', () => {
    expect(line('1200.00', '1000.00')).toBe('Up 20% on Oct 2026 (₹1,000.00)');
    expect(line('750.00', '1000.00')).toBe('Down 25% on Oct 2026 (₹1,000.00)');
  });
  it('says the amount against a zero base', () => {
    expect(line('12000.00', '0.00')).toBe('₹12,000.00 more than Oct 2026');
    expect(line('-12000.00', '0.00')).toBe('₹12,000.00 less than Oct 2026');
  });
  it('says the amount against a negative base, never "Up 525 %"', () => {
    expect(line('329170.00', '-62830.00')).toBe('₹3,92,000.00 more than Oct 2026 (-₹62,830.00)');
    expect(line('-74830.00', '-62830.00')).toBe('₹12,000.00 less than Oct 2026 (-₹62,830.00)');
    expect(line('329170.00', '-62830.00')).not.toMatch(/%/);
  });
  it('says when nothing changed', () => {
    expect(changeLineText('1000.00', '1000.00', 'Oct 2026')).toEqual({ direction: 'same', emphasis: '', rest: 'Same as Oct 2026' });
    expect(line('0.00', '0.00')).toBe('Same as Oct 2026');
  });
});

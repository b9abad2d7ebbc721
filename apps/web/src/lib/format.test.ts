import { describe, expect, it } from 'vitest';
import { compactInr, countOf, formatCount, formatDate, formatDateTime, formatMoney, niceTicks, setDisplayTimeZone } from './format';

describe('compactInr', () => {
  it('writes thousands, lakhs and crores with at most three significant digits', () => {
    expect(compactInr(0)).toBe('₹0');
    expect(compactInr(500)).toBe('₹500');
    expect(compactInr(2500)).toBe('₹2.5k');
    expect(compactInr(12345)).toBe('₹12.3k');
    expect(compactInr(120000)).toBe('₹1.2L');
    expect(compactInr(250000)).toBe('₹2.5L');
    expect(compactInr(12500000)).toBe('₹1.25Cr');
  });

  it('never rounds 2,500 to "3k"', () => {
    expect(compactInr(2500)).not.toContain('3k');
  });

  it('moves up a unit rather than writing 100k or 100L', () => {
    expect(compactInr(99999)).toBe('₹1L');
    expect(compactInr(9999999)).toBe('₹1Cr');
  });

  it('keeps the sign of a negative amount', () => {
    expect(compactInr(-2500)).toBe('-₹2.5k');
  });
});

describe('niceTicks', () => {
  it('starts at 0 and steps by 1, 2, 2.5 or 5 × 10ⁿ up to at least the maximum', () => {
    expect(niceTicks(60000, 5)).toEqual([0, 20000, 40000, 60000]);
    expect(niceTicks(180000, 5)).toEqual([0, 50000, 100000, 150000, 200000]);
    expect(niceTicks(9000, 5)).toEqual([0, 2500, 5000, 7500, 10000]);
  });

  it('gives whole steps for counts', () => {
    expect(niceTicks(7, 5, { integer: true })).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(3, 5, { integer: true })).toEqual([0, 1, 2, 3]);
  });

  it('gives [0, 1] when there is nothing to show', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});

describe('full amounts', () => {
  it('formats money and counts with Indian digit grouping', () => {
    expect(formatMoney(2500)).toBe('₹2,500.00');
    expect(formatMoney('150000')).toBe('₹1,50,000.00');
    expect(formatCount(150000)).toBe('1,50,000');
  });
});

describe('formatDate', () => {
  it('writes a day as people in India do, and leaves what is not a date as it came', () => {
    expect(formatDate('2026-11-21')).toBe('21 Nov 2026');
    expect(formatDate('2026-09-05')).toBe('5 Sep 2026');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(null)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows a moment in the organisation’s zone on a 24-hour clock, whatever the computer’s zone', () => {
    expect(formatDateTime('2026-11-27T04:31:00Z')).toBe('27 Nov 2026, 10:01');
    expect(formatDateTime('2026-11-27T14:05:00+05:30')).toBe('27 Nov 2026, 14:05');
    setDisplayTimeZone('Europe/London');
    try {
      expect(formatDateTime('2026-11-27T04:31:00Z')).toBe('27 Nov 2026, 04:31');
      // An unknown zone keeps the last good one.
      setDisplayTimeZone('Mars/Olympus');
      expect(formatDateTime('2026-11-27T04:31:00Z')).toBe('27 Nov 2026, 04:31');
    } finally {
      setDisplayTimeZone('Asia/Kolkata');
    }
    expect(formatDateTime('')).toBe('');
  });
});

describe('countOf', () => {
  it('says "1 seat", never "1 seats"', () => {
    expect(countOf(1, 'seat')).toBe('1 seat');
    expect(countOf(0, 'seat')).toBe('0 seats');
    expect(countOf(1250, 'member')).toBe('1,250 members');
    expect(countOf(2, 'person', 'people')).toBe('2 people');
  });
});

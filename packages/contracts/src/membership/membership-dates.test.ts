import { birthDateSchema, saleStartSchema } from '../common.js';
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  daysInMonth,
  freezeDays,
  freezeYear,
  membershipYear,
  proRataRefund,
  membershipEndDate,
  membershipStatus,
  overlaps,
  renewalStart,
  shiftDays,
} from './membership-dates.js';

describe('membership end dates', () => {
  it('ends a plan of N days on start + N − 1', () => {
    expect(membershipEndDate('2026-11-23', 1, 'day')).toBe('2026-11-23');
    expect(membershipEndDate('2026-11-23', 30, 'day')).toBe('2026-12-22');
    expect(membershipEndDate('2026-12-31', 2, 'day')).toBe('2027-01-01');
  });

  it('ends a plan of N months the day before the same date, or on the last day of a shorter month', () => {
    expect(membershipEndDate('2026-01-05', 1, 'month')).toBe('2026-02-04');
    expect(membershipEndDate('2026-01-31', 1, 'month')).toBe('2026-02-28');
    expect(membershipEndDate('2026-01-30', 1, 'month')).toBe('2026-02-28');
    expect(membershipEndDate('2028-01-31', 1, 'month')).toBe('2028-02-29');
    expect(membershipEndDate('2028-01-30', 1, 'month')).toBe('2028-02-29');
    expect(membershipEndDate('2026-03-31', 1, 'month')).toBe('2026-04-30');
    expect(membershipEndDate('2026-01-28', 1, 'month')).toBe('2026-02-27');
    // 29 Jan: 29 Feb exists only in a leap year.
    expect(membershipEndDate('2026-01-29', 1, 'month')).toBe('2026-02-28');
    expect(membershipEndDate('2028-01-29', 1, 'month')).toBe('2028-02-28');
  });

  it('crosses years and counts 3, 6 and 12 months', () => {
    expect(membershipEndDate('2026-11-23', 3, 'month')).toBe('2027-02-22');
    expect(membershipEndDate('2026-08-31', 6, 'month')).toBe('2027-02-28');
    expect(membershipEndDate('2026-11-23', 12, 'month')).toBe('2027-11-22');
    expect(membershipEndDate('2028-02-29', 12, 'month')).toBe('2029-02-28');
    expect(membershipEndDate('2026-12-01', 1, 'month')).toBe('2026-12-31');
  });

  it('refuses a duration that is not a whole number of at least one', () => {
    expect(() => membershipEndDate('2026-11-23', 0, 'day')).toThrow(RangeError);
    expect(() => membershipEndDate('2026-11-23', 1.5, 'month')).toThrow(RangeError);
  });
});

describe('freezes and renewals', () => {
  it('counts both ends of a freeze and finds overlaps', () => {
    expect(freezeDays('2026-11-23', '2026-11-23')).toBe(1);
    expect(freezeDays('2026-11-23', '2026-12-02')).toBe(10);
    expect(overlaps({ from: '2026-11-01', to: '2026-11-10' }, { from: '2026-11-10', to: '2026-11-12' })).toBe(true);
    expect(overlaps({ from: '2026-11-01', to: '2026-11-10' }, { from: '2026-11-11', to: '2026-11-12' })).toBe(false);
  });

  it('moves dates by calendar days across months, years and leap days', () => {
    expect(shiftDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });

  it('counts membership years from the start, and the freezes that start in each', () => {
    expect(membershipYear('2026-03-15', '2026-03-15')).toEqual({ from: '2026-03-15', to: '2027-03-14' });
    expect(membershipYear('2026-03-15', '2027-03-14')).toEqual({ from: '2026-03-15', to: '2027-03-14' });
    expect(membershipYear('2026-03-15', '2027-03-15')).toEqual({ from: '2027-03-15', to: '2028-03-14' });
    expect(membershipYear('2026-03-15', '2029-01-01')).toEqual({ from: '2028-03-15', to: '2029-03-14' });
    expect(membershipYear('2026-03-15', '2026-01-01')).toEqual({ from: '2026-03-15', to: '2027-03-14' });
    // From a leap day: the year ends on 28 Feb, as a 12-month plan does, and the next starts on 1 Mar.
    expect(membershipYear('2028-02-29', '2029-02-28')).toEqual({ from: '2028-02-29', to: '2029-02-28' });
    expect(membershipYear('2028-02-29', '2029-03-01')).toEqual({ from: '2029-03-01', to: '2030-02-28' });
    const freezes = [
      { from_date: '2026-12-20', days: 20 }, // runs into the next year: counted in the year it starts
      { from_date: '2027-03-14', days: 3 },
      { from_date: '2027-03-15', days: 5 },
    ];
    expect(freezeYear('2026-03-15', freezes, '2026-04-01')).toEqual({ from: '2026-03-15', to: '2027-03-14', freezes: 2, days: 23 });
    expect(freezeYear('2026-03-15', freezes, '2027-06-01')).toEqual({ from: '2027-03-15', to: '2028-03-14', freezes: 1, days: 5 });
  });

  it('renews from the day after the old end, or today when it has lapsed', () => {
    expect(renewalStart('2026-11-30', '2026-11-23')).toBe('2026-12-01');
    expect(renewalStart('2026-11-22', '2026-11-23')).toBe('2026-11-23');
    expect(renewalStart('2026-11-23', '2026-11-23')).toBe('2026-11-24');
  });
});

describe('membership status on a day', () => {
  const base = { start: '2026-11-01', end: '2026-11-30', cancelled: false, freezes: [] };

  it('reads upcoming, active, expiring, expired on the boundary days', () => {
    expect(membershipStatus(base, '2026-10-31')).toBe('upcoming');
    expect(membershipStatus(base, '2026-11-01')).toBe('active');
    expect(membershipStatus(base, '2026-11-22')).toBe('active');
    // Ends within 7 days: from the 23rd ("expires in 7 days") to the 30th.
    expect(membershipStatus(base, '2026-11-23')).toBe('expiring');
    expect(membershipStatus(base, '2026-11-30')).toBe('expiring');
    expect(membershipStatus(base, '2026-12-01')).toBe('expired');
    expect(membershipStatus(base, '2026-11-16', 14)).toBe('expiring');
    expect(membershipStatus(base, '2026-11-15', 14)).toBe('active');
  });

  it('reads frozen on the days of a freeze and cancelled above all', () => {
    const frozen = { ...base, freezes: [{ from: '2026-11-10', to: '2026-11-15' }] };
    expect(membershipStatus(frozen, '2026-11-09')).toBe('active');
    expect(membershipStatus(frozen, '2026-11-10')).toBe('frozen');
    expect(membershipStatus(frozen, '2026-11-15')).toBe('frozen');
    expect(membershipStatus(frozen, '2026-11-16')).toBe('active');
    expect(membershipStatus({ ...frozen, cancelled: true }, '2026-11-12')).toBe('cancelled');
  });
});

describe('dates before year 1000 and years 0–99', () => {
  it('never reads a two-digit year as the 1900s, and never throws', () => {
    expect(membershipEndDate('0050-01-01', 1, 'month')).toBe('0050-01-31');
    expect(membershipEndDate('0999-12-15', 30, 'day')).toBe('1000-01-13');
    expect(shiftDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(daysBetween('0050-01-01', '0051-01-01')).toBe(365);
    expect(daysInMonth(4, 2)).toBe(29);
  });
});

describe('a sale start and a date of birth as a client sends them', () => {
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  it('takes a sale start within a year of today, and names the rule otherwise', () => {
    for (const ok of [iso(0), iso(-360), iso(360)]) expect(saleStartSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0050-01-01', iso(-400), iso(400), '2199-01-01']) {
      const r = saleStartSchema.safeParse(bad);
      expect(r.success, bad).toBe(false);
    }
    expect(saleStartSchema.safeParse(iso(-400)).error?.issues[0].message).toBe('Enter a start date within a year of today.');
    expect(saleStartSchema.safeParse('0050-01-01').error?.issues[0].message).toBe('Enter a date between 1900 and 2199.');
  });

  it('takes a date of birth from 1900 to today', () => {
    expect(birthDateSchema.safeParse('1990-05-01').success).toBe(true);
    expect(birthDateSchema.safeParse('1899-12-31').success).toBe(false);
    expect(birthDateSchema.safeParse(iso(30)).error?.issues[0].message).toBe('A date of birth cannot be in the future.');
  });
});

describe('the refund a cancellation proposes', () => {
  const sale = {
    total: '3500.00',
    joiningFee: '500.00',
    paid: '3500.00',
    start: '2026-11-01',
    end: '2026-11-30',
    sessionsTotal: null,
    sessionsLeft: null,
  };
  it('refunds the plan part for the unused days, never the joining fee', () => {
    // 3,000 of plan × 12 unused of 30 days (19 to 30 Nov) = 1,200.
    expect(proRataRefund(sale, '2026-11-19')).toEqual({ paise: 120000, unusedDays: 12, totalDays: 30 });
    expect(proRataRefund(sale, '2026-10-20').paise).toBe(300000); // not begun: all of the plan part
    expect(proRataRefund(sale, '2026-12-01').paise).toBe(0); // over
  });

  it('never proposes more than was paid, and takes the smaller share for a session pack', () => {
    expect(proRataRefund({ ...sale, paid: '1000.00' }, '2026-11-01').paise).toBe(100000);
    // 15 of 30 days left, but 2 of 10 sessions: 3,000 × 0.2.
    expect(proRataRefund({ ...sale, sessionsTotal: 10, sessionsLeft: 2 }, '2026-11-16').paise).toBe(60000);
  });
});

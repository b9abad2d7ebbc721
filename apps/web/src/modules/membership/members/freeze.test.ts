import { freezeYear } from '@arena/contracts/membership';
import { describe, expect, it } from 'vitest';
import { freezeAllowance, freezeProblems, yearAllowance, yearlyFreezeText } from './freeze';

const limits = { max_times: 6, max_days: 90, max_freezes_per_year: 3, max_freeze_days_per_year: 30, min_freeze_days: 5 };
const membership = {
  start_date: '2026-01-01',
  freezes: [{ id: 1, from_date: '2026-03-01', to_date: '2026-03-10', days: 10, reason: '', ended_on: null, created_at: '' }],
  frozen_days: 10,
  freeze_limits: limits,
};

describe('freeze limits as the desk reads them', () => {
  it('says what is left this membership year, and in another', () => {
    const year = freezeYear(membership.start_date, membership.freezes, '2026-06-01');
    expect(yearAllowance(membership, year, true)).toBe(
      '2 of 3 freezes and 20 of 30 days left this membership year (1 Jan 2026 – 31 Dec 2026).',
    );
    const next = freezeYear(membership.start_date, membership.freezes, '2027-02-01');
    expect(yearAllowance(membership, next, false)).toBe(
      '3 of 3 freezes and 30 of 30 days left in the membership year 1 Jan 2027 – 31 Dec 2027.',
    );
    const daysOnly = { freeze_limits: { ...limits, max_freezes_per_year: null } };
    expect(yearAllowance(daysOnly, year, true)).toBe(
      '20 of 30 days left this membership year (1 Jan 2026 – 31 Dec 2026) (no limit on the number of freezes).',
    );
    expect(
      yearAllowance({ freeze_limits: { ...limits, max_freezes_per_year: null, max_freeze_days_per_year: null } }, year, true),
    ).toBeNull();
    expect(freezeAllowance(membership)).toBe('Used 1 of 6 freezes and 10 of 90 days of this membership.');
    expect(freezeAllowance({ ...membership, freeze_limits: { ...limits, max_times: 0 } })).toBe('This plan does not allow freezes.');
  });

  it('warns of a freeze the plan would refuse: too short, none left, too many days', () => {
    expect(freezeProblems(membership, '2026-06-01', 4)).toEqual(['Too short: the plan freezes for at least 5 days.']);
    expect(freezeProblems(membership, '2026-06-01', 21)).toEqual(['Only 20 days can be frozen in that membership year.']);
    expect(freezeProblems(membership, '2026-06-01', 20)).toEqual([]);
    const used = { ...membership, freeze_limits: { ...limits, max_freezes_per_year: 1 } };
    expect(freezeProblems(used, '2026-06-01', 5)).toEqual(['No freeze is left in the membership year 1 Jan 2026 – 31 Dec 2026.']);
    expect(freezeProblems(used, '2027-01-01', 5)).toEqual([]);
  });

  it("puts a plan's yearly limits and shortest freeze in a line", () => {
    expect(yearlyFreezeText({ max_freezes_per_year: 2, max_freeze_days_per_year: 30, min_freeze_days: 7 })).toBe(
      'a year: 2 freezes, 30 days · at least 7 days',
    );
    expect(yearlyFreezeText({ max_freezes_per_year: 1, max_freeze_days_per_year: null, min_freeze_days: 1 })).toBe('a year: 1 freeze');
    expect(yearlyFreezeText({ max_freezes_per_year: null, max_freeze_days_per_year: null, min_freeze_days: 1 })).toBe('');
  });
});

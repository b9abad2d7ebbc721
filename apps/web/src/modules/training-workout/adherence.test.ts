import { describe, expect, it } from 'vitest';
import { adherencePercent, mondayOf, weeksRun } from './adherence';

describe('mondayOf', () => {
  it('gives the Monday of the week, Sunday included', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-12-01')).toBe('2026-11-30');
  });
});

describe('weeksRun', () => {
  it('counts the weeks from the start to today, both included', () => {
    expect(weeksRun('2026-11-23', null, '2026-11-23')).toBe(1);
    expect(weeksRun('2026-11-20', null, '2026-11-29')).toBe(2);
    expect(weeksRun('2026-11-02', null, '2026-11-29')).toBe(4);
  });
  it('stops at an end in the past and is 0 before the start', () => {
    expect(weeksRun('2026-11-02', '2026-11-08', '2026-11-29')).toBe(1);
    expect(weeksRun('2026-12-07', null, '2026-11-29')).toBe(0);
  });
});

describe('adherencePercent', () => {
  const copy = { start_date: '2026-11-16', end_date: null, days_per_week: 3 };
  it('divides the sessions by the planned ones', () => {
    // two weeks of three days: six planned
    expect(adherencePercent({ ...copy, sessions: 3 }, '2026-11-29')).toBe(50);
    expect(adherencePercent({ ...copy, sessions: 4 }, '2026-11-29')).toBe(67);
  });
  it('is capped at 100 % and null before the start', () => {
    expect(adherencePercent({ ...copy, sessions: 9 }, '2026-11-29')).toBe(100);
    expect(adherencePercent({ ...copy, start_date: '2026-12-07', sessions: 0 }, '2026-11-29')).toBeNull();
  });
});

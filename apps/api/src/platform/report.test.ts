import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { LAST_30_DAYS, MONTH_WINDOW, reportWindow } from './report.js';
import { monthsOf } from './time.js';

const ctx = { now: { instant: new Date('2026-11-27T06:00:00Z'), today: '2026-11-27', time: '11:30:00' } };
/** The 400's body a call throws (null when it does not throw). */
const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(400);
    return (error as ApiError).body;
  }
  return null;
};

describe('monthsOf', () => {
  it('lists every month of a window, across years', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-04-01', '2026-03-31')).toEqual([]);
  });

  it('compares months as numbers: the last month of 9999 ends the walk (as strings it ran to year 99,999)', () => {
    expect(monthsOf('9999-12-31', '9999-12-31')).toEqual(['9999-12']);
  });

  it('refuses a window of more than ten years instead of walking it', () => {
    expect(() => monthsOf('1900-01-01', '2199-12-31')).toThrow(/longer than 120 months/);
  });
});

describe('reportWindow', () => {
  it('defaults to the current month, or the last 30 days', () => {
    expect(reportWindow({}, ctx, MONTH_WINDOW)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(reportWindow({}, ctx, LAST_30_DAYS)).toEqual({ from: '2026-10-29', to: '2026-11-27' });
  });

  it('takes from/to as aliases of date_after/date_before', () => {
    expect(reportWindow({ from: '2026-01-05', to: '2026-02-10' }, ctx, MONTH_WINDOW)).toEqual({ from: '2026-01-05', to: '2026-02-10' });
    expect(reportWindow({ date_after: '2026-01-05', from: '2026-01-05' }, ctx, MONTH_WINDOW)).toEqual({
      from: '2026-01-05',
      to: '2026-11-27',
    });
  });

  it('runs a start alone to today, or over a default-sized window when it is in the future, never past the longest', () => {
    expect(reportWindow({ date_after: '2026-03-01' }, ctx, MONTH_WINDOW)).toEqual({ from: '2026-03-01', to: '2026-11-27' });
    expect(reportWindow({ date_after: '2027-02-10' }, ctx, MONTH_WINDOW)).toEqual({ from: '2027-02-10', to: '2027-02-28' });
    expect(reportWindow({ from: '2027-02-10' }, ctx, LAST_30_DAYS)).toEqual({ from: '2027-02-10', to: '2027-03-11' });
    expect(reportWindow({ date_after: '2001-01-01' }, ctx, MONTH_WINDOW)).toEqual({ from: '2001-01-01', to: '2006-01-01' });
  });

  it('starts an end alone at its month’s first day, or N − 1 days before it', () => {
    expect(reportWindow({ date_before: '2026-09-17' }, ctx, MONTH_WINDOW)).toEqual({ from: '2026-09-01', to: '2026-09-17' });
    expect(reportWindow({ to: '2026-09-17' }, ctx, LAST_30_DAYS)).toEqual({ from: '2026-08-19', to: '2026-09-17' });
  });

  it('refuses an end before the start, a span over the maximum, and two different spellings, on the field the client used', () => {
    expect(fieldOf(() => reportWindow({ date_after: '2026-06-01', date_before: '2026-01-01' }, ctx, MONTH_WINDOW))).toEqual({
      date_before: ['The end date must be on or after the start date.'],
    });
    expect(fieldOf(() => reportWindow({ from: '2026-06-01', to: '2026-01-01' }, ctx, MONTH_WINDOW))).toEqual({
      to: ['The end date must be on or after the start date.'],
    });
    expect(fieldOf(() => reportWindow({ date_after: '1926-01-01', date_before: '2025-12-31' }, ctx, MONTH_WINDOW))).toEqual({
      date_before: ['A report covers at most 5 years. Choose a shorter date range.'],
    });
    expect(fieldOf(() => reportWindow({ from: '2026-01-01', to: '2026-04-03' }, ctx, { default: 30, maxDays: 92 }))).toEqual({
      to: ['The range can be at most 92 days.'],
    });
    expect(reportWindow({ from: '2026-01-01', to: '2026-04-01' }, ctx, { default: 30, maxDays: 92 })).toEqual({
      from: '2026-01-01',
      to: '2026-04-01',
    });
    expect(fieldOf(() => reportWindow({ date_after: '2026-01-01', from: '2026-02-01' }, ctx, MONTH_WINDOW))).toEqual({
      from: ['Give the start date once: date_after or from.'],
    });
  });
});

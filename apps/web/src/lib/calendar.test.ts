import { describe, expect, it } from 'vitest';
import { addMonths, monthRange, monthWeeks, visitsByDay, weekdayIndex } from './calendar';

describe('attendance calendar', () => {
  it('knows month ends, leap years included', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('moves between months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-05', 14)).toBe('2027-07');
  });

  it('starts weeks on Monday', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
  });

  it('lays a month out in whole weeks, padded with the days around it', () => {
    const weeks = monthWeeks('2026-11'); // 1 Nov 2026 is a Sunday
    expect(weeks).toHaveLength(6);
    expect(weeks[0][0]).toEqual({ date: '2026-10-26', inMonth: false });
    expect(weeks[0][6]).toEqual({ date: '2026-11-01', inMonth: true });
    expect(weeks[5][0]).toEqual({ date: '2026-11-30', inMonth: true });
    expect(weeks[5][6]).toEqual({ date: '2026-12-06', inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
    // February 2027 starts on a Monday and fills exactly four weeks.
    expect(monthWeeks('2027-02')).toHaveLength(4);
  });

  it('groups visits by their day', () => {
    const days = visitsByDay([
      { id: 1, date: '2026-11-02' },
      { id: 2, date: '2026-11-03' },
      { id: 3, date: '2026-11-02' },
    ]);
    expect(days.get('2026-11-02')?.map((v) => v.id)).toEqual([1, 3]);
    expect(days.size).toBe(2);
  });
});

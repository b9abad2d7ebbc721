import { describe, expect, it } from 'vitest';
import { pooledAdherence, weekOf, weeklyAdherence } from './adherence.js';

describe('adherence', () => {
  it('weeks start on Monday', () => {
    expect(weekOf('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekOf('2026-12-06')).toBe('2026-11-30'); // the Sunday after
    expect(weekOf('2026-12-01')).toBe('2026-11-30');
  });

  it('is sessions logged ÷ sessions planned per week, a day counted once, capped at 1', () => {
    const weeks = weeklyAdherence(
      ['2026-11-30', '2026-11-30', '2026-12-02', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12'],
      3,
      '2026-11-30',
      '2026-12-20',
    );
    expect(weeks).toEqual([
      { week: '2026-11-30', logged: 2, planned: 3, adherence: 0.67 },
      { week: '2026-12-07', logged: 5, planned: 3, adherence: 1 },
      { week: '2026-12-14', logged: 0, planned: 3, adherence: 0 },
    ]);
  });

  it('ignores sessions outside the window and answers nothing for an empty one', () => {
    expect(weeklyAdherence(['2026-01-01'], 4, '2026-11-30', '2026-12-06')).toEqual([
      { week: '2026-11-30', logged: 0, planned: 4, adherence: 0 },
    ]);
    expect(weeklyAdherence([], 3, '2026-12-06', '2026-11-30')).toEqual([]);
    expect(weeklyAdherence(['2026-11-30'], 0, '2026-11-30', '2026-12-06')).toEqual([]);
  });

  it('keeps the latest weeks only', () => {
    expect(weeklyAdherence([], 3, '2020-01-01', '2026-12-06', 4).map((w) => w.week)).toEqual([
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it('pools many plans', () => {
    expect(pooledAdherence(5, 8)).toBe(0.63);
    expect(pooledAdherence(9, 8)).toBe(1);
    expect(pooledAdherence(0, 0)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { performanceSeries } from './performance';

const row = (id: number, item: number, value: string, date: string, name = item === 1 ? 'Weight' : 'Push-ups') => ({
  id,
  item,
  item_name: name,
  category_name: item === 1 ? 'Body composition' : 'Strength',
  unit: item === 1 ? 'kg' : 'reps',
  value,
  date,
});

describe('performanceSeries', () => {
  it('makes one series per item, oldest first, with the latest value and the change since the first', () => {
    const series = performanceSeries([
      row(3, 1, '72.30', '2026-11-01'),
      row(1, 1, '74.10', '2026-09-01'),
      row(2, 2, '20', '2026-10-01'),
      row(4, 1, '73.00', '2026-10-01'),
    ]);
    expect(series.map((s) => s.name)).toEqual(['Weight', 'Push-ups']); // Body composition before Strength
    expect(series[0].points).toEqual([
      { date: '2026-09-01', value: 74.1 },
      { date: '2026-10-01', value: 73 },
      { date: '2026-11-01', value: 72.3 },
    ]);
    expect(series[0].latest).toBe(72.3);
    expect(series[0].change).toBe(-1.8);
    expect(series[1]).toMatchObject({ unit: 'reps', latest: 20, change: 0 });
  });

  it('gives nothing for no measurements', () => {
    expect(performanceSeries([])).toEqual([]);
  });
});

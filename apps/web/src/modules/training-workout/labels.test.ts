import { describe, expect, it } from 'vitest';
import { exerciseMeta, loadText, mergeMatches, pickerQueries } from './labels';

describe('pickerQueries', () => {
  it('searches the names', () => {
    expect(pickerQueries(' press ')).toEqual([{ search: 'press' }]);
    expect(pickerQueries('')).toEqual([{}]);
  });
  it('also reads a muscle or an equipment as its filter, after the names', () => {
    expect(pickerQueries('Chest')).toEqual([{ search: 'Chest' }, { muscle: 'chest' }]);
    expect(pickerQueries('bench')).toEqual([{ search: 'bench' }, { equipment: 'bench' }]);
    expect(pickerQueries('pull-up bar')).toEqual([{ search: 'pull-up bar' }, { equipment: 'pull-up bar' }]);
  });
  it('narrows both by the selects', () => {
    expect(pickerQueries('chest', 'quads')).toEqual([{ muscle: 'quads', search: 'chest' }]);
    expect(pickerQueries('press', '', 'barbell')).toEqual([{ equipment: 'barbell', search: 'press' }]);
    expect(pickerQueries('chest', '', 'barbell')).toEqual([
      { equipment: 'barbell', search: 'chest' },
      { equipment: 'barbell', muscle: 'chest' },
    ]);
    expect(pickerQueries('', 'abs', 'band')).toEqual([{ muscle: 'abs', equipment: 'band' }]);
  });
});

describe('mergeMatches', () => {
  it('keeps the order and each exercise once', () => {
    expect(mergeMatches([[{ id: 2 }, { id: 5 }], undefined, [{ id: 5 }, { id: 1 }]]).map((r) => r.id)).toEqual([2, 5, 1]);
  });
});

describe('labels', () => {
  it('reads a load and an exercise line', () => {
    expect(loadText('percent_1rm', 70)).toBe('70 % 1RM');
    expect(loadText('kg', 42.5)).toBe('42.5 kg');
    expect(loadText('none', 0)).toBe('');
    expect(exerciseMeta({ equipment: 'barbell', primary_muscles: ['chest', 'triceps'] })).toBe('Barbell · chest, triceps');
    expect(exerciseMeta({ equipment: 'none', primary_muscles: ['abs'] })).toBe('abs');
  });
});

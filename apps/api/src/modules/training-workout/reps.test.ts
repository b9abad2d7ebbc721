import { formatReps, parseReps, parseTempo, planItemInputSchema } from '@arena/contracts/training-workout';
import { describe, expect, it } from 'vitest';

describe('reps and tempo', () => {
  it('reads a number, a range and a time', () => {
    expect(parseReps('10')).toEqual({ kind: 'reps', min: 10, max: 10 });
    expect(parseReps('8-12')).toEqual({ kind: 'reps', min: 8, max: 12 });
    expect(parseReps(' 8 – 12 ')).toEqual({ kind: 'reps', min: 8, max: 12 });
    expect(parseReps('8 to 12')).toEqual({ kind: 'reps', min: 8, max: 12 });
    expect(parseReps('45s')).toEqual({ kind: 'time', seconds: 45 });
    expect(parseReps('60 sec')).toEqual({ kind: 'time', seconds: 60 });
    expect(parseReps('1:30')).toEqual({ kind: 'time', seconds: 90 });
  });

  it('refuses nonsense and out-of-bounds figures', () => {
    for (const bad of ['', '0', '12-8', '8-8', '201', 'ten', '5-250', '0s', '3601s', '61:00', '1:75', '-5', '8-12-14'])
      expect(parseReps(bad), bad).toBeNull();
  });

  it('writes reps the same way every time', () => {
    expect(formatReps(parseReps('8-12')!)).toBe('8–12');
    expect(formatReps(parseReps('10')!)).toBe('10');
    expect(formatReps(parseReps('1:00')!)).toBe('60 s');
  });

  it('reads a tempo of four phases', () => {
    expect(parseTempo('3-1-1-0')).toBe('3-1-1-0');
    expect(parseTempo('2-0-x-1')).toBe('2-0-X-1');
    for (const bad of ['3-1-1', '31-1-1-0', '3-1-1-0-0', 'a-b-c-d', '3 1 1 0']) expect(parseTempo(bad), bad).toBeNull();
  });

  it('an item normalises its reps, tempo and superset, and bounds its load', () => {
    const ok = planItemInputSchema.parse({ exercise: 1, sets: 3, reps: '8 - 12', tempo: '3-1-x-0', superset: 'a' });
    expect(ok).toMatchObject({ reps: '8–12', tempo: '3-1-X-0', superset: 'A', rest_seconds: 60, load_kind: 'none', load: 0 });
    const bad = planItemInputSchema.safeParse({
      exercise: 1,
      sets: 0,
      reps: 'lots',
      tempo: '311',
      load_kind: 'percent_1rm',
      load: 120,
      superset: 'Z',
      rest_seconds: 5000,
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['sets', 'reps', 'tempo', 'superset', 'rest_seconds']));
    expect(
      planItemInputSchema.safeParse({ exercise: 1, sets: 3, reps: '10', load_kind: 'percent_1rm', load: 120 }).error!.issues[0].path,
    ).toEqual(['load']);
  });
});

import { describe, expect, it } from 'vitest';
import { oneLine } from './series';

describe('oneLine', () => {
  it('keeps a name that fits and cuts a long one to the limit with an ellipsis', () => {
    expect(oneLine('Gatorade, 500 ml', 20)).toBe('Gatorade, 500 ml');
    const cut = oneLine('Optimum Nutrition Gold Standard 100% Whey, Double Rich Chocolate, 2 kg', 27);
    expect(cut).toBe('Optimum Nutrition Gold Sta…');
    expect(cut).toHaveLength(27);
    // No space left before the ellipsis.
    expect(oneLine('MuscleBlaze Biozyme Performance', 13)).toBe('MuscleBlaze…');
  });
});

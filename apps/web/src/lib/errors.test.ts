import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage } from './errors';

describe('errorMessage', () => {
  it("never starts a line with a field's internal name", () => {
    const error = new ApiError('Bad request', 400, { time_slot_ids: ['These slots are taken.'], detail: 'Not moved.' });
    expect(errorMessage(error)).toBe('Time slots: These slots are taken.\nNot moved.');
    expect(errorMessage({ 'refund.amount': ['Too much.'] })).toBe('Refund amount: Too much.');
  });
});

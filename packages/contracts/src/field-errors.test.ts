import { describe, expect, it } from 'vitest';
import { flattenFieldErrors } from './field-errors.js';

describe('DRF error bodies flattened for forms', () => {
  it('keeps dotted keys as they are and joins a field’s messages', () => {
    expect(
      flattenFieldErrors({ name: ['This field may not be blank.', 'Too short.'], 'slot_groups.0.time_slots.1.start_time': ['Overlaps.'] }),
    ).toEqual({
      fields: { name: 'This field may not be blank. Too short.', 'slot_groups.0.time_slots.1.start_time': 'Overlaps.' },
      general: [],
    });
  });

  it('turns nested lists and objects into the same dotted paths, skipping rows without errors', () => {
    const body = {
      slot_groups: [{}, { name: ['Required.'], time_slots: [{}, { price: ['Enter a valid amount.'] }] }],
      payment: { amount: ['Too big.'] },
    };
    expect(flattenFieldErrors(body).fields).toEqual({
      'slot_groups.1.name': 'Required.',
      'slot_groups.1.time_slots.1.price': 'Enter a valid amount.',
      'payment.amount': 'Too big.',
    });
  });

  it('reads bracketed keys as dotted paths', () => {
    expect(flattenFieldErrors({ 'slot_groups[0].time_slots[2].end_time': ['After start.'] }).fields).toEqual({
      'slot_groups.0.time_slots.2.end_time': 'After start.',
    });
  });

  it('puts detail and non_field_errors apart, and a nested non_field_errors on its object', () => {
    expect(
      flattenFieldErrors({
        detail: 'Slot already taken.',
        non_field_errors: ['Pick again.'],
        payment: { non_field_errors: ['Bad payment.'] },
      }),
    ).toEqual({
      fields: { payment: 'Bad payment.' },
      general: ['Slot already taken.', 'Pick again.'],
    });
  });

  it('treats a string or a list body as messages of no field', () => {
    expect(flattenFieldErrors('Server says no.')).toEqual({ fields: {}, general: ['Server says no.'] });
    expect(flattenFieldErrors(['One.', 'Two.'])).toEqual({ fields: {}, general: ['One.', 'Two.'] });
    expect(flattenFieldErrors(null)).toEqual({ fields: {}, general: [] });
  });
});

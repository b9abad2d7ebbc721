import { describe, expect, it } from 'vitest';
import { fieldLabel } from './form';

describe('fieldLabel', () => {
  it('names a server field as a person reads it, never by its internal name', () => {
    expect(fieldLabel('time_slot_ids')).toBe('Time slots');
    expect(fieldLabel('refund.amount')).toBe('Refund amount');
    expect(fieldLabel('payment_mode')).toBe('Payment mode');
    expect(fieldLabel('centre_id')).toBe('Centre');
    expect(fieldLabel('slot_groups.0.time_slots.1.start_time')).toBe('Slot groups time slots start time');
    expect(fieldLabel('tax_adjustment')).toBe('Tax adjustment');
  });
});

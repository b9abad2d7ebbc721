import { describe, expect, it } from 'vitest';
import { promotionalSendTime } from './quiet-hours.js';

const IST = 'Asia/Kolkata';
describe('promotional SMS window (10:00–21:00 in the organisation zone)', () => {
  it('sends at once inside the window', () => {
    const at = new Date('2026-11-27T05:00:00Z'); // 10:30 IST
    expect(promotionalSendTime(at, IST)).toEqual(at);
    const late = new Date('2026-11-27T15:29:59Z'); // 20:59:59 IST
    expect(promotionalSendTime(late, IST)).toEqual(late);
  });
  it('waits for 10:00 the same morning before it', () => {
    expect(promotionalSendTime(new Date('2026-11-27T01:00:00Z'), IST).toISOString()).toBe('2026-11-27T04:30:00.000Z'); // 06:30 → 10:00 IST
    expect(promotionalSendTime(new Date('2026-11-27T04:29:59Z'), IST).toISOString()).toBe('2026-11-27T04:30:00.000Z');
  });
  it('waits for 10:00 the next morning from 21:00, across a month end', () => {
    expect(promotionalSendTime(new Date('2026-11-27T15:30:00Z'), IST).toISOString()).toBe('2026-11-28T04:30:00.000Z'); // 21:00 IST
    expect(promotionalSendTime(new Date('2026-11-30T18:00:00Z'), IST).toISOString()).toBe('2026-12-01T04:30:00.000Z'); // 23:30 IST on the 30th
  });
  it('follows the zone given', () => {
    expect(promotionalSendTime(new Date('2026-07-01T23:00:00Z'), 'Europe/London').toISOString()).toBe('2026-07-02T09:00:00.000Z'); // 00:00 BST
  });
});

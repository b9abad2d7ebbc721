import { describe, expect, it } from 'vitest';
import { isoWeekday, nowIn, parsePathDate } from '../../platform/time.js';
import { slotPrice, slotStatus, total, unavailableReason, type DayContext, type TemplateSlot } from './availability.js';

const slot = (over: Partial<TemplateSlot> = {}): TemplateSlot => ({
  id: 1,
  groupId: 1,
  startTime: '18:00:00',
  endTime: '19:00:00',
  price: '800.00',
  weekendPrice: null,
  isActive: true,
  ...over,
});
const ctx = (over: Partial<DayContext> = {}): DayContext => ({
  date: '2026-11-23',
  today: '2026-11-22',
  time: '10:00:00',
  advanceDays: 30,
  ...over,
});

describe('slot availability', () => {
  it('offers a future active slot that nobody booked', () => {
    expect(slotStatus(slot(), ctx(), new Set())).toBe('available');
  });

  it('marks a booked slot as booked', () => {
    expect(slotStatus(slot(), ctx(), new Set([1]))).toBe('booked');
  });

  it('refuses past dates and slots of today that have started', () => {
    expect(slotStatus(slot(), ctx({ date: '2026-11-21' }), new Set())).toBe('past');
    expect(slotStatus(slot({ startTime: '09:00:00' }), ctx({ date: '2026-11-22' }), new Set())).toBe('unavailable');
    expect(slotStatus(slot({ startTime: '10:00:00' }), ctx({ date: '2026-11-22' }), new Set())).toBe('unavailable');
    expect(slotStatus(slot({ startTime: '10:30:00' }), ctx({ date: '2026-11-22' }), new Set())).toBe('available');
  });

  it('refuses inactive slots and dates beyond the booking window', () => {
    expect(slotStatus(slot({ isActive: false }), ctx(), new Set())).toBe('unavailable');
    expect(slotStatus(slot(), ctx({ date: '2026-12-22' }), new Set())).toBe('available');
    expect(slotStatus(slot(), ctx({ date: '2026-12-23' }), new Set())).toBe('unavailable');
    expect(slotStatus(slot(), ctx({ date: '2026-11-22', advanceDays: 0 }), new Set())).toBe('available');
    expect(slotStatus(slot(), ctx({ advanceDays: 0 }), new Set())).toBe('unavailable');
  });

  it('decides "today" in IST: 18:45 UTC is already tomorrow in India', () => {
    const late = new Date('2026-11-22T18:45:00Z');
    expect(nowIn('Asia/Kolkata', late)).toMatchObject({ today: '2026-11-23', time: '00:15:00' });
    expect(nowIn('UTC', late)).toMatchObject({ today: '2026-11-22', time: '18:45:00' });
    const c = { ...nowIn('Asia/Kolkata', late), date: '2026-11-23', advanceDays: 30 };
    expect(slotStatus(slot({ startTime: '00:00:00' }), c, new Set())).toBe('unavailable');
    expect(slotStatus(slot({ startTime: '06:00:00' }), c, new Set())).toBe('available');
    expect(slotStatus(slot({ startTime: '23:00:00', endTime: '00:00:00' }), { ...c, date: '2026-11-22' }, new Set())).toBe('past');
  });
});

describe('walk-ins and past slots', () => {
  const started = slot({ startTime: '09:30:00', endTime: '10:30:00' });
  const today = ctx({ date: '2026-11-22' }); // now is 10:00 on the 22nd

  it('lets the desk book a slot of today until its end, while the portal refuses it once started', () => {
    expect(slotStatus(started, { ...today, walkIn: true }, new Set())).toBe('available');
    expect(unavailableReason(started, { ...today, walkIn: true })).toBeNull();
    expect(slotStatus(started, today, new Set())).toBe('unavailable');
    expect(unavailableReason(started, today)).toBe('This slot has already started.');
  });

  it('marks a slot whose end has come, or of a past date, as past and refuses it at the desk too', () => {
    const ended = slot({ startTime: '09:00:00', endTime: '10:00:00' });
    expect(slotStatus(ended, { ...today, walkIn: true }, new Set())).toBe('past');
    expect(unavailableReason(ended, { ...today, walkIn: true })).toBe('This slot has already ended.');
    expect(slotStatus(slot(), ctx({ date: '2026-11-21', walkIn: true }), new Set())).toBe('past');
    expect(unavailableReason(slot(), ctx({ date: '2026-11-21', walkIn: true }))).toBe('This date is in the past.');
    // booked stays booked, and a slot not offered is unavailable, whatever the time
    expect(slotStatus(ended, today, new Set([1]))).toBe('booked');
    expect(slotStatus({ ...ended, isActive: false }, today, new Set())).toBe('unavailable');
  });

  it('treats a slot ending at midnight as ending at the end of the day', () => {
    const late = slot({ startTime: '23:00:00', endTime: '00:00:00' });
    expect(slotStatus(late, ctx({ date: '2026-11-22', time: '23:30:00', walkIn: true }), new Set())).toBe('available');
    expect(slotStatus(late, ctx({ date: '2026-11-22', time: '23:30:00' }), new Set())).toBe('unavailable');
  });
});

describe('prices', () => {
  it('uses the weekend price on Saturday and Sunday when set', () => {
    expect(slotPrice(slot({ weekendPrice: '1000.00' }), '2026-11-21')).toBe('1000.00'); // Saturday
    expect(slotPrice(slot({ weekendPrice: '1000.00' }), '2026-11-22')).toBe('1000.00'); // Sunday
    expect(slotPrice(slot({ weekendPrice: '1000.00' }), '2026-11-23')).toBe('800.00');
    expect(slotPrice(slot(), '2026-11-21')).toBe('800.00');
  });

  it('adds prices exactly in paise', () => {
    expect(total(['0.10', '0.20'])).toBe('0.30');
    expect(total(['800.00', '1250.50', '99.99'])).toBe('2150.49');
    expect(total([])).toBe('0.00');
  });
});

describe('dates', () => {
  it('reads the dd-MM-yyyy path date and refuses impossible dates', () => {
    expect(parsePathDate('23-11-2026')).toBe('2026-11-23');
    expect(parsePathDate('31-02-2026')).toBeNull();
    expect(parsePathDate('2026-11-23')).toBeNull();
  });

  it('numbers weekdays from Monday', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });
});

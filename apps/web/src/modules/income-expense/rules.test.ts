import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGE, attachmentError, gstPreview, monthLabel, shareOf } from './rules';

describe('gstPreview', () => {
  it('splits an amount paid with GST included into taxable value and GST', () => {
    expect(gstPreview('1180', 18)).toEqual({ taxable: '1000.00', gst: '180.00' });
    expect(gstPreview('1050.00', 5)).toEqual({ taxable: '1000.00', gst: '50.00' });
    expect(gstPreview('₹1,180', 18)).toEqual({ taxable: '1000.00', gst: '180.00' });
  });

  it('keeps every paisa: taxable value and GST add up to the amount', () => {
    const { taxable, gst } = gstPreview('999.99', 28)!;
    expect(Math.round(Number(taxable) * 100) + Math.round(Number(gst) * 100)).toBe(99999);
  });

  it('has no GST at 0 % and nothing to show for an invalid amount', () => {
    expect(gstPreview('500', 0)).toEqual({ taxable: '500.00', gst: '0.00' });
    expect(gstPreview('', 18)).toBeNull();
    expect(gstPreview('12.345', 18)).toBeNull();
    expect(gstPreview('-5', 18)).toBeNull();
  });
});

describe('attachmentError', () => {
  const file = (type: string, size: number, name = 'bill') => ({ type, size, name });
  it('accepts a PDF or a picture of at most 5 MB', () => {
    expect(attachmentError(null)).toBeNull();
    expect(attachmentError(file('application/pdf', 1024))).toBeNull();
    expect(attachmentError(file('image/jpeg', 5 * 1024 * 1024))).toBeNull();
    expect(attachmentError(file('', 2048, 'bill.PDF'))).toBeNull();
  });
  it('refuses anything else with one clear message', () => {
    expect(attachmentError(file('image/png', 5 * 1024 * 1024 + 1))).toBe(ATTACHMENT_MESSAGE);
    expect(attachmentError(file('text/csv', 10))).toBe(ATTACHMENT_MESSAGE);
    expect(attachmentError(file('image/gif', 10))).toBe(ATTACHMENT_MESSAGE);
    expect(attachmentError(file('application/pdf', 0))).toBe(ATTACHMENT_MESSAGE);
  });
});

describe('shareOf', () => {
  it('is a whole percent, 0 of nothing', () => {
    expect(shareOf('250', '1000')).toBe(25);
    expect(shareOf('1', '3')).toBe(33);
    expect(shareOf('5', '0')).toBe(0);
  });
});

describe('monthLabel', () => {
  it('names a YYYY-MM month', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2026-01', { long: true })).toBe('January 2026');
    expect(monthLabel('soon')).toBe('soon');
  });
});

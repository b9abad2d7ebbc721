import { describe, expect, it } from 'vitest';
import {
  checkInQueryKind,
  checkInSearchTerm,
  checkInTarget,
  signedCheckInCode,
  clockTime,
  memberCodeIn,
  monthModePivot,
  monthText,
  percentOf,
  refusalText,
  secondSessionQuestion,
  timeRange,
  visitLength,
  weekdaysText,
  type Suggestion,
} from './rules';

describe('weekdaysText', () => {
  it('says every day, ranges of three or more, and single days', () => {
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
    expect(weekdaysText([1, 2, 3, 4, 5])).toBe('Mon–Fri');
    expect(weekdaysText([6, 7])).toBe('Sat, Sun');
    expect(weekdaysText([1, 3, 5])).toBe('Mon, Wed, Fri');
    expect(weekdaysText([5, 1, 2, 3])).toBe('Mon–Wed, Fri');
    expect(weekdaysText([2, 4, 6, 7, 1])).toBe('Mon, Tue, Thu, Sat, Sun');
  });
  it('ignores duplicates and values out of range, and shows a dash for none', () => {
    expect(weekdaysText([3, 3, 0, 8])).toBe('Wed');
    expect(weekdaysText([])).toBe('—');
  });
});

describe('times', () => {
  it('shows a batch as 24-hour times', () => {
    expect(timeRange('06:00:00', '07:30:00')).toBe('06:00–07:30');
    expect(timeRange('17:00', '18:00')).toBe('17:00–18:00');
  });
  it("reads an instant in the organisation's zone on a 24-hour clock", () => {
    expect(clockTime('2026-11-23T11:35:00Z', 'Asia/Kolkata')).toBe('17:05');
    expect(clockTime('2026-11-22T18:45:00Z', 'Asia/Kolkata')).toBe('00:15');
    expect(clockTime('2026-11-23T11:35:00Z', 'Not/AZone')).toBe('17:05');
    expect(clockTime(null)).toBe('');
    expect(clockTime('nonsense')).toBe('');
  });
  it('says how long a visit lasted', () => {
    expect(visitLength('2026-11-23T01:00:00Z', '2026-11-23T01:45:00Z')).toBe('45 min');
    expect(visitLength('2026-11-23T01:00:00Z', '2026-11-23T02:20:00Z')).toBe('1 h 20 min');
    expect(visitLength('2026-11-23T01:00:00Z', '2026-11-23T04:00:30Z')).toBe('3 h');
    expect(visitLength('2026-11-23T01:00:00Z', null, new Date('2026-11-23T01:10:00Z'))).toBe('10 min');
    expect(visitLength('2026-11-23T02:00:00Z', '2026-11-23T01:00:00Z')).toBe('—');
  });
});

describe('memberCodeIn', () => {
  it('reads a code however it is typed or scanned', () => {
    expect(memberCodeIn('MEM-00042')).toBe('MEM-00042');
    expect(memberCodeIn('mem-42')).toBe('MEM-00042');
    expect(memberCodeIn(' mem 42 ')).toBe('MEM-00042');
    expect(memberCodeIn('MEM00042')).toBe('MEM-00042');
    expect(memberCodeIn('MEM-123456')).toBe('MEM-123456');
    expect(memberCodeIn('https://demo.example.com/m/MEM-00042')).toBe('MEM-00042');
  });
  it('finds none in names, phones and other words', () => {
    expect(memberCodeIn('Meena')).toBeNull();
    expect(memberCodeIn('9876543210')).toBeNull();
    expect(memberCodeIn('MEMBER 42')).toBeNull();
    expect(memberCodeIn('')).toBeNull();
  });
});

describe('checkInQueryKind and checkInSearchTerm', () => {
  it('tells codes, phones and names apart', () => {
    expect(checkInQueryKind('MEM-00042')).toBe('code');
    expect(checkInQueryKind('98765 43210')).toBe('phone');
    expect(checkInQueryKind('+91 9876543210')).toBe('phone');
    expect(checkInQueryKind('987')).toBe('phone');
    expect(checkInQueryKind('98')).toBe('empty');
    expect(checkInQueryKind('As')).toBe('name');
    expect(checkInQueryKind('A')).toBe('empty');
    expect(checkInQueryKind('   ')).toBe('empty');
  });
  it('searches a phone without spaces or +91', () => {
    expect(checkInSearchTerm('+91 98765 43210')).toBe('9876543210');
    expect(checkInSearchTerm('98765-43210')).toBe('9876543210');
    expect(checkInSearchTerm('098765 43210')).toBe('9876543210');
    expect(checkInSearchTerm('(98765) 43210')).toBe('9876543210');
    expect(checkInSearchTerm(' Asha ')).toBe('Asha');
  });
});

describe('the member app’s signed check-in code', () => {
  const signed = 'AC1.12.345.1790000000.abcdefghijklmnopqrstuvwxyzABCDEF';
  it('goes to the server as it is, as a code (no member search)', () => {
    expect(checkInQueryKind(`  ${signed} `)).toBe('code');
    expect(checkInTarget(` ${signed}`, [], null)).toEqual({ member_code: signed, label: 'The member app’s code' });
    expect(signedCheckInCode('MEM-00042')).toBeNull();
  });
});

describe('checkInTarget', () => {
  const asha: Suggestion = { id: 1, member_code: 'MEM-00042', phone: '9876543210', full_name: 'Asha Rao' };
  const ashok: Suggestion = { id: 2, member_code: 'MEM-00043', phone: '9876500000', full_name: 'Ashok Kumar' };

  it('takes the highlighted suggestion first', () => {
    expect(checkInTarget('ash', [asha, ashok], 1)).toEqual({ member: 2, label: 'Ashok Kumar' });
  });
  it('sends a typed code as it is, or as the member it matches', () => {
    expect(checkInTarget('mem-99', [], null)).toEqual({ member_code: 'MEM-00099', label: 'MEM-00099' });
    expect(checkInTarget('mem-42', [ashok, asha], null)).toEqual({ member: 1, label: 'Asha Rao' });
  });
  it('takes the one member with that phone, or the only match', () => {
    expect(checkInTarget('98765 43210', [asha, ashok], null)).toEqual({ member: 1, label: 'Asha Rao' });
    expect(checkInTarget('Asha R', [asha], null)).toEqual({ member: 1, label: 'Asha Rao' });
  });
  it('checks in nobody when the user must choose', () => {
    expect(checkInTarget('Ash', [asha, ashok], null)).toBeNull();
    expect(checkInTarget('Zed', [], null)).toBeNull();
    expect(checkInTarget('', [asha], null)).toBeNull();
  });
});

describe('refusalText', () => {
  it("reads the server's reason", () => {
    expect(refusalText({ detail: 'Membership expired on 3 Nov 2026.' })).toBe('Membership expired on 3 Nov 2026.');
    expect(refusalText({ member: ['Member is frozen until 30 Nov 2026.'] })).toBe('Member is frozen until 30 Nov 2026.');
    expect(refusalText('Plain text')).toBe('Plain text');
    expect(refusalText(null)).toBeNull();
    expect(refusalText({})).toBeNull();
  });
});

describe('secondSessionQuestion', () => {
  it("reads the server's question about a second session, and nothing else", () => {
    const question = 'Asha Rao (MEM-00042) already used a session of PT 12 today (9 sessions left). Check in for a second session …';
    expect(secondSessionQuestion({ second_session: [question] })).toBe(question);
    expect(secondSessionQuestion({ detail: 'All 12 sessions of the membership have been used.' })).toBeNull();
    expect(secondSessionQuestion({ member: ['No member has the code "X".'] })).toBeNull();
    expect(secondSessionQuestion(null)).toBeNull();
  });
});

describe('monthModePivot', () => {
  const sums = (receipts: number, refunds = 0) => ({
    receipts: receipts.toFixed(2),
    refunds: refunds.toFixed(2),
    net: (receipts - refunds).toFixed(2),
  });
  it('puts months down and modes across (most collected first), with 0 where a mode took nothing', () => {
    const pivot = monthModePivot({
      rows: [
        { month: '2026-02', label: 'Feb 2026', ...sums(500, 100) },
        { month: '2026-01', label: 'Jan 2026', ...sums(2000) },
      ],
      by_mode: [
        { payment_mode: 'Cash', ...sums(700, 100) },
        { payment_mode: 'UPI', ...sums(1800) },
      ],
      by_month_mode: [
        { month: '2026-01', payment_mode: 'UPI', ...sums(1500) },
        { month: '2026-01', payment_mode: 'Cash', ...sums(500) },
        { month: '2026-02', payment_mode: 'UPI', ...sums(300) },
        { month: '2026-02', payment_mode: 'Cash', ...sums(200, 100) },
      ],
      total: sums(2500, 100),
    });
    expect(pivot.modes).toEqual(['UPI', 'Cash']);
    expect(pivot.rows).toEqual([
      { month: '2026-01', label: 'Jan 2026', amounts: [1500, 500], refunds: 0, net: 2000 },
      { month: '2026-02', label: 'Feb 2026', amounts: [300, 200], refunds: 100, net: 400 },
    ]);
    expect(pivot.modeTotals).toEqual([1800, 700]);
    expect(pivot.refunds).toBe(100);
    expect(pivot.net).toBe(2400);
  });
  it('keeps a month without payments as a row of zeros', () => {
    const pivot = monthModePivot({
      rows: [{ month: '2026-03', label: 'Mar 2026', ...sums(0) }],
      by_mode: [],
      by_month_mode: [],
      total: sums(0),
    });
    expect(pivot.rows).toEqual([{ month: '2026-03', label: 'Mar 2026', amounts: [], refunds: 0, net: 0 }]);
  });
});

describe('percentOf', () => {
  it('gives one decimal and 0 for nothing', () => {
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(3, 0)).toBe(0);
  });
});

describe('monthText', () => {
  it('names a month on an axis and in a tooltip', () => {
    expect(monthText('2026-03')).toBe('Mar ’26');
    expect(monthText('2026-03', true)).toBe('March 2026');
    expect(monthText('nonsense')).toBe('nonsense');
  });
});
